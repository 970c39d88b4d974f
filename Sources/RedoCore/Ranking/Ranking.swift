import Foundation

/// The spec's ranking: R = W_p · U(t) · W_c, with the sigmoid urgency U over days until the deadline.
public struct Ranking: Sendable {
  public var priorityWeight: @Sendable (Int) -> Double
  public var complexityWeight: @Sendable (Int) -> Double

  public init(
    priorityWeight: @escaping @Sendable (Int) -> Double,
    complexityWeight: @escaping @Sendable (Int) -> Double
  ) {
    self.priorityWeight = priorityWeight
    self.complexityWeight = complexityWeight
  }

  /// Priority as its own weight (1 to 5); story points as √points, so larger work starts sooner.
  public static let standard = Ranking(
    priorityWeight: { Double($0) }, complexityWeight: { sqrt(Double(max($0, 1))) })

  /// U(t) = 1 + 10 / (1 + e^(0.4·t)), at least 0.1; t in days, negative when overdue.
  public static func urgency(daysUntilDue t: Double) -> Double {
    max(0.1, 1.0 + 10.0 / (1.0 + exp(0.4 * t)))
  }

  /// Zero for a task with no open todo or an archived one.
  public func rank(_ task: RedoTask, at now: WallTime) -> Double {
    guard task.isActive, let todo = task.currentTodo else { return 0 }
    let days = Double(todo.deadline.milliseconds - now.milliseconds) / 86_400_000
    return priorityWeight(task.priority) * Self.urgency(daysUntilDue: days)
      * complexityWeight(task.storyPoints)
  }

  /// Highest rank first; ties by earlier deadline, then title, then id, so the order is stable.
  public func ranked(_ tasks: some Sequence<RedoTask>, at now: WallTime) -> [RedoTask] {
    let tasks = Array(tasks)
    // Each key once, then a sort of positions: cheaper than comparing whole tasks.
    let ranks = tasks.map { rank($0, at: now) }
    let deadlines = tasks.map { $0.currentTodo?.deadline.milliseconds ?? .max }
    let order = tasks.indices.sorted { lhs, rhs in
      if ranks[lhs] != ranks[rhs] { return ranks[lhs] > ranks[rhs] }
      if deadlines[lhs] != deadlines[rhs] { return deadlines[lhs] < deadlines[rhs] }
      if tasks[lhs].title != tasks[rhs].title { return tasks[lhs].title < tasks[rhs].title }
      return tasks[lhs].id < tasks[rhs].id
    }
    return order.map { tasks[$0] }
  }
}
