import Foundation
import HearthPlatform
import PostgresNIO

/// Node sequences are event sequences (see PostgresDatabase+Events), so they commit in order.
/// Appends to one task take a transaction-scoped advisory lock on the task id.
extension HearthPlatform.PostgresDatabase {
  public func registerRedoKey(_ key: RedoDeviceKey) async throws {
    try await transaction { connection in
      let owner = try await connection.query(
        "SELECT user_id FROM redo_keys WHERE public_key = \(key.publicKey) FOR UPDATE",
        logger: self.logger
      ).collect().first?.decode(String.self)
      if let owner {
        if owner != key.userID { throw StoreError.duplicate("publicKey") }
        return
      }
      try await connection.run(
        """
        INSERT INTO redo_keys (public_key, user_id, label, created_at)
        VALUES (\(key.publicKey), \(key.userID), \(key.label), \(key.createdAt))
        """, logger: self.logger)
    }
  }

  public func redoKeys(userID: String) async throws -> [RedoDeviceKey] {
    try await queryRows(
      """
      SELECT public_key, user_id, label, created_at FROM redo_keys WHERE user_id = \(userID)
      ORDER BY created_at, public_key
      """
    ).map { row in
      let (publicKey, userID, label, createdAt) = try row.decode(
        (String, String, String, Date).self)
      return RedoDeviceKey(publicKey: publicKey, userID: userID, label: label, createdAt: createdAt)
    }
  }

  public func redoNodes(taskId: String) async throws -> [StoredRedoNode] {
    try await queryRows(
      """
      SELECT id, task_id, json, uploader_id, seq FROM redo_nodes WHERE task_id = \(taskId)
      ORDER BY seq, id
      """
    ).map(Self.redoNode(from:))
  }

  public func appendRedoNodes(
    taskId: String, uploaderID: String, title: String, at: Date,
    decide: @escaping @Sendable (String?, [StoredRedoNode]) throws -> [NewRedoNode]
  ) async throws -> [StoredRedoNode] {
    try await transaction { connection in
      let logger = self.logger
      try await connection.run(
        "SELECT pg_advisory_xact_lock(hashtextextended(\(taskId), 0))", logger: logger)
      let resource = RedoEvents.resource(taskId: taskId)
      let owner = try await connection.query(
        """
        SELECT owner_id FROM shares
        WHERE app = \(resource.app) AND kind = \(resource.kind) AND resource_id = \(resource.id)
        """, logger: logger
      ).collect().first?.decode(String.self)
      let stored = try await connection.query(
        """
        SELECT id, task_id, json, uploader_id, seq FROM redo_nodes WHERE task_id = \(taskId)
        ORDER BY seq, id
        """, logger: logger
      ).collect().map(Self.redoNode(from:))
      let nodes = try decide(owner, stored)
      guard !nodes.isEmpty else { return [] }
      if owner == nil {
        try await connection.run(
          """
          INSERT INTO shares (app, kind, resource_id, owner_id, title, created_at)
          VALUES (\(resource.app), \(resource.kind), \(resource.id), \(uploaderID), \(title), \(at))
          """, logger: logger)
      }
      let sequence = try await Self.appendEvent(
        RedoEvents.appended(taskId: taskId, nodeIds: nodes.map(\.id)), at: at, on: connection,
        logger: logger)
      var result: [StoredRedoNode] = []
      for node in nodes {
        try await connection.run(
          """
          INSERT INTO redo_nodes (id, task_id, json, uploader_id, seq)
          VALUES (\(node.id), \(taskId), \(node.json), \(uploaderID), \(sequence))
          """, logger: logger)
        result.append(
          StoredRedoNode(
            id: node.id, taskId: taskId, json: node.json, uploaderID: uploaderID,
            sequence: sequence))
      }
      return result
    }
  }

  public func redoNodes(visibleTo userID: String, after cursor: Int64, limit: Int) async throws
    -> [StoredRedoNode]
  {
    try await queryRows(
      """
      WITH visible AS (
        SELECT resource_id FROM shares WHERE app = 'redo' AND kind = 'task' AND owner_id = \(userID)
        UNION SELECT resource_id FROM participants
          WHERE app = 'redo' AND kind = 'task' AND user_id = \(userID) AND status = 'accepted'),
      page AS (SELECT seq FROM redo_nodes WHERE task_id IN (SELECT resource_id FROM visible)
        AND seq > \(cursor) ORDER BY seq LIMIT \(max(1, limit)))
      SELECT id, task_id, json, uploader_id, seq FROM redo_nodes
      WHERE task_id IN (SELECT resource_id FROM visible) AND seq > \(cursor)
        AND seq <= (SELECT MAX(seq) FROM page)
      ORDER BY seq, id
      """
    ).map(Self.redoNode(from:))
  }

  public func redoTaskIDs(visibleTo userID: String) async throws -> [String] {
    try await queryRows(
      """
      SELECT resource_id FROM shares WHERE app = 'redo' AND kind = 'task' AND owner_id = \(userID)
      UNION SELECT resource_id FROM participants
        WHERE app = 'redo' AND kind = 'task' AND user_id = \(userID) AND status = 'accepted'
      ORDER BY resource_id
      """
    ).map { try $0.decode(String.self) }
  }

  static func redoNode(from row: PostgresRow) throws -> StoredRedoNode {
    let (id, taskId, json, uploaderID, sequence) = try row.decode(
      (String, String, String, String, Int64).self)
    return StoredRedoNode(
      id: id, taskId: taskId, json: json, uploaderID: uploaderID, sequence: sequence)
  }
}
