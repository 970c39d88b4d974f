import Foundation
import HearthPlatform
import HearthSQL

/// Redo's tables, written once for SQLite and PostgreSQL. Node sequences are event sequences,
/// so they commit in order. An append holds its task (on PostgreSQL a transaction-scoped
/// advisory lock on the task id; SQLite's transaction holds the whole file), reads the owner
/// and the stored nodes, lets the pure `decide` pick the nodes to keep, and writes them under
/// one event.
struct RedoSQLStore: RedoSyncStore {
  let database: any SQLDatabase

  func registerRedoKey(_ key: RedoDeviceKey) async throws {
    try await database.transaction { tx in
      let lock: SQL = .dialect(sqlite: "", postgres: " FOR UPDATE")
      if let owner = try await tx.row(
        "SELECT user_id FROM redo_keys WHERE public_key = \(key.publicKey)\(lock)")
      {
        if try owner["user_id"] != key.userID { throw StoreError.duplicate("publicKey") }
        return
      }
      try await tx.execute(
        """
        INSERT INTO redo_keys (public_key, user_id, label, created_at)
        VALUES (\(key.publicKey), \(key.userID), \(key.label), \(key.createdAt))
        """)
    }
  }

  func revokeRedoKey(userID: String, publicKey: String) async throws -> Bool {
    try await database.transaction { tx in
      let found =
        try await tx.row(
          "SELECT 1 AS one FROM redo_keys WHERE user_id = \(userID) AND public_key = \(publicKey)")
        != nil
      if found {
        try await tx.execute(
          "DELETE FROM redo_keys WHERE user_id = \(userID) AND public_key = \(publicKey)")
      }
      return found
    }
  }

  func redoKeys(userID: String) async throws -> [RedoDeviceKey] {
    try await database.rows(
      """
      SELECT public_key, user_id, label, created_at FROM redo_keys WHERE user_id = \(userID)
      ORDER BY created_at, public_key
      """
    ).map { row in
      RedoDeviceKey(
        publicKey: try row["public_key"], userID: try row["user_id"], label: try row["label"],
        createdAt: try row["created_at"])
    }
  }

  func redoNodes(taskId: String) async throws -> [StoredRedoNode] {
    try await database.rows(Self.nodes(taskId: taskId)).map(Self.node)
  }

  func appendRedoNodes(
    taskId: String, uploaderID: String, title: String, at: Date,
    decide: @escaping @Sendable (String?, [StoredRedoNode]) throws -> [NewRedoNode]
  ) async throws -> [StoredRedoNode] {
    try await database.transaction { tx in
      if tx.dialect == .postgres {
        try await tx.execute("SELECT pg_advisory_xact_lock(hashtextextended(\(taskId), 0))")
      }
      let resource = RedoEvents.resource(taskId: taskId)
      let owner: String? = try await tx.row(
        """
        SELECT owner_id FROM shares
        WHERE app = \(resource.app) AND kind = \(resource.kind) AND resource_id = \(resource.id)
        """)?["owner_id"]
      let nodes = try decide(owner, try await tx.rows(Self.nodes(taskId: taskId)).map(Self.node))
      guard !nodes.isEmpty else { return [] }
      if owner == nil {
        try await tx.execute(
          """
          INSERT INTO shares (app, kind, resource_id, owner_id, title, created_at)
          VALUES (\(resource.app), \(resource.kind), \(resource.id), \(uploaderID), \(title), \(at))
          """)
      }
      let sequence = try await tx.appendEvent(
        RedoEvents.appended(taskId: taskId, nodeIds: nodes.map(\.id)), at: at)
      let stored = nodes.map { node in
        StoredRedoNode(
          id: node.id, taskId: taskId, json: node.json, uploaderID: uploaderID, sequence: sequence)
      }
      for start in stride(from: 0, to: stored.count, by: 500) {
        let rows = stored[start..<min(start + 500, stored.count)].map { node in
          SQL("(\(node.id), \(taskId), \(node.json), \(uploaderID), \(sequence))")
        }
        try await tx.execute(
          "INSERT INTO redo_nodes (id, task_id, json, uploader_id, seq) VALUES \(SQL.joined(rows))"
        )
      }
      return stored
    }
  }

  func renameRedoTaskShare(taskId: String, title: String) async throws {
    try await database.transaction { tx in
      try await tx.execute(
        """
        UPDATE shares SET title = \(title)
        WHERE app = 'redo' AND kind = 'task' AND resource_id = \(taskId) AND title <> \(title)
        """)
    }
  }

  func redoNodes(visibleTo userID: String, after cursor: Int64, limit: Int) async throws
    -> [StoredRedoNode]
  {
    try await database.rows(
      """
      WITH visible AS (\(Self.visibleTasks(userID))),
      page AS (SELECT seq FROM redo_nodes WHERE task_id IN (SELECT resource_id FROM visible)
        AND seq > \(cursor) ORDER BY seq LIMIT \(max(1, limit)))
      SELECT id, task_id, json, uploader_id, seq FROM redo_nodes
      WHERE task_id IN (SELECT resource_id FROM visible) AND seq > \(cursor)
        AND seq <= (SELECT MAX(seq) FROM page)
      ORDER BY seq, id
      """
    ).map(Self.node)
  }

  func redoTaskIDs(visibleTo userID: String) async throws -> [String] {
    try await database.rows(
      "SELECT resource_id FROM (\(Self.visibleTasks(userID))) AS visible ORDER BY resource_id"
    ).map { try $0["resource_id"] }
  }

  func redoViews(userID: String) async throws -> [RedoSavedView] {
    try await database.rows(
      "SELECT user_id, name, query, updated_at FROM redo_views WHERE user_id = \(userID) ORDER BY name"
    ).map { row in
      RedoSavedView(
        userID: try row["user_id"], name: try row["name"], query: try row["query"],
        updatedAt: try row["updated_at"])
    }
  }

  func putRedoView(_ view: RedoSavedView) async throws {
    try await database.transaction { tx in
      try await tx.execute(
        """
        INSERT INTO redo_views (user_id, name, query, updated_at)
        VALUES (\(view.userID), \(view.name), \(view.query), \(view.updatedAt))
        ON CONFLICT (user_id, name)
        DO UPDATE SET query = excluded.query, updated_at = excluded.updated_at
        """)
    }
  }

  func deleteRedoView(userID: String, name: String) async throws -> Bool {
    try await database.transaction { tx in
      let found =
        try await tx.row(
          "SELECT name FROM redo_views WHERE user_id = \(userID) AND name = \(name)") != nil
      if found {
        try await tx.execute("DELETE FROM redo_views WHERE user_id = \(userID) AND name = \(name)")
      }
      return found
    }
  }

  func redoSettings(userID: String) async throws -> RedoSettings? {
    try await database.row(
      """
      SELECT user_id, due_today_on, due_today_minute, updated_at FROM redo_settings
      WHERE user_id = \(userID)
      """
    ).map { row in
      RedoSettings(
        userID: try row["user_id"], dueTodayOn: try row["due_today_on"],
        dueTodayMinute: try row["due_today_minute"], updatedAt: try row["updated_at"])
    }
  }

  func putRedoSettings(_ settings: RedoSettings) async throws {
    try await database.transaction { tx in
      try await tx.execute(
        """
        INSERT INTO redo_settings (user_id, due_today_on, due_today_minute, updated_at)
        VALUES (\(settings.userID), \(settings.dueTodayOn), \(settings.dueTodayMinute),
          \(settings.updatedAt))
        ON CONFLICT (user_id) DO UPDATE SET due_today_on = excluded.due_today_on,
          due_today_minute = excluded.due_today_minute, updated_at = excluded.updated_at
        """)
    }
  }

  func redoTaskReminder(userID: String, taskId: String) async throws -> RedoTaskReminder? {
    try await database.row(
      """
      SELECT user_id, task_id, minutes_before, updated_at FROM redo_task_reminders
      WHERE user_id = \(userID) AND task_id = \(taskId)
      """
    ).map(Self.taskReminder)
  }

  func putRedoTaskReminder(_ reminder: RedoTaskReminder) async throws {
    try await database.transaction { tx in
      try await tx.execute(
        """
        INSERT INTO redo_task_reminders (user_id, task_id, minutes_before, updated_at)
        VALUES (\(reminder.userID), \(reminder.taskId), \(reminder.minutesBefore),
          \(reminder.updatedAt))
        ON CONFLICT (user_id, task_id) DO UPDATE SET minutes_before = excluded.minutes_before,
          updated_at = excluded.updated_at
        """)
    }
  }

  func deleteRedoTaskReminder(userID: String, taskId: String) async throws -> Bool {
    try await database.transaction { tx in
      let found =
        try await tx.row(
          """
          SELECT 1 AS one FROM redo_task_reminders WHERE user_id = \(userID) AND task_id = \(taskId)
          """) != nil
      if found {
        try await tx.execute(
          "DELETE FROM redo_task_reminders WHERE user_id = \(userID) AND task_id = \(taskId)")
      }
      return found
    }
  }

  func redoTaskReminders(taskId: String) async throws -> [RedoTaskReminder] {
    try await database.rows(
      """
      SELECT user_id, task_id, minutes_before, updated_at FROM redo_task_reminders
      WHERE task_id = \(taskId) ORDER BY user_id
      """
    ).map(Self.taskReminder)
  }

  private static func taskReminder(_ row: SQLRow) throws -> RedoTaskReminder {
    RedoTaskReminder(
      userID: try row["user_id"], taskId: try row["task_id"],
      minutesBefore: try row["minutes_before"], updatedAt: try row["updated_at"])
  }

  private static func visibleTasks(_ userID: String) -> SQL {
    """
    SELECT resource_id FROM shares WHERE app = 'redo' AND kind = 'task' AND owner_id = \(userID)
    UNION SELECT resource_id FROM participants
      WHERE app = 'redo' AND kind = 'task' AND user_id = \(userID) AND status = 'accepted'
    """
  }

  private static func nodes(taskId: String) -> SQL {
    """
    SELECT id, task_id, json, uploader_id, seq FROM redo_nodes WHERE task_id = \(taskId)
    ORDER BY seq, id
    """
  }

  private static func node(_ row: SQLRow) throws -> StoredRedoNode {
    StoredRedoNode(
      id: try row["id"], taskId: try row["task_id"], json: try row["json"],
      uploaderID: try row["uploader_id"], sequence: try row["seq"])
  }
}
