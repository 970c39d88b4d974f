import CanonicalJSON
import Foundation
import GRDB
import RedoCore

/// A redo home's nodes and its verified-state cache, in one SQLite file.
///
/// Only nodes that passed validation and replay are stored. Each task's replayed state is cached
/// for its current heads: triggers mark a task stale when its nodes or heads change by any writer,
/// the cache write clears the mark, and a read that finds a stale task re-validates everything.
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
    migrator.registerMigration("2026-11-23-stale-tasks") { db in
      // Whole states move out of the summary rows that `redo list` scans. Triggers mark a task
      // stale whenever its nodes or heads change, whoever writes: a read then checks one small
      // table instead of every task's heads, and the cache is rebuilt from the nodes.
      var sql = """
        DROP TABLE "task";
        CREATE TABLE "task" (
          "taskId" TEXT PRIMARY KEY, "title" TEXT, "priority" INTEGER,
          "storyPoints" INTEGER, "frequencyDays" INTEGER, "archived" INTEGER, "draft" INTEGER,
          "created" INTEGER, "deadline" INTEGER);
        CREATE TABLE "taskState" ("taskId" TEXT PRIMARY KEY, "state" BLOB NOT NULL);
        CREATE TABLE "staleTask" ("taskId" TEXT PRIMARY KEY);
        INSERT INTO "staleTask" SELECT DISTINCT "taskId" FROM "node";

        """
      for table in ["node", "head"] {
        sql += """
          CREATE TRIGGER "\(table)_inserted" AFTER INSERT ON "\(table)" BEGIN
            INSERT OR IGNORE INTO "staleTask" VALUES (NEW."taskId"); END;
          CREATE TRIGGER "\(table)_deleted" AFTER DELETE ON "\(table)" BEGIN
            INSERT OR IGNORE INTO "staleTask" VALUES (OLD."taskId"); END;
          CREATE TRIGGER "\(table)_changed" AFTER UPDATE OF \(table == "node" ? #""id", "taskId", "json""# : #""id", "taskId""#) ON "\(table)" BEGIN
            INSERT OR IGNORE INTO "staleTask" VALUES (OLD."taskId"), (NEW."taskId"); END;

          """
      }
      try db.execute(sql: sql)
    }
    migrator.registerMigration("2026-11-29-refused") { db in
      // Nodes the server refused for good, with everything built on them: out of the replay,
      // kept until the person discards them or keeps a copy as a new task.
      try db.execute(
        sql: """
          CREATE TABLE "refused" (
            "seq" INTEGER PRIMARY KEY AUTOINCREMENT,
            "id" TEXT NOT NULL UNIQUE,
            "taskId" TEXT NOT NULL,
            "json" BLOB NOT NULL,
            "code" TEXT NOT NULL,
            "message" TEXT NOT NULL);
          CREATE INDEX "refused_taskId" ON "refused"("taskId");
          """)
    }
    return migrator
  }

  // MARK: - Writing

  /// Adds nodes that passed `NodeValidator`, after replaying each task they touch with them
  /// (`TaskReplay.admit`: a newcomer never invalidates what is stored).
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
        // What is stored stays valid: a newcomer that would invalidate it is refused instead.
        let existing = try Self.nodes(ofTask: taskId, db)
        let (admitted, refused, task) = TaskReplay.admit(candidates, to: existing)
        if let first = refused.first, !keepValid { throw first }
        rejected += refused
        for node in admitted {
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

  func node(id: String) throws -> RedoNode? {
    try queue.read { db in
      try Data.fetchOne(db, sql: #"SELECT "json" FROM "node" WHERE "id" = ?"#, arguments: [id])
        .map { try NodeValidator.validate(bytes: Array($0)) }
    }
  }

  /// Nodes not yet on the server, of one task or (nil) of all.
  func unsyncedCount(ofTask taskId: String? = nil) throws -> Int {
    try queue.read { db in
      try Int.fetchOne(
        db,
        sql: #"SELECT COUNT(*) FROM "node" WHERE "synced" = 0 AND (?1 IS NULL OR "taskId" = ?1)"#,
        arguments: [taskId]) ?? 0
    }
  }

  func hasNodes(ofTask taskId: String) throws -> Bool {
    try queue.read { db in
      try Bool.fetchOne(
        db, sql: #"SELECT 1 FROM "node" WHERE "taskId" = ? LIMIT 1"#, arguments: [taskId]) ?? false
    }
  }

  /// Drops a task this device may no longer hold, such as one its owner stopped sharing.
  func forget(taskId: String) throws {
    try queue.write { db in
      for table in ["node", "head", "task", "taskState", "staleTask"] {
        try db.execute(sql: "DELETE FROM \"\(table)\" WHERE \"taskId\" = ?", arguments: [taskId])
      }
    }
  }

  static func cache(taskId: String, task: RedoTask?, _ db: Database) throws {
    try db.execute(
      sql: """
        INSERT OR REPLACE INTO "task" ("taskId", "title", "priority",
          "storyPoints", "frequencyDays", "archived", "draft", "created", "deadline")
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
        """,
      arguments: StatementArguments(
        [
          taskId, task?.title, task?.priority,
          task?.storyPoints, task?.frequencyDays, task?.archived, task?.isDraft,
          task?.created.milliseconds, task?.currentTodo?.deadline.milliseconds,
        ] as [(any DatabaseValueConvertible)?]))
    if let task {
      try db.execute(
        sql: #"INSERT OR REPLACE INTO "taskState" ("taskId", "state") VALUES (?, ?)"#,
        arguments: [taskId, Data(try task.json.canonicalBytes())])
    } else {
      try db.execute(sql: #"DELETE FROM "taskState" WHERE "taskId" = ?"#, arguments: [taskId])
    }
    try db.execute(sql: #"DELETE FROM "staleTask" WHERE "taskId" = ?"#, arguments: [taskId])
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

  /// One task's cached state, unless the task is stale.
  func task(id: String) throws -> RedoTask? {
    try queue.read { db in
      guard
        let data = try Data.fetchOne(
          db,
          sql: """
            SELECT "state" FROM "taskState" WHERE "taskId" = ?1
            AND NOT EXISTS (SELECT 1 FROM "staleTask" WHERE "taskId" = ?1)
            """, arguments: [id]),
        let json = try? JSONParser.parse(Array(data))
      else { return nil }
      return RedoTask(json: json)
    }
  }

  /// The cached state of every live task. If any task is stale, everything is validated again
  /// and the cache rebuilt first.
  func tasks() throws -> [RedoTask] {
    try readCache(
      columns: #""state""#, from: #""task" LEFT JOIN "taskState" USING ("taskId")"#
    ) { row in
      guard let data = row[1] as Data? else { return .deleted }
      guard let json = try? JSONParser.parse(Array(data)), let task = RedoTask(json: json) else {
        return .unreadable
      }
      return .task(task)
    }
  }

  /// Every live task as `redo list` shows it: its fields and only its current todo, read from
  /// the cache's columns, checked as for `tasks()`.
  func summaries() throws -> [RedoTask] {
    try readCache(
      columns:
        #""title", "priority", "storyPoints", "frequencyDays", "archived", "draft", "created", "deadline""#
    ) { row in
      guard let title: String = row[1] else { return .deleted }
      var task = RedoTask(
        id: row[0], userId: "", title: title, created: WallTime(milliseconds: row[7]))
      task.priority = row[2]
      task.storyPoints = row[3]
      task.frequencyDays = row[4]
      task.archived = row[5]
      // Only what ranking and due texts read: the current todo's deadline, or a done todo.
      if let deadline = row[8] as Int64? {
        task.todos = [Self.summaryTodo(deadline: WallTime(milliseconds: deadline), completed: nil)]
      } else if !(row[6] as Bool) {
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

  /// Reads each cached task (`taskId`, then `columns`) unless some task is stale; then everything
  /// is validated again and the rebuilt cache read.
  private func readCache(
    columns: String, from source: String = #""task""#, _ decode: (Row) -> CachedRow
  ) throws -> [RedoTask] {
    let tasks = try queue.read { db -> [RedoTask]? in
      guard try Bool.fetchOne(db, sql: #"SELECT EXISTS (SELECT 1 FROM "staleTask")"#) == false
      else { return nil }
      var tasks: [RedoTask] = []
      let rows = try Row.fetchCursor(db, sql: #"SELECT "taskId", \#(columns) FROM \#(source)"#)
      while let row = try rows.next() {
        switch decode(row) {
        case .task(let task): tasks.append(task)
        case .deleted: continue
        case .unreadable: return nil
        }
      }
      return tasks
    }
    if let tasks { return tasks }
    // A node that no longer passes (a rule changed since it was stored) is removed, and said so.
    for rejection in try verifyAll().rejections {
      FileHandle.standardError.write(Data("removed \(rejection)\n".utf8))
    }
    return try readCache(columns: columns, from: source, decode)
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
      let keep = replay.validNodeIds()
      for row in rows where !keep.contains(row["id"]) {
        try db.execute(sql: #"DELETE FROM "node" WHERE "id" = ?"#, arguments: [row["id"] as String])
      }
      try db.execute(sql: #"DELETE FROM "head"; DELETE FROM "task"; DELETE FROM "taskState""#)
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
      try db.execute(sql: #"DELETE FROM "staleTask""#)
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
