import Foundation
import HearthEngines
import HearthSQLite
import HearthTesting
import Testing

@testable import HearthPlatform

/// SQLite has one write connection: a transaction that awaits between its statements keeps it
/// inside BEGIN, and a plain write made meanwhile must not become part of that transaction.
@Suite struct SQLiteWriteTests: StoreFixtures {
  struct Abandoned: Error {}

  @Test func aWriteMadeWhileATransactionAwaitsIsNotPartOfIt() async throws {
    let directory = NSTemporaryDirectory() + "hearth-sqlite-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let database = try SQLiteDatabase(path: directory + "/hearth.sqlite")
    try await database.migrate([])
    let (opened, openedSignal) = AsyncStream<Void>.makeStream()
    let (abandon, abandonSignal) = AsyncStream<Void>.makeStream()

    // A transaction appends an event, then waits, then is rolled back
    let transaction = Task {
      try await database.transaction { tx in
        try await tx.appendEvent(NewEvent(type: "abandoned", audience: .user("u")), at: Date())
        openedSignal.yield()
        for await _ in abandon { break }
        throw Abandoned()
      }
    }
    for await _ in opened { break }
    // Meanwhile a plain write: it must wait for the transaction, not run inside it
    let write = Task { try await database.createUser(Self.user("kept")) }
    abandonSignal.yield()
    await #expect(throws: Abandoned.self) { try await transaction.value }
    try await write.value

    #expect(try await database.user(id: "kept") != nil)
    #expect(try await database.events(after: 0, limit: 10).isEmpty)
  }
}
