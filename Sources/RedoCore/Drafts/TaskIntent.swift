import CanonicalJSON
import Foundation

/// What a person asks for, before it becomes nodes.
public enum TaskIntent: Sendable {
  /// A new task; `fields` holds at least `title`.
  case add(fields: [String: JSON], deadline: WallTime)
  case edit(fields: [String: JSON])
  case complete(notes: String?)
  case snooze(days: Int?, until: WallTime?, notes: String?)
  /// A new todo due at `deadline` for a task with none open: the protocol has no un-complete.
  case reopen(deadline: WallTime)
  case archive
  /// `deadline` is for the new todo, made when the task has no open one.
  case unarchive(deadline: WallTime)
  case delete
}

/// One node to sign. When `buildsOnPrevious` holds, its parent is the node signed just before
/// it in the same plan, and its lamport is one above that node's.
public struct DraftStep: Sendable {
  public var draft: NodeDraft
  public var buildsOnPrevious: Bool

  public init(_ draft: NodeDraft, buildsOnPrevious: Bool = false) {
    self.draft = draft
    self.buildsOnPrevious = buildsOnPrevious
  }
}

public struct PlanError: Error, Equatable, Sendable, CustomStringConvertible {
  public let description: String
  public init(_ description: String) { self.description = description }
}

/// Turns an intent into the drafts the protocol asks for: CREATE then CREATE_TODO for a new task,
/// COMPLETE_TODO then an explicit CREATE_TODO for a repeating one, a DELETE per branch. A task
/// that forked (several heads, from devices that worked offline) is joined by a MERGE first, and
/// the change builds on it, so every todo of every branch is in the change's ancestry.
public enum DraftPlanner {
  /// `heads` are the task's head nodes (its live branch ends); `nodes` all its nodes.
  public static func plan(
    _ intent: TaskIntent, task: RedoTask?, heads: [RedoNode], nodes: [RedoNode], now: WallTime,
    newID: () -> String
  ) throws(PlanError) -> [DraftStep] {
    if case .add(let fields, let deadline) = intent {
      guard let title = fields["title"]?.stringValue,
        !title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
      else {
        throw PlanError("a task needs a title")
      }
      let taskId = newID()
      return [
        DraftStep(
          NodeDraft(taskId: taskId, parents: [], lamport: 1, action: .create, payload: fields)),
        DraftStep(
          NodeDraft(
            taskId: taskId, parents: [], lamport: 0, action: .createTodo,
            payload: ["todoTaskId": .string(newID()), "deadline": .string(deadline.description)]),
          buildsOnPrevious: true),
      ]
    }
    guard let task, let head = heads.max(by: RedoNode.precedes) else {
      throw PlanError("no such task")
    }
    if case .delete = intent {
      return heads.sorted(by: RedoNode.precedes).map { DraftStep(.delete(head: $0, among: nodes)) }
    }
    let merge =
      heads.count > 1 ? DraftStep(.merge(heads: joined(heads, task, nodes), among: nodes)) : nil
    func followUp(_ action: NodeAction, _ payload: [String: JSON]) -> DraftStep {
      DraftStep(
        NodeDraft(taskId: task.id, parents: [], lamport: 0, action: action, payload: payload),
        buildsOnPrevious: true)
    }
    /// The change itself: on the MERGE when there is one, else on the one head.
    func next(_ action: NodeAction, _ payload: [String: JSON] = [:]) -> DraftStep {
      if merge != nil { return followUp(action, payload) }
      return DraftStep(
        NodeDraft(
          taskId: task.id, parents: [head.id], lamport: head.lamport + 1, action: action,
          payload: payload))
    }
    return (merge.map { [$0] } ?? [])
      + (try steps(intent, task, next: next, followUp: followUp, now: now, newID: newID))
  }

  /// The heads a MERGE joins: all of them, or the latest ten with the one that holds the current
  /// todo among them.
  static func joined(_ heads: [RedoNode], _ task: RedoTask, _ nodes: [RedoNode]) -> [RedoNode] {
    let latest = heads.sorted(by: RedoNode.precedes).reversed()
    guard latest.count > NodeDraft.mostMergedHeads else { return Array(latest) }
    let holder = task.currentTodo.flatMap { todo in
      latest.first { NodeDraft.ancestry(of: $0.id, among: nodes).contains(todo.nodeId) }
    }
    let others = latest.filter { $0.id != holder?.id }
    return (holder.map { [$0] } ?? [])
      + others.prefix(NodeDraft.mostMergedHeads - (holder == nil ? 0 : 1))
  }

  private static func steps(
    _ intent: TaskIntent, _ task: RedoTask,
    next: (NodeAction, [String: JSON]) -> DraftStep,
    followUp: (NodeAction, [String: JSON]) -> DraftStep, now: WallTime, newID: () -> String
  ) throws(PlanError) -> [DraftStep] {
    switch intent {
    case .add, .delete:
      return []
    case .edit(let fields):
      guard !fields.isEmpty else { throw PlanError("nothing to change") }
      if let title = fields["title"],
        title.stringValue?.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty != false
      {
        throw PlanError("the title must not be empty")
      }
      return [next(.update, fields)]
    case .complete(let notes):
      guard let todo = task.currentTodo else { throw PlanError("\(task.title) has no open todo") }
      var payload: [String: JSON] = [
        "todoTaskId": .string(todo.id), "completed": .string(now.description),
      ]
      if let notes, !notes.isEmpty { payload["notes"] = .string(notes) }
      var steps = [next(.completeTodo, payload)]
      if let every = task.frequencyDays, !task.archived {
        steps.append(
          followUp(
            .createTodo,
            [
              "todoTaskId": .string(newID()),
              "deadline": .string(now.adding(days: every).description),
            ]))
      }
      return steps
    case .snooze(let days, let until, let notes):
      guard let todo = task.currentTodo else {
        throw PlanError("\(task.title) has no open todo to snooze")
      }
      var payload: [String: JSON] = ["todoTaskId": .string(todo.id)]
      switch (days, until) {
      // An overdue todo moves from now: the days are not added to a deadline long past.
      case (let days?, nil) where days >= 1 && todo.deadline < now:
        payload["newDeadline"] = .string(now.adding(days: days).description)
      case (let days?, nil) where days >= 1: payload["daysToExtend"] = .number(Double(days))
      case (nil, let until?): payload["newDeadline"] = .string(until.description)
      default: throw PlanError("snooze by a number of days (at least 1) or to a date, not both")
      }
      payload["notes"] = .string(
        notes ?? days.map { "Snoozed for \($0) day\($0 == 1 ? "" : "s")" } ?? "Snoozed")
      return [next(.snooze, payload)]
    case .reopen(let deadline):
      guard task.currentTodo == nil else {
        throw PlanError("\(task.title) already has an open todo")
      }
      return [
        next(
          .createTodo, ["todoTaskId": .string(newID()), "deadline": .string(deadline.description)])
      ]
    case .archive:
      guard !task.archived else { throw PlanError("\(task.title) is already archived") }
      return [next(.archive, [:])]
    case .unarchive(let deadline):
      guard task.archived else { throw PlanError("\(task.title) is not archived") }
      var steps = [next(.unarchive, [:])]
      if task.currentTodo == nil {
        steps.append(
          followUp(
            .createTodo,
            ["todoTaskId": .string(newID()), "deadline": .string(deadline.description)]))
      }
      return steps
    }
  }
}
