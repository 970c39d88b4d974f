import CanonicalJSON
import Foundation
import HearthCore
import HearthPlatform
import RedoCore

/// The tasks a person sees on the web: their stored nodes replayed with RedoCore. Nodes were
/// verified when they were uploaded, so here only their structure is read back.
struct RedoTasks {
  let env: HearthEnvironment

  func visible(to user: User) async throws -> [RedoTask] {
    let nodes = try await env.database.redoStore.allRedoNodes(visibleTo: user.id).compactMap(
      Self.node)
    return Array(TaskReplay.replay(nodes).tasks.values)
  }

  /// One task and its nodes, for someone with at least `needed` access; 404 or 403 otherwise.
  func task(_ taskId: String, for user: User, needing needed: Access) async throws
    -> (task: RedoTask, nodes: [RedoNode], access: Access)
  {
    let access = try await env.database.access(RedoEvents.resource(taskId: taskId), userID: user.id)
    try access.require(needed, what: "task")
    let nodes = try await env.database.redoStore.redoNodes(taskId: taskId).compactMap(Self.node)
    guard let task = TaskReplay.replayTask(nodes).task else { throw APIError.notFound("task") }
    return (task, nodes.sorted(by: RedoNode.precedes), access)
  }

  static func node(_ stored: StoredRedoNode) -> RedoNode? {
    try? NodeValidator.checkStructure(JSONParser.parse(Array(stored.json.utf8)))
  }

  func calendar(for user: User) -> DayCalendar {
    DayCalendar(identifier: user.timeZone) ?? DayCalendar(timeZone: TimeZone(identifier: "UTC")!)
  }

  var now: WallTime { WallTime(secondsSince1970: env.now().timeIntervalSince1970) }
}
