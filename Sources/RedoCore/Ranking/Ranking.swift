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
    tasks.map { (task: $0, rank: rank($0, at: now)) }
      .sorted { lhs, rhs in
        if lhs.rank != rhs.rank { return lhs.rank > rhs.rank }
        let left = lhs.task.currentTodo?.deadline.milliseconds ?? .max
        let right = rhs.task.currentTodo?.deadline.milliseconds ?? .max
        if left != right { return left < right }
        if lhs.task.title != rhs.task.title { return lhs.task.title < rhs.task.title }
        return lhs.task.id < rhs.task.id
      }
      .map(\.task)
  }
}
