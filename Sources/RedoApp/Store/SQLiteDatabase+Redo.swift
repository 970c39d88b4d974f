import Foundation
import GRDB
import HearthPlatform

extension SQLiteDatabase {
  public func registerRedoKey(_ key: RedoDeviceKey) async throws {
    try await write { db in
      if let owner = try String.fetchOne(
        db, sql: "SELECT user_id FROM redo_keys WHERE public_key = ?", arguments: [key.publicKey])
      {
        if owner != key.userID { throw StoreError.duplicate("publicKey") }
        return
      }
      try db.execute(
        sql: "INSERT INTO redo_keys (public_key, user_id, label, created_at) VALUES (?, ?, ?, ?)",
        arguments: [key.publicKey, key.userID, key.label, key.createdAt.sqliteValue])
    }
  }

  public func redoKeys(userID: String) async throws -> [RedoDeviceKey] {
    try await read { db in
      try Row.fetchAll(
        db, sql: "SELECT * FROM redo_keys WHERE user_id = ? ORDER BY created_at, public_key",
        arguments: [userID]
      ).map {
        RedoDeviceKey(
          publicKey: $0["public_key"], userID: $0["user_id"], label: $0["label"],
          createdAt: $0.date("created_at"))
      }
    }
  }

  public func redoNodes(taskId: String) async throws -> [StoredRedoNode] {
    try await read { db in try Self.redoNodes(db, taskId: taskId) }
  }

  static func redoNodes(_ db: Database, taskId: String) throws -> [StoredRedoNode] {
    try Row.fetchAll(
      db, sql: "SELECT * FROM redo_nodes WHERE task_id = ? ORDER BY seq, id", arguments: [taskId]
    ).map(Self.redoNode(from:))
  }

  public func appendRedoNodes(
    taskId: String, uploaderID: String, title: String, at: Date,
    decide: @escaping @Sendable (String?, [StoredRedoNode]) throws -> [NewRedoNode]
  ) async throws -> [StoredRedoNode] {
    try await write { db in
      let resource = RedoEvents.resource(taskId: taskId)
      let owner = try Self.fetchShare(db, resource)?.ownerID
      let nodes = try decide(owner, try Self.redoNodes(db, taskId: taskId))
      guard !nodes.isEmpty else { return [] }
      if owner == nil {
        try db.execute(
          sql: """
            INSERT INTO shares (app, kind, resource_id, owner_id, title, created_at)
            VALUES (?, ?, ?, ?, ?, ?)
            """,
          arguments: [resource.app, resource.kind, resource.id, uploaderID, title, at.sqliteValue])
      }
      let sequence = try Self.insertEvent(
        db, RedoEvents.appended(taskId: taskId, nodeIds: nodes.map(\.id)), at: at)
      return try nodes.map { node in
        try db.execute(
          sql:
            "INSERT INTO redo_nodes (id, task_id, json, uploader_id, seq) VALUES (?, ?, ?, ?, ?)",
          arguments: [node.id, taskId, node.json, uploaderID, sequence])
        return StoredRedoNode(
          id: node.id, taskId: taskId, json: node.json, uploaderID: uploaderID, sequence: sequence)
      }
    }
  }

  private static let visibleTasks = """
    SELECT resource_id FROM shares WHERE app = 'redo' AND kind = 'task' AND owner_id = ?
    UNION SELECT resource_id FROM participants
      WHERE app = 'redo' AND kind = 'task' AND user_id = ? AND status = 'accepted'
    """

  public func redoNodes(visibleTo userID: String, after cursor: Int64, limit: Int) async throws
    -> [StoredRedoNode]
  {
    try await read { db in
      try Row.fetchAll(
        db,
        sql: """
          WITH visible AS (\(Self.visibleTasks)),
          page AS (SELECT seq FROM redo_nodes WHERE task_id IN visible AND seq > ?
            ORDER BY seq LIMIT ?)
          SELECT * FROM redo_nodes WHERE task_id IN visible AND seq > ?
            AND seq <= (SELECT MAX(seq) FROM page)
          ORDER BY seq, id
          """, arguments: [userID, userID, cursor, max(1, limit), cursor]
      ).map(Self.redoNode(from:))
    }
  }

  public func redoTaskIDs(visibleTo userID: String) async throws -> [String] {
    try await read { db in
      try String.fetchAll(
        db, sql: "SELECT resource_id FROM (\(Self.visibleTasks)) ORDER BY resource_id",
        arguments: [userID, userID])
    }
  }

  static func redoNode(from row: Row) -> StoredRedoNode {
    StoredRedoNode(
      id: row["id"], taskId: row["task_id"], json: row["json"], uploaderID: row["uploader_id"],
      sequence: row["seq"])
  }
}
