import CanonicalJSON
import RedoCore
import Testing

/// Undoing a completion: the protocol has no un-complete, so a new todo is made, due when the
/// completed one was; the completed one stays done.
@Suite struct ReopenPlanningTests {
  @Test func aCompletedTaskGetsANewTodoDueWhenTheOldOneWas() throws {
    var history = History()
    let (taskId, _, todo) = history.createTask("Post the letter")
    let done = history.append(
      .completeTodo, task: taskId, parents: [todo],
      payload: [
        "todoTaskId": todo.payload["todoTaskId"]!, "completed": "2025-10-27T08:00:00.000Z",
      ])
    let task = try #require(TaskReplay.replay(history.nodes).tasks[taskId])
    #expect(task.currentTodo == nil)
    let due = WallTime(wall: "2025-11-02T00:00:00.000Z")!
    let steps = try DraftPlanner.plan(
      .reopen(deadline: due), task: task, heads: [done], nodes: history.nodes,
      now: WallTime(wall: "2025-10-27T08:01:00.000Z")!,
      newID: { "7f1b6c1e-1d0a-4c55-9d7e-3f0a8d2b9c11" })
    #expect(steps.map(\.draft.action) == [.createTodo])
    #expect(steps[0].draft.parents == [done.id])
    history.nodes.append(
      history.key.sign(steps[0].draft, deviceId: "device_a", wall: "2025-10-27T08:01:00.000Z"))
    let reopened = try #require(TaskReplay.replay(history.nodes).tasks[taskId])
    #expect(reopened.currentTodo?.deadline == due)
    #expect(reopened.todos.filter { $0.completed != nil }.count == 1)
  }

  @Test func aTaskWithAnOpenTodoIsNotReopened() throws {
    var history = History()
    let (_, _, todo) = history.createTask("Post the letter")
    let task = try #require(TaskReplay.replay(history.nodes).tasks.values.first)
    #expect(throws: PlanError.self) {
      try DraftPlanner.plan(
        .reopen(deadline: WallTime(wall: "2025-11-02T00:00:00.000Z")!), task: task, heads: [todo],
        nodes: history.nodes, now: WallTime(wall: "2025-10-27T08:00:00.000Z")!, newID: { "" })
    }
  }
}
