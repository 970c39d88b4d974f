/// The channels the platform's statements notify at commit (`pg_notify`) and the engine
/// listens on.
public enum NotifyChannel {
  public static let events = "hearth_events"
  public static let jobs = "hearth_jobs"
}

/// A store that can say when events commit, including events written by other processes.
public protocol EventNotifying: Sendable {
  /// Calls `wake` each time events commit on the shared database, with what the notification
  /// says (nil when listening starts); returns when cancelled.
  func listenForEvents(_ wake: @escaping @Sendable (String?) -> Void) async throws
}

/// A store that can say when jobs are enqueued, including by other processes.
public protocol JobNotifying: Sendable {
  /// Calls `wake` each time a job is enqueued on the shared database; returns when cancelled.
  func listenForJobs(_ wake: @escaping @Sendable () -> Void) async throws
}
