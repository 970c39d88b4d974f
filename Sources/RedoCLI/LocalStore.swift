import CanonicalJSON
import Foundation
import GRDB
import RedoCore

/// A redo home's nodes and its verified-state cache, in one SQLite file.
///
/// Only nodes that passed validation and replay are stored. Each task's replayed state is cached
/// with the heads it was computed from; a read that finds the heads changed re-validates everything.
final class LocalStore {
  let queue: DatabaseQueue

  init(path: String) throws {
    var configuration = Configuration()
    configuration.busyMode = .timeout(5)
    queue = try DatabaseQueue(path: path, configuration: configuration)
    try Self.migrator.migrate(queue)
  }

  static var migrator: DatabaseMigrator {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("2026-11-22-nodes") { db in
      try db.execute(
        sql: """
          CREATE TABLE "node" (
            "seq" INTEGER PRIMARY KEY AUTOINCREMENT,
            "id" TEXT NOT NULL UNIQUE,
            "taskId" TEXT NOT NULL,
            "json" BLOB NOT NULL,
            "synced" INTEGER NOT NULL DEFAULT 0);
          CREATE INDEX "node_taskId" ON "node"("taskId");
          CREATE INDEX "node_unsynced" ON "node"("synced") WHERE "synced" = 0;
          CREATE TABLE "head" ("id" TEXT PRIMARY KEY, "taskId" TEXT NOT NULL);
          CREATE INDEX "head_taskId" ON "head"("taskId");
          CREATE TABLE "task" (
            "taskId" TEXT PRIMARY KEY,
            "heads" TEXT NOT NULL,
            "state" BLOB);
          CREATE TABLE "meta" ("key" TEXT PRIMARY KEY, "value" TEXT NOT NULL);
          """)
    }
    migrator.registerMigration("2026-11-22-task-summary") { db in
      // What `redo list` needs, so that it reads columns instead of decoding every state.
      try db.execute(
        sql: """
          ALTER TABLE "task" ADD COLUMN "title" TEXT;
          ALTER TABLE "task" ADD COLUMN "priority" INTEGER;
          ALTER TABLE "task" ADD COLUMN "storyPoints" INTEGER;
          ALTER TABLE "task" ADD COLUMN "frequencyDays" INTEGER;
          ALTER TABLE "task" ADD COLUMN "archived" INTEGER;
          ALTER TABLE "task" ADD COLUMN "draft" INTEGER;
          ALTER TABLE "task" ADD COLUMN "created" INTEGER;
          ALTER TABLE "task" ADD COLUMN "deadline" INTEGER;
          UPDATE "task" SET "heads" = '';
          """)
    }
    return migrator
  }

  // MARK: - Writing

  /// Adds nodes that passed `NodeValidator`, after replaying each task they touch with them.
  /// A local write is all or nothing: if any node is rejected, nothing is written and the
  /// rejection is thrown. Downloads pass `keepValid`: rejected nodes are left out and reported.
  @discardableResult
  func insert(_ nodes: [RedoNode], synced: Bool = false, keepValid: Bool = false) throws
    -> (added: [String], rejected: [NodeRejection])
  {
    try queue.write { db in
      var fresh: [RedoNode] = []
      var seen = Set<String>()
      for node in nodes where seen.insert(node.id).inserted {
        let exists =
          try Bool.fetchOne(db, sql: #"SELECT 1 FROM "node" WHERE "id" = ?"#, arguments: [node.id])
          ?? false
        if !exists {
          fresh.append(node)
        } else if synced {
          try db.execute(
            sql: #"UPDATE "node" SET "synced" = 1 WHERE "id" = ?"#, arguments: [node.id])
        }
      }
      var added: [String] = []
      var rejected: [NodeRejection] = []
      for (taskId, candidates) in Dictionary(grouping: fresh, by: \.taskId) {
        let existing = try Self.nodes(ofTask: taskId, db)
        let (task, rejections) = TaskReplay.replayTask(existing + candidates)
        let candidateIds = Set(candidates.map(\.id))
        let refused = rejections.filter { candidateIds.contains($0.nodeId ?? "") }
        if let first = refused.first, !keepValid { throw first }
        rejected += refused
        let refusedIds = Set(refused.compactMap(\.nodeId))
        for node in candidates where !refusedIds.contains(node.id) {
          try db.execute(
            sql: #"INSERT INTO "node" ("id", "taskId", "json", "synced") VALUES (?, ?, ?, ?)"#,
            arguments: [node.id, taskId, Data(try node.json.canonicalBytes()), synced])
          try db.execute(
            sql: #"INSERT INTO "head" ("id", "taskId") VALUES (?, ?)"#,
            arguments: [node.id, taskId])
          for parent in node.parents {
            try db.execute(sql: #"DELETE FROM "head" WHERE "id" = ?"#, arguments: [parent])
          }
          added.append(node.id)
        }
        try Self.cache(taskId: taskId, task: task, db)
      }
      return (added, rejected)
    }
  }

  func hasNodes(ofTask taskId: String) throws -> Bool {
    try queue.read { db in
      try Bool.fetchOne(
        db, sql: #"SELECT 1 FROM "node" WHERE "taskId" = ? LIMIT 1"#, arguments: [taskId]) ?? false
    }
  }

  private static func cache(taskId: String, task: RedoTask?, _ db: Database) throws {
    let heads = try String.fetchAll(
      db, sql: #"SELECT "id" FROM "head" WHERE "taskId" = ? ORDER BY "id""#, arguments: [taskId])
    let state = try task.map { Data(try $0.json.canonicalBytes()) }
    try db.execute(
      sql: """
        INSERT OR REPLACE INTO "task" ("taskId", "heads", "state", "title", "priority",
          "storyPoints", "frequencyDays", "archived", "draft", "created", "deadline")
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """,
      arguments: StatementArguments(
        [
          taskId, heads.joined(separator: " "), state, task?.title, task?.priority,
          task?.storyPoints, task?.frequencyDays, task?.archived, task?.isDraft,
          task?.created.milliseconds, task?.currentTodo?.deadline.milliseconds,
        ] as [(any DatabaseValueConvertible)?]))
  }

  // MARK: - Reading

  static func nodes(ofTask taskId: String, _ db: Database) throws -> [RedoNode] {
    try Data.fetchAll(
      db, sql: #"SELECT "json" FROM "node" WHERE "taskId" = ?"#, arguments: [taskId]
    )
    .map { try NodeValidator.validate(bytes: Array($0)) }
  }

  func nodes(ofTask taskId: String) throws -> [RedoNode] {
    try queue.read { db in try Self.nodes(ofTask: taskId, db) }
  }

  /// Every stored node as its wire JSON, in the order it was stored.
  func allNodeBytes(unsyncedOnly: Bool = false) throws -> [(id: String, bytes: [UInt8])] {
    try queue.read { db in
      let filter = unsyncedOnly ? #"WHERE "synced" = 0"# : ""
      return try Row.fetchAll(
        db, sql: #"SELECT "id", "json" FROM "node" \#(filter) ORDER BY "seq""#
      )
      .map { ($0["id"], Array($0["json"] as Data)) }
    }
  }

  func markSynced(_ ids: [String]) throws {
    try queue.write { db in
      for id in ids {
        try db.execute(sql: #"UPDATE "node" SET "synced" = 1 WHERE "id" = ?"#, arguments: [id])
      }
    }
  }

  /// One task's cached state, when its cache entry matches its stored heads.
  func task(id: String) throws -> RedoTask? {
    try queue.read { db in
      guard
        let row = try Row.fetchOne(
          db, sql: #"SELECT "heads", "state" FROM "task" WHERE "taskId" = ?"#, arguments: [id]),
        let data = row["state"] as Data?
      else { return nil }
      let heads = try String.fetchAll(
        db, sql: #"SELECT "id" FROM "head" WHERE "taskId" = ? ORDER BY "id""#, arguments: [id])
      guard heads.joined(separator: " ") == row["heads"] as String?,
        let json = try? JSONParser.parse(Array(data))
      else { return nil }
      return RedoTask(json: json)
    }
  }

  /// The cached state of every live task. If a cache entry disagrees with the stored heads,
  /// everything is validated again and the cache rebuilt first.
  func tasks() throws -> [RedoTask] {
    try readCache(columns: #""state""#) { row in
      guard let data = row[2] as Data? else { return .deleted }
      guard let json = try? JSONParser.parse(Array(data)), let task = RedoTask(json: json) else {
        return .unreadable
      }
      return .task(task)
    }
  }

  /// Every live task as `redo list` shows it: its fields and only its current todo, read from
  /// the cache's columns. Heads are checked as for `tasks()`.
  func summaries() throws -> [RedoTask] {
    try readCache(
      columns:
        #""title", "priority", "storyPoints", "frequencyDays", "archived", "draft", "created", "deadline""#
    ) { row in
      guard let title: String = row[2] else { return .deleted }
      var task = RedoTask(
        id: row[0], userId: "", title: title, created: WallTime(milliseconds: row[8]))
      task.priority = row[3]
      task.storyPoints = row[4]
      task.frequencyDays = row[5]
      task.archived = row[6]
      // Only what ranking and due texts read: the current todo's deadline, or a done todo.
      if let deadline = row[9] as Int64? {
        task.todos = [Self.summaryTodo(deadline: WallTime(milliseconds: deadline), completed: nil)]
      } else if !(row[7] as Bool) {
        task.todos = [Self.summaryTodo(deadline: task.created, completed: task.created)]
      }
      return .task(task)
    }
  }

  private enum CachedRow {
    case task(RedoTask)
    case deleted
    case unreadable
  }

  /// Reads each cached task (`taskId`, `heads`, then `columns`) after checking its heads against
  /// the stored ones; any disagreement validates everything again and reads the rebuilt cache.
  private func readCache(columns: String, _ decode: (Row) -> CachedRow) throws -> [RedoTask] {
    let (tasks, consistent) = try queue.read { db -> ([RedoTask], Bool) in
      var expected: [String: String] = [:]
      let heads = try Row.fetchCursor(
        db,
        sql:
          #"SELECT "taskId", group_concat("id", ' ') FROM (SELECT * FROM "head" ORDER BY "id") GROUP BY "taskId""#
      )
      while let row = try heads.next() { expected[row[0]] = row[1] }
      var tasks: [RedoTask] = []
      var cached = 0
      let rows = try Row.fetchCursor(
        db, sql: #"SELECT "taskId", "heads", \#(columns) FROM "task""#)
      while let row = try rows.next() {
        cached += 1
        guard expected[row[0] as String] == row[1] as String? else { return ([], false) }
        switch decode(row) {
        case .task(let task): tasks.append(task)
        case .deleted: continue
        case .unreadable: return ([], false)
        }
      }
      return (tasks, cached == expected.count)
    }
    if consistent { return tasks }
    _ = try verifyAll()
    return try readCache(columns: columns, decode)
  }

  private static func summaryTodo(deadline: WallTime, completed: WallTime?) -> TodoItem {
    TodoItem(
      id: "", deadline: deadline, notes: "", completed: completed, lamport: 0, wall: "", nodeId: "")
  }

  /// Validates every stored node again, drops what fails, and rebuilds heads and the cache.
  func verifyAll() throws -> (checked: Int, rejections: [NodeRejection]) {
    try queue.write { db in
      var nodes: [RedoNode] = []
      var rejections: [NodeRejection] = []
      let rows = try Row.fetchAll(db, sql: #"SELECT "id", "json" FROM "node""#)
      for row in rows {
        do throws(NodeRejection) {
          let node = try NodeValidator.validate(bytes: Array(row["json"] as Data))
          if node.id == row["id"] {
            nodes.append(node)
          } else {
            rejections.append(
              NodeRejection(.hashMismatch, "stored under another id", nodeId: row["id"]))
          }
        } catch {
          rejections.append(error)
        }
      }
      let replay = TaskReplay.replay(nodes)
      rejections += replay.rejections
      let keep = replay.validNodeIds
      for row in rows where !keep.contains(row["id"]) {
        try db.execute(sql: #"DELETE FROM "node" WHERE "id" = ?"#, arguments: [row["id"] as String])
      }
      try db.execute(sql: #"DELETE FROM "head"; DELETE FROM "task""#)
      let kept = nodes.filter { keep.contains($0.id) }
      var hasChild = Set<String>()
      for node in kept { hasChild.formUnion(node.parents) }
      for node in kept where !hasChild.contains(node.id) {
        try db.execute(
          sql: #"INSERT INTO "head" ("id", "taskId") VALUES (?, ?)"#,
          arguments: [node.id, node.taskId])
      }
      for taskId in Set(kept.map(\.taskId)) {
        try Self.cache(taskId: taskId, task: replay.tasks[taskId], db)
      }
      return (rows.count, rejections)
    }
  }

  func meta(_ key: String) throws -> String? {
    try queue.read { db in
      try String.fetchOne(db, sql: #"SELECT "value" FROM "meta" WHERE "key" = ?"#, arguments: [key])
    }
  }

  func setMeta(_ key: String, _ value: String?) throws {
    try queue.write { db in
      if let value {
        try db.execute(
          sql: #"INSERT OR REPLACE INTO "meta" ("key", "value") VALUES (?, ?)"#,
          arguments: [key, value])
      } else {
        try db.execute(sql: #"DELETE FROM "meta" WHERE "key" = ?"#, arguments: [key])
      }
    }
  }
}
