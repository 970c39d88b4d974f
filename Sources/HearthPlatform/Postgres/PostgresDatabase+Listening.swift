import Foundation
import PostgresNIO

/// The channels statements notify at commit (`pg_notify`), and the connections that listen.
extension PostgresDatabase: EventNotifying, JobNotifying {
  package static let eventChannel = "hearth_events"
  package static let jobChannel = "hearth_jobs"

  /// Holds one connection that LISTENs for appends made by any process on this database.
  public func listenForEvents(_ wake: @escaping @Sendable (String?) -> Void) async throws {
    await runStarted.value
    do {
      try await client.withConnection { connection in
        try await connection.listen(on: Self.eventChannel) { notifications in
          wake(nil)
          for try await notification in notifications { wake(notification.payload) }
        }
      }
    } catch {
      throw fault(error)
    }
  }

  /// Holds one connection that LISTENs for enqueues made by any process on this database.
  public func listenForJobs(_ wake: @escaping @Sendable () -> Void) async throws {
    await runStarted.value
    do {
      try await client.withConnection { connection in
        try await connection.listen(on: Self.jobChannel) { notifications in
          for try await _ in notifications { wake() }
        }
      }
    } catch {
      throw fault(error)
    }
  }
}
