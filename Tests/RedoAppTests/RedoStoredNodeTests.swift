import CanonicalJSON
import HearthCore
import HearthPlatform
import HearthTesting
import Logging
import RedoCore
import Synchronization
import Testing

@testable import RedoApp

/// Stored nodes that fail when read back (a rule changed since they were stored) are left out of
/// the state and logged with their ids, never dropped silently.
@Suite struct RedoStoredNodeTests: StoreFixtures {
  /// Every warning's message and metadata, as one line each.
  final class Warnings: LogHandler, @unchecked Sendable {
    let lines = Mutex<[String]>([])
    var logLevel: Logger.Level = .warning
    var metadata: Logger.Metadata = [:]

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
      get { metadata[key] }
      set { metadata[key] = newValue }
    }

    func log(
      level: Logger.Level, message: Logger.Message, metadata: Logger.Metadata?, source: String,
      file: String, function: String, line: UInt
    ) {
      let fields = (metadata ?? [:]).sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
      lines.withLock { $0.append("\(message) \(fields.joined(separator: " "))") }
    }
  }

  @Test(arguments: StoreFactory.all)
  func storedNodesThatFailOnReadAreLoggedWithTheirIds(_ factory: StoreFactory) async throws {
    try await factory.withDatabase { db in
      try await db.createUser(Self.user("ann"))
      let ann = try #require(try await db.user(id: "ann"))
      // Given a task stored with a node whose payload no longer passes, and one whose lamport
      // no longer does
      let key = RedoKey.generate()
      let taskId = "550e8400-e29b-41d4-a716-446655440000"
      let create = key.sign(
        NodeDraft(
          taskId: taskId, parents: [], lamport: 1, action: .create,
          payload: ["title": "Water the plants"]),
        deviceId: "device", wall: "2026-11-20T10:00:00.000Z")
      let badPayload = key.sign(
        NodeDraft(
          taskId: taskId, parents: [create.id], lamport: 2, action: .update,
          payload: ["colour": "green"]),
        deviceId: "device", wall: "2026-11-20T10:00:01.000Z")
      let badLamport = key.sign(
        NodeDraft(
          taskId: taskId, parents: [create.id], lamport: 5, action: .update,
          payload: ["priority": 5]),
        deviceId: "device", wall: "2026-11-20T10:00:02.000Z")
      let stored = try [create, badPayload, badLamport].map {
        NewRedoNode(id: $0.id, json: try $0.json.canonicalString())
      }
      _ = try await db.redoStore.appendRedoNodes(
        taskId: taskId, uploaderID: "ann", title: "Water the plants", at: Self.at(1)
      ) { _, _ in stored }
      let warnings = Warnings()
      var config = HearthConfig.testing(databasePath: ":memory:")
      config.logLevel = "warning"
      let env = HearthEnvironment(
        config: config, database: db, secret: String(repeating: "ab", count: 32),
        logger: Logger(label: "redo-stored-node-tests") { _ in warnings })

      // When the task is read
      let tasks = try await RedoTasks(env: env).visible(to: ann)

      // Then it is there without them, and each is logged with its id and reason
      #expect(tasks.map(\.title) == ["Water the plants"])
      #expect(tasks.first?.nodeCount == 1)
      let lines = warnings.lines.withLock { $0 }
      #expect(lines.count == 2)
      #expect(
        lines.contains {
          $0.hasPrefix("Stored Redo node left out: it fails on read node=\(badPayload.id) ")
            && $0.contains("colour")
        })
      #expect(
        lines.contains {
          $0.hasPrefix("Stored Redo node left out: replay refuses it code=E_LAMPORT_VIOLATION ")
            && $0.contains("node=\(badLamport.id)")
        })
    }
  }
}
