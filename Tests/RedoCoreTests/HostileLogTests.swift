import CanonicalJSON
import RedoCore
import Testing

/// Logs a collaborator could write to hurt every replica: found by replaying the same logs in the
/// browser's JavaScript port, which survived them.
@Suite struct HostileLogTests {
  @Test func snoozesStopAtTheLastWritableDay() throws {
    var history = History()
    let (taskId, _, todo) = history.createTask("Water the plants")
    var parent = todo
    // Each SNOOZE is valid alone (at most a billion days); 110 of them overflowed Int64
    for _ in 0..<110 {
      parent = history.append(
        .snooze, task: taskId, parents: [parent],
        payload: ["todoTaskId": todo.payload["todoTaskId"]!, "daysToExtend": 1_000_000_000])
    }
    let task = try #require(TaskReplay.replay(history.nodes).tasks[taskId])
    let deadline = try #require(task.currentTodo?.deadline)
    #expect(deadline == WallTime.latest)
    #expect(deadline.description == "9999-12-31T23:59:59.999Z")
    #expect(RedoTask(json: task.json)?.currentTodo?.deadline == deadline)
    #expect(WallTime.earliest.adding(days: -1) == WallTime.earliest)
    #expect(WallTime.latest.adding(days: Int.max) == WallTime.latest)
  }

  @Test func replayIsLinearInMerges() throws {
    // Twenty rounds of fork and merge: before states were remembered, each MERGE folded every
    // earlier one again, twice, and this took longer than anyone would wait.
    var history = History()
    let (taskId, _, todo) = history.createTask("Water the plants")
    var head = todo
    for round in 1...20 {
      let left = history.append(
        .update, task: taskId, parents: [head],
        payload: ["priority": .number(Double(round % 5 + 1))])
      let right = history.append(
        .update, task: taskId, parents: [head], payload: ["description": .string("Round \(round)")])
      let merge = history.key.sign(
        .merge(heads: [left, right], among: history.nodes), deviceId: "test_device",
        wall: history.clock.description)
      history.clock = WallTime(milliseconds: history.clock.milliseconds + 1000)
      history.nodes.append(merge)
      head = merge
    }
    let result = TaskReplay.replay(history.nodes)
    #expect(result.rejections.isEmpty)
    let task = try #require(result.tasks[taskId])
    #expect(task.description == "Round 20" && task.priority == 20 % 5 + 1)
    #expect(task.heads == [head.id])
  }
}
