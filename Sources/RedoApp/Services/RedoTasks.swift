import CanonicalJSON
import Foundation
import HearthCore
import HearthPlatform
import Logging
import RedoCore

/// The tasks a person sees on the web: their stored nodes replayed with RedoCore. Nodes were
/// verified when they were uploaded, so here only their structure is read back (`read`).
struct RedoTasks {
  let env: HearthEnvironment

  func visible(to user: User) async throws -> [RedoTask] {
    let nodes = read(try await env.database.redoStore.allRedoNodes(visibleTo: user.id))
    let replay = TaskReplay.replay(nodes)
    warn(replay.rejections)
    return Array(replay.tasks.values)
  }

  /// One task and its nodes, for someone with at least `needed` access; 404 or 403 otherwise.
  func task(_ taskId: String, for user: User, needing needed: Access) async throws
    -> (task: RedoTask, nodes: [RedoNode], access: Access)
  {
    let access = try await env.database.access(RedoEvents.resource(taskId: taskId), userID: user.id)
    try access.require(needed, what: "task")
    let nodes = read(try await env.database.redoStore.redoNodes(taskId: taskId))
    let replay = TaskReplay.replayTask(nodes)
    warn(replay.rejections)
    guard let task = replay.task else { throw APIError.notFound("task") }
    return (task, nodes.sorted(by: RedoNode.precedes), access)
  }

  /// Stored nodes passed every check when they came in, so only their structure is read back.
  /// One that fails now (a rule changed since) is left out with a warning naming it, never
  /// dropped silently.
  func read(_ stored: [StoredRedoNode]) -> [RedoNode] {
    stored.compactMap { stored in
      do {
        return try NodeValidator.checkStructure(JSONParser.parse(Array(stored.json.utf8)))
      } catch {
        env.logger.warning(
          "Stored Redo node left out: it fails on read",
          metadata: ["node": "\(stored.id)", "reason": "\(error)"])
        return nil
      }
    }
  }

  /// Stored nodes a replay refuses are left out of the state; each is logged, as `read` does.
  func warn(_ rejections: [NodeRejection]) {
    for rejection in rejections {
      env.logger.warning(
        "Stored Redo node left out: replay refuses it",
        metadata: [
          "node": "\(rejection.nodeId ?? "?")", "code": "\(rejection.code.rawValue)",
          "reason": "\(rejection.reason)",
        ])
    }
  }

  func calendar(for user: User) -> DayCalendar {
    DayCalendar(identifier: user.timeZone) ?? DayCalendar(timeZone: TimeZone(identifier: "UTC")!)
  }

  var now: WallTime { WallTime(secondsSince1970: env.now().timeIntervalSince1970) }
}
