import Foundation
import HearthCore
import HearthSQL
import Logging
import ServiceLifecycle

/// Deletes what has served its time, once an hour in every process: events older than the
/// resume window (the newest is always kept), finished jobs, ended sessions, old security log
/// lines and log-in attempts. Deletes from several processes at once are harmless.
public struct Housekeeping: Service {
  /// A stream or poll may resume from a cursor this old; an older one answers 410.
  public static let eventsKept: TimeInterval = 30 * 86400
  public static let finishedJobsKept: TimeInterval = 30 * 86400
  public static let endedSessionsKept: TimeInterval = 30 * 86400
  static let batch = 5000

  public struct Swept: Equatable, Sendable {
    public var events: Int
    public var jobs: Int
    public var sessions: Int

    public init(events: Int = 0, jobs: Int = 0, sessions: Int = 0) {
      self.events = events
      self.jobs = jobs
      self.sessions = sessions
    }
  }

  let env: HearthEnvironment
  let interval: Duration

  public init(env: HearthEnvironment, interval: Duration = .seconds(3600)) {
    self.env = env
    self.interval = interval
  }

  public func run() async throws {
    do {
      try await cancelWhenGracefulShutdown {
        while !Task.isCancelled {
          do {
            let swept = try await Self.sweep(env.database, now: env.now())
            if swept != Swept() {
              env.logger.info(
                "Housekeeping",
                metadata: [
                  "events": "\(swept.events)", "jobs": "\(swept.jobs)",
                  "sessions": "\(swept.sessions)",
                ])
            }
          } catch is CancellationError {
            throw CancellationError()
          } catch {
            env.logger.warning("Housekeeping failed; trying again later: \(error)")
          }
          try await env.clock.sleep(for: interval)
        }
      }
    } catch is CancellationError {
      // A graceful shutdown cancels the loop; that is the normal way to stop.
    }
  }

  /// One pass; answers how many rows went.
  @discardableResult
  public static func sweep(_ database: any SQLDatabase, now: Date) async throws -> Swept {
    var swept = Swept()
    let eventCutoff = now.addingTimeInterval(-eventsKept)
    while true {
      // In batches, so a long-idle database does not hold the write lock for long
      let last: Int64? = try await database.row(
        """
        SELECT MAX(seq) AS last FROM (
          SELECT seq FROM events
          WHERE created_at < \(eventCutoff) AND seq < (SELECT MAX(seq) FROM events)
          ORDER BY seq LIMIT \(batch)) AS old
        """)?["last"]
      guard let last else { break }
      let count: Int = try await database.transaction { tx in
        let count: Int =
          try await tx.row(
            "SELECT COUNT(*) AS n FROM events WHERE seq <= \(last) AND created_at < \(eventCutoff)"
          )?["n"] ?? 0
        try await tx.execute(
          "DELETE FROM events WHERE seq <= \(last) AND created_at < \(eventCutoff)")
        return count
      }
      swept.events += count
      if count < batch { break }
    }
    let finished = [JobStatus.succeeded, .dead, .cancelled].map(\.rawValue)
    let jobCutoff = now.addingTimeInterval(-finishedJobsKept)
    let sessionCutoff = now.addingTimeInterval(-endedSessionsKept)
    (swept.jobs, swept.sessions) = try await database.transaction { tx in
      let jobs: Int =
        try await tx.row(
          """
          SELECT COUNT(*) AS n FROM jobs
          WHERE status IN \(list: finished) AND updated_at < \(jobCutoff)
          """)?["n"] ?? 0
      try await tx.execute(
        "DELETE FROM jobs WHERE status IN \(list: finished) AND updated_at < \(jobCutoff)")
      let sessions: Int =
        try await tx.row(
          """
          SELECT COUNT(*) AS n FROM sessions
          WHERE expires_at < \(sessionCutoff) OR revoked_at < \(sessionCutoff)
          """)?["n"] ?? 0
      try await tx.execute(
        """
        DELETE FROM sessions WHERE expires_at < \(sessionCutoff) OR revoked_at < \(sessionCutoff)
        """)
      try await tx.execute(
        "DELETE FROM login_attempts WHERE at < \(now.addingTimeInterval(-LoginLimits.kept))")
      try await tx.execute(
        "DELETE FROM security_log WHERE at < \(now.addingTimeInterval(-SecurityLog.kept))")
      return (jobs, sessions)
    }
    return swept
  }
}
