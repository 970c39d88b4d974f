import Foundation
import HearthSQL
import PostgresNIO

/// The connections that listen on the channels statements notify at commit (`pg_notify`).
extension PostgresDatabase: EventNotifying, JobNotifying {
  /// Holds one connection that LISTENs for appends made by any process on this database.
  public func listenForEvents(_ wake: @escaping @Sendable (String?) -> Void) async throws {
    await runStarted.value
    do {
      try await client.withConnection { connection in
        try await connection.listen(on: NotifyChannel.events) { notifications in
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
        try await connection.listen(on: NotifyChannel.jobs) { notifications in
          for try await _ in notifications { wake() }
        }
      }
    } catch {
      throw fault(error)
    }
  }
}
