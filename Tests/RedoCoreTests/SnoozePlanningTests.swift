import CanonicalJSON
import RedoCore
import Testing

/// Snoozing by days moves an overdue todo from now, and a todo not yet due from its deadline.
@Suite struct SnoozePlanningTests {
  static func snooze(days: Int, deadline: String, now: String) throws -> RedoTask {
    var history = History()
    _ = history.createTask("Call the bank", deadline: deadline)
    let task = try #require(TaskReplay.replay(history.nodes).tasks.values.first)
    let heads = history.nodes.filter { task.heads.contains($0.id) }
    let steps = try DraftPlanner.plan(
      .snooze(days: days, until: nil, notes: nil), task: task, heads: heads,
      nodes: history.nodes, now: WallTime(wall: now)!, newID: { "" })
    #expect(steps.count == 1)
    var draft = try #require(steps.first).draft
    draft.parents = [heads[0].id]
    draft.lamport = heads[0].lamport + 1
    history.nodes.append(history.key.sign(draft, deviceId: "device_a", wall: now))
    return try #require(TaskReplay.replay(history.nodes).tasks.values.first)
  }

  @Test func anOverdueTodoMovesFromNow() throws {
    let task = try Self.snooze(
      days: 2, deadline: "2025-10-01T00:00:00.000Z", now: "2025-10-27T08:00:00.000Z")
    #expect(task.currentTodo?.deadline == WallTime(wall: "2025-10-29T08:00:00.000Z"))
  }

  @Test func aTodoNotYetDueMovesFromItsDeadline() throws {
    let task = try Self.snooze(
      days: 2, deadline: "2025-11-02T00:00:00.000Z", now: "2025-10-27T08:00:00.000Z")
    #expect(task.currentTodo?.deadline == WallTime(wall: "2025-11-04T00:00:00.000Z"))
  }
}
