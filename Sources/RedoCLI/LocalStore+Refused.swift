import CanonicalJSON
import Foundation
import GRDB
import RedoCore

/// Changes the server refused for good: out of the replay, kept until the person discards them
/// or keeps a copy as a new task.
extension LocalStore {
  /// Takes final refusals out of the replay: each refused node and every node built on it move
  /// to the refused table (those built on it under the refusal's code and words), and each
  /// task's heads and cached state are rebuilt from what stays.
  func setAside(_ refusals: [SyncRefusal]) throws {
    try queue.write { db in
      var byTask: [String: [SyncRefusal]] = [:]
      for refusal in refusals {
        guard
          let taskId = try String.fetchOne(
            db, sql: #"SELECT "taskId" FROM "node" WHERE "id" = ?"#, arguments: [refusal.nodeId])
        else { continue }
        byTask[taskId, default: []].append(refusal)
      }
      for (taskId, refusals) in byTask {
        let nodes = try Self.nodes(ofTask: taskId, db)
        let direct = Dictionary(
          refusals.map { ($0.nodeId, $0) }, uniquingKeysWith: { first, _ in first })
        let leaving = RefusedWork.closure(of: Set(direct.keys), in: nodes)
        let first = refusals[0]
        for node in nodes where leaving.contains(node.id) {
          let refusal = direct[node.id] ?? first
          try db.execute(
            sql: """
              INSERT OR IGNORE INTO "refused" ("id", "taskId", "json", "code", "message")
              VALUES (?, ?, ?, ?, ?)
              """,
            arguments: [
              node.id, taskId, Data(try node.json.canonicalBytes()), refusal.code,
              refusal.explanation,
            ])
          try db.execute(sql: #"DELETE FROM "node" WHERE "id" = ?"#, arguments: [node.id])
        }
        let kept = nodes.filter { !leaving.contains($0.id) }
        try db.execute(sql: #"DELETE FROM "head" WHERE "taskId" = ?"#, arguments: [taskId])
        let withChildren = Set(kept.flatMap(\.parents))
        for node in kept where !withChildren.contains(node.id) {
          try db.execute(
            sql: #"INSERT INTO "head" ("id", "taskId") VALUES (?, ?)"#,
            arguments: [node.id, taskId])
        }
        try Self.cache(taskId: taskId, task: TaskReplay.replayTask(kept).task, db)
      }
    }
  }

  struct RefusedChange {
    var taskId: String
    var nodes: [RedoNode]
    var reasons: [String]
  }

  /// What the server refused for good, per task, in the order it was set aside.
  func refusedChanges() throws -> [RefusedChange] {
    try queue.read { db in
      var changes: [RefusedChange] = []
      let rows = try Row.fetchAll(
        db, sql: #"SELECT "taskId", "json", "message" FROM "refused" ORDER BY "seq""#)
      for row in rows {
        let node = try NodeValidator.validate(bytes: Array(row["json"] as Data))
        let reason: String = row["message"]
        if let index = changes.firstIndex(where: { $0.taskId == node.taskId }) {
          changes[index].nodes.append(node)
          if !changes[index].reasons.contains(reason) { changes[index].reasons.append(reason) }
        } else {
          changes.append(RefusedChange(taskId: node.taskId, nodes: [node], reasons: [reason]))
        }
      }
      return changes
    }
  }

  /// The task as the person's refused changes would have made it.
  func stateWithRefused(taskId: String) throws -> RedoTask? {
    let refused = try refusedChanges().first { $0.taskId == taskId }?.nodes ?? []
    return TaskReplay.replayTask(try nodes(ofTask: taskId) + refused).task
  }

  func discardRefused(taskId: String) throws {
    try queue.write { db in
      try db.execute(sql: #"DELETE FROM "refused" WHERE "taskId" = ?"#, arguments: [taskId])
    }
  }
}
