import CanonicalJSON
import RedoCore
import Testing

/// Replay: state from the spec's actions, and the graph rules with their codes.
@Suite struct TaskReplayTests {
  func codes(_ result: ReplayResult) -> [String: RedoErrorCode] {
    Dictionary(uniqueKeysWithValues: result.rejections.map { ($0.nodeId!, $0.code) })
  }

  @Test func emptyLogHasNoTasks() {
    #expect(TaskReplay.replay([]).tasks.isEmpty)
  }

  @Test func createAndCreateTodoMakeAnActiveTask() throws {
    var history = History()
    let (taskId, create, todo) = history.createTask(
      "Test Task",
      fields: ["description": "Description", "priority": 4, "storyPoints": 2, "frequencyDays": 7])
    let task = try #require(TaskReplay.replay(history.nodes).tasks[taskId])
    #expect(task.title == "Test Task")
    #expect(
      (task.description, task.priority, task.storyPoints, task.frequencyDays) == (
        "Description", 4, 2, 7
      ))
    #expect(task.userId == History.rfc8032Key.userId)
    #expect(task.currentTodo?.id == todo.payload["todoTaskId"]?.stringValue)
    #expect(task.currentTodo?.nodeId == todo.id)
    #expect(task.heads == [todo.id])
    #expect(task.created.description == create.wall)
  }

  @Test func createAloneIsADraft() throws {
    var history = History()
    let create = history.append(
      .create, task: history.nextUUID(), parents: [], payload: ["title": "Someday"])
    let task = try #require(TaskReplay.replay(history.nodes).tasks[create.taskId])
    #expect(task.isDraft)
    #expect(!task.isActive)
  }

  @Test func completionDoesNotScheduleTheNextTodo() throws {
    // Given a weekly task whose todo is completed
    var history = History()
    let (taskId, _, todo) = history.createTask("Weekly review", fields: ["frequencyDays": 7])
    let todoId = todo.payload["todoTaskId"]!
    let complete = history.append(
      .completeTodo, task: taskId, parents: [todo],
      payload: ["todoTaskId": todoId, "completed": "2025-10-09T14:30:00.000Z", "notes": "done"])
    // Then replay makes no todo by itself
    var task = try #require(TaskReplay.replay(history.nodes).tasks[taskId])
    #expect(task.todos.count == 1)
    #expect(task.currentTodo == nil)
    #expect(task.todos[0].completed?.description == "2025-10-09T14:30:00.000Z")
    // When the client sends the explicit CREATE_TODO at completion + frequency
    _ = history.append(
      .createTodo, task: taskId, parents: [complete],
      payload: ["todoTaskId": .string(history.nextUUID()), "deadline": "2025-10-16T14:30:00.000Z"])
    task = try #require(TaskReplay.replay(history.nodes).tasks[taskId])
    #expect(task.todos.count == 2)
    #expect(task.currentTodo?.deadline.description == "2025-10-16T14:30:00.000Z")
  }

  @Test func updatesAndConcurrentEditsFollowTheTotalOrder() throws {
    // Given two devices setting priority at the same lamport, B later by wall time
    var history = History()
    let (taskId, _, todo) = history.createTask("Plan trip")
    history.clock = WallTime(wall: "2025-10-27T10:05:00.000Z")!
    let b = history.append(.update, task: taskId, parents: [todo], payload: ["priority": 3])
    history.clock = WallTime(wall: "2025-10-27T10:00:00.000Z")!
    let a = history.append(
      .update, task: taskId, parents: [todo], payload: ["priority": 5, "title": "Plan the trip"])
    // Then B's value wins and A's other field stays
    let task = try #require(TaskReplay.replay(history.nodes).tasks[taskId])
    #expect(task.priority == 3)
    #expect(task.title == "Plan the trip")
    #expect(Set(task.heads) == [a.id, b.id])
  }

  @Test func snoozeExtendsOrMovesTheDeadline() throws {
    var history = History()
    let (taskId, _, todo) = history.createTask("Call mum", deadline: "2025-11-02T00:00:00.000Z")
    let todoId = todo.payload["todoTaskId"]!
    let first = history.append(
      .snooze, task: taskId, parents: [todo], payload: ["todoTaskId": todoId, "daysToExtend": 3])
    #expect(
      TaskReplay.replay(history.nodes).tasks[taskId]?.currentTodo?.deadline.description
        == "2025-11-05T00:00:00.000Z")
    _ = history.append(
      .snooze, task: taskId, parents: [first],
      payload: ["todoTaskId": todoId, "newDeadline": "2025-12-01T09:00:00+01:00"])
    #expect(
      TaskReplay.replay(history.nodes).tasks[taskId]?.currentTodo?.deadline.description
        == "2025-12-01T08:00:00.000Z")
  }

  @Test func archiveAndUnarchive() throws {
    var history = History()
    let (taskId, _, todo) = history.createTask("Old habit")
    let archive = history.append(.archive, task: taskId, parents: [todo])
    #expect(TaskReplay.replay(history.nodes).tasks[taskId]?.archived == true)
    _ = history.append(.unarchive, task: taskId, parents: [archive])
    #expect(TaskReplay.replay(history.nodes).tasks[taskId]?.archived == false)
  }

  @Test func duplicateCreateKeepsTheEarliestAndPrunesTheOthersBranch() throws {
    var history = History()
    let taskId = history.nextUUID()
    let first = history.append(.create, task: taskId, parents: [], payload: ["title": "First"])
    let second = history.append(.create, task: taskId, parents: [], payload: ["title": "Second"])
    let child = history.append(
      .update, task: taskId, parents: [second], payload: ["title": "Second, edited"])
    let result = TaskReplay.replay(history.nodes)
    #expect(result.tasks[taskId]?.title == "First")
    #expect(codes(result) == [second.id: .duplicateCreate, child.id: .duplicateCreate])
    #expect(result.validNodeIds() == [first.id])
  }

  @Test func graphRulesHaveTheirCodes() {
    var history = History()
    let (taskId, create, todo) = history.createTask("Rules")
    let wrongLamport = history.append(
      .update, task: taskId, parents: [todo], payload: ["priority": 1], lamport: 7)
    let orphanParent = RedoNode(
      id: "sha256:" + String(repeating: "c", count: 64), parents: [], lamport: 1, wall: todo.wall,
      author: todo.author, action: .create, taskId: history.nextUUID(), payload: ["title": "x"],
      signature: nil)
    let missingParent = history.append(
      .update, task: taskId, parents: [orphanParent], payload: ["priority": 2])
    let badTodo = history.append(
      .completeTodo, task: taskId, parents: [todo],
      payload: ["todoTaskId": .string(history.nextUUID()), "completed": "2025-10-27T00:00:00.000Z"])
    let reusedTodo = history.append(
      .createTodo, task: taskId, parents: [todo],
      payload: ["todoTaskId": todo.payload["todoTaskId"]!, "deadline": "2025-10-27T00:00:00.000Z"])
    let shortChain = history.append(
      .delete, task: taskId, parents: [todo], payload: ["deletedChain": .array([.string(todo.id)])])
    let result = TaskReplay.replay(history.nodes)
    #expect(
      codes(result) == [
        wrongLamport.id: .lamportViolation, missingParent.id: .parentNotFound,
        badTodo.id: .invalidTodoRef,
        reusedTodo.id: .invalidTodoRef, shortChain.id: .missingDeletedChain,
      ])
    #expect(result.validNodeIds() == [create.id, todo.id])
    #expect(result.tasks[taskId] != nil)
  }

  @Test func brokenBranchPrunesDescendantsAndKeepsAncestors() throws {
    var history = History()
    let (taskId, create, todo) = history.createTask("Branches")
    let bad = history.append(
      .update, task: taskId, parents: [todo], payload: ["title": "Bad"], lamport: 9)
    let afterBad = history.append(
      .update, task: taskId, parents: [bad], payload: ["title": "After bad"])
    let good = history.append(.update, task: taskId, parents: [todo], payload: ["priority": 5])
    let result = TaskReplay.replay(history.nodes)
    #expect(codes(result) == [bad.id: .lamportViolation, afterBad.id: .lamportViolation])
    #expect(result.validNodeIds() == [create.id, todo.id, good.id])
    let task = try #require(result.tasks[taskId])
    #expect((task.title, task.priority) == ("Branches", 5))
  }

  @Test func deleteRemovesTheTaskWhenNoBranchSurvives() {
    var history = History()
    let (taskId, create, todo) = history.createTask("Gone")
    _ = history.append(
      .delete, task: taskId, parents: [todo],
      payload: ["deletedChain": .array([.string(create.id), .string(todo.id)])])
    let result = TaskReplay.replay(history.nodes)
    #expect(result.tasks[taskId] == nil)
    #expect(result.deletedTaskIds == [taskId])
    #expect(result.rejections.isEmpty)
  }

  /// The spec's example: ARCHIVE → DELETE on one branch, ARCHIVE → UNARCHIVE → CREATE_TODO on another.
  @Test func deleteIsBranchBased() throws {
    var history = History()
    let (taskId, create, todo) = history.createTask("Resilient")
    let archive = history.append(.archive, task: taskId, parents: [todo])
    _ = history.append(
      .delete, task: taskId, parents: [archive],
      payload: ["deletedChain": .array([create, todo, archive].map { .string($0.id) })])
    let unarchive = history.append(.unarchive, task: taskId, parents: [archive])
    let next = history.append(
      .createTodo, task: taskId, parents: [unarchive],
      payload: ["todoTaskId": .string(history.nextUUID()), "deadline": "2025-12-01T00:00:00.000Z"])
    let result = TaskReplay.replay(history.nodes)
    #expect(result.rejections.isEmpty)
    let task = try #require(result.tasks[taskId])
    #expect(!task.archived)
    #expect(task.currentTodo?.nodeId == next.id)
    #expect(task.heads == [next.id])
  }

  @Test func aDeleteTombstoneCannotBeExtended() {
    var history = History()
    let taskId = history.nextUUID()
    let create = history.append(.create, task: taskId, parents: [], payload: ["title": "x"])
    let delete = history.append(
      .delete, task: taskId, parents: [create], payload: ["deletedChain": [.string(create.id)]])
    let child = history.append(
      .createTodo, task: taskId, parents: [delete],
      payload: ["todoTaskId": .string(history.nextUUID()), "deadline": "2025-12-01T00:00:00.000Z"])
    let result = TaskReplay.replay(history.nodes)
    #expect(codes(result) == [child.id: .parentNotFound])
    #expect(result.tasks[taskId] == nil)
  }

  @Test func tallestChainIsTheCurrentTodo() throws {
    // Given two devices that each scheduled a todo offline after one completion
    var history = History()
    let (taskId, _, todo) = history.createTask("Forked")
    let complete = history.append(
      .completeTodo, task: taskId, parents: [todo],
      payload: ["todoTaskId": todo.payload["todoTaskId"]!, "completed": "2025-10-27T00:00:00.000Z"])
    let short = history.append(
      .createTodo, task: taskId, parents: [complete],
      payload: ["todoTaskId": .string(history.nextUUID()), "deadline": "2025-11-03T00:00:00.000Z"])
    let update = history.append(
      .update, task: taskId, parents: [complete], payload: ["priority": 2])
    let tall = history.append(
      .createTodo, task: taskId, parents: [update],
      payload: ["todoTaskId": .string(history.nextUUID()), "deadline": "2025-11-04T00:00:00.000Z"])
    // Then both open todos exist and the taller one is current
    let task = try #require(TaskReplay.replay(history.nodes).tasks[taskId])
    #expect(task.todos.filter(\.isOpen).map(\.nodeId) == [short.id, tall.id])
    #expect(task.currentTodo?.nodeId == tall.id)
  }

  /// Spec 13.2 expects title "Task", claiming parent B wins; but only A changed the title, and the
  /// spec's own algorithm (a field changed by one parent takes that parent's value) gives
  /// "Task Updated". We follow the algorithm.
  @Test func mergeFollowsTheAlgorithmNotExample13_2() throws {
    var history = History()
    let taskId = history.nextUUID()
    let base = history.append(
      .create, task: taskId, parents: [], payload: ["title": "Task", "priority": 3])
    let a = history.append(
      .update, task: taskId, parents: [base], payload: ["title": "Task Updated"])
    let b1 = history.append(.update, task: taskId, parents: [base], payload: ["priority": 4])
    let b = history.append(
      .update, task: taskId, parents: [b1], payload: ["priority": 5, "title": "Task"])
    let merge = history.append(
      .merge, task: taskId, parents: [a, b],
      payload: ["base": .string(base.id), "policy": ["defaultStrategy": "lww"]])
    let result = TaskReplay.replay(history.nodes)
    #expect(result.rejections.isEmpty)
    let task = try #require(result.tasks[taskId])
    #expect(task.title == "Task Updated")
    #expect(task.priority == 5)
    #expect(task.heads == [merge.id])
  }

  @Test func mergeResolutionsAndStrategies() throws {
    var history = History()
    let taskId = history.nextUUID()
    let base = history.append(
      .create, task: taskId, parents: [], payload: ["title": "T", "priority": 3, "storyPoints": 2])
    let a = history.append(
      .update, task: taskId, parents: [base],
      payload: ["priority": 5, "storyPoints": 8, "title": "A"])
    let b = history.append(
      .update, task: taskId, parents: [base],
      payload: ["priority": 1, "storyPoints": 3, "title": "B"])
    _ = history.append(
      .merge, task: taskId, parents: [a, b],
      payload: [
        "base": .string(base.id), "policy": ["defaultStrategy": "min"],
        "resolutions": [
          "task": [
            ["path": "title", "strategy": "ours", "chosenParent": .string(a.id)],
            ["path": "priority", "strategy": "manual", "value": 4],
          ]
        ],
      ])
    let task = try #require(TaskReplay.replay(history.nodes).tasks[taskId])
    #expect((task.title, task.priority, task.storyPoints) == ("A", 4, 3))
  }

  @Test func mergeBaseMustBeACommonAncestor() {
    var history = History()
    let (taskId, _, todo) = history.createTask("M")
    let a = history.append(.update, task: taskId, parents: [todo], payload: ["priority": 1])
    let b = history.append(.update, task: taskId, parents: [todo], payload: ["priority": 2])
    let merge = history.append(
      .merge, task: taskId, parents: [a, b], payload: ["base": .string(a.id)])
    #expect(codes(TaskReplay.replay(history.nodes)) == [merge.id: .parentNotFound])
  }
}
