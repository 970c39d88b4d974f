import CanonicalJSON
import RedoCore
import Testing

/// Issue 14's fork: device A completes the todo (its repeat is a new CREATE_TODO at lamport 4)
/// while device B, offline, edits the task three times (lamports 3 to 5). Once they exchange
/// nodes, the next completion or snooze is planned on a MERGE of both heads, and is valid.
@Suite struct ForkPlanningTests {
  /// The exchanged log of both devices.
  static func forked() -> History {
    var history = History()
    let (taskId, _, todo) = history.createTask("Water the plants")
    let done = history.append(
      .completeTodo, task: taskId, parents: [todo],
      payload: [
        "todoTaskId": todo.payload["todoTaskId"]!, "completed": "2025-10-26T09:00:00.000Z",
      ])
    _ = history.append(
      .createTodo, task: taskId, parents: [done],
      payload: ["todoTaskId": .string(history.nextUUID()), "deadline": "2025-10-29T00:00:00.000Z"])
    var edited = todo
    for priority in [2, 4, 5] {
      edited = history.append(
        .update, task: taskId, parents: [edited], payload: ["priority": .number(Double(priority))])
    }
    #expect(edited.lamport == 5)
    return history
  }

  /// Plans `intent` on the replayed log, signs the steps as a client does, and replays again.
  static func apply(_ intent: TaskIntent, to history: inout History) throws -> (
    steps: [DraftStep], result: ReplayResult
  ) {
    let before = TaskReplay.replay(history.nodes)
    let task = try #require(before.tasks.values.first)
    let heads = history.nodes.filter { task.heads.contains($0.id) }
    let steps = try DraftPlanner.plan(
      intent, task: task, heads: heads, nodes: history.nodes,
      now: WallTime(wall: "2025-10-27T08:00:00.000Z")!, newID: { "" })
    var previous: RedoNode?
    for step in steps {
      var draft = step.draft
      if step.buildsOnPrevious, let previous {
        draft.parents = [previous.id]
        draft.lamport = previous.lamport + 1
      }
      let node = history.key.sign(draft, deviceId: "device_b", wall: history.clock.description)
      history.clock = WallTime(milliseconds: history.clock.milliseconds + 1000)
      history.nodes.append(node)
      previous = node
    }
    return (steps, TaskReplay.replay(history.nodes))
  }

  @Test func afterAForkTheTodoCanBeCompleted() throws {
    var history = Self.forked()
    let open = try #require(TaskReplay.replay(history.nodes).tasks.values.first?.currentTodo)
    let (steps, result) = try Self.apply(.complete(notes: nil), to: &history)
    #expect(steps.map(\.draft.action) == [.merge, .completeTodo])
    #expect(steps[0].draft.parents.count == 2)
    #expect(result.rejections == [])
    #expect(result.validNodeIds() == Set(history.nodes.map(\.id)))
    let task = try #require(result.tasks.values.first)
    #expect(task.todos.first { $0.id == open.id }?.completed != nil)
    #expect(task.heads.count == 1)
    // The edits of the offline device survive the merge
    #expect(task.priority == 5)
  }

  @Test func afterAForkTheTodoCanBeSnoozed() throws {
    var history = Self.forked()
    let (steps, result) = try Self.apply(.snooze(days: 2, until: nil, notes: nil), to: &history)
    #expect(steps.map(\.draft.action) == [.merge, .snooze])
    #expect(result.rejections == [])
    #expect(result.validNodeIds() == Set(history.nodes.map(\.id)))
  }

  @Test func aTaskWithOneHeadIsNotMerged() throws {
    var history = History()
    _ = history.createTask("Call mum")
    let (steps, result) = try Self.apply(.complete(notes: "done"), to: &history)
    #expect(steps.map(\.draft.action) == [.completeTodo])
    #expect(result.rejections == [])
  }
}

/// Issue 14's late CREATE: a second CREATE for a held task, dated a day earlier, must not wipe it.
@Suite struct AdmissionTests {
  @Test func aLateCreateForAHeldTaskIsRefusedAndTheTaskStays() throws {
    var history = History()
    let (taskId, create, todo) = history.createTask("Water the plants")
    let held = history.nodes
    history.clock = WallTime(milliseconds: create.wallTime!.milliseconds - 86_400_000)
    let early = history.append(.create, task: taskId, parents: [], payload: ["title": "Mine now"])
    let child = history.append(.update, task: taskId, parents: [early], payload: ["priority": 1])
    let (accepted, rejections, _) = TaskReplay.admit([early, child], to: held)
    #expect(accepted.isEmpty)
    #expect(rejections.first { $0.nodeId == early.id }?.code == .duplicateCreate)
    #expect(rejections.contains { $0.nodeId == child.id })
    // What was held is still the task
    let replayed = TaskReplay.replayTask(held + accepted)
    #expect(replayed.rejections.isEmpty)
    #expect(replayed.task?.title == "Water the plants")
    #expect(replayed.task?.currentTodo?.nodeId == todo.id)
  }

  @Test func ordinaryNewcomersAreAcceptedAndHeldOnesIgnored() throws {
    var history = History()
    let (taskId, _, todo) = history.createTask("Call mum")
    let held = history.nodes
    let edit = history.append(.update, task: taskId, parents: [todo], payload: ["priority": 5])
    let wrong = history.append(
      .update, task: taskId, parents: [edit], payload: ["priority": 4], lamport: 9)
    let (accepted, rejections, _) = TaskReplay.admit([todo, edit, wrong], to: held)
    #expect(accepted.map(\.id) == [edit.id])
    #expect(rejections.map(\.nodeId) == [wrong.id])
    #expect(rejections.first?.code == .lamportViolation)
  }

  @Test func aNewTaskMayArriveWhole() {
    var history = History()
    _ = history.createTask("Plant tulips")
    let (accepted, rejections, _) = TaskReplay.admit(history.nodes, to: [])
    #expect(accepted.count == 2)
    #expect(rejections.isEmpty)
  }
}
