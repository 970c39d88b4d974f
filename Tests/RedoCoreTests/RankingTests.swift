import HearthCore
import RedoCore
import Testing

@Suite struct RankingTests {
  let now = WallTime(wall: "2026-03-28T12:00:00.000Z")!

  func task(_ title: String, priority: Int, dueInDays days: Double, points: Int = 1) -> RedoTask {
    var task = RedoTask(id: title, userId: "u", title: title, created: now)
    task.priority = priority
    task.storyPoints = points
    let deadline = WallTime(milliseconds: now.milliseconds + Int64(days * 86_400_000))
    task.todos = [
      TodoItem(
        id: "t", deadline: deadline, notes: "", completed: nil, lamport: 2, wall: "", nodeId: "n")
    ]
    return task
  }

  @Test func rankIsPriorityTimesUrgencyTimesComplexity() {
    let ranking = Ranking.standard
    #expect(abs(ranking.rank(task("a", priority: 5, dueInDays: 0), at: now) - 30) < 1e-9)
    #expect(abs(ranking.rank(task("b", priority: 2, dueInDays: 0, points: 4), at: now) - 24) < 1e-9)
  }

  @Test func overdueLowPriorityDoesNotBuryUrgentWork() {
    let ranked = Ranking.standard.ranked(
      [
        task("ancient chore", priority: 1, dueInDays: -400),
        task("due tomorrow", priority: 5, dueInDays: 1),
        task("next month", priority: 5, dueInDays: 30),
      ], at: now)
    #expect(ranked.map(\.title) == ["due tomorrow", "ancient chore", "next month"])
  }

  @Test func tasksWithoutAnOpenTodoRankZeroAndLast() {
    var done = task("done", priority: 5, dueInDays: 0)
    done.todos[0].completed = now
    #expect(Ranking.standard.rank(done, at: now) == 0)
    #expect(
      Ranking.standard.ranked([done, task("open", priority: 1, dueInDays: 90)], at: now).map(
        \.title) == ["open", "done"])
  }
}

/// Deadline texts count calendar days in the person's zone, across a DST change.
@Suite struct DeadlineTextTests {
  let paris = DayCalendar(identifier: "Europe/Paris")!

  func text(_ deadline: String, now: String) -> String {
    DeadlineText.describe(
      deadline: WallTime(rfc3339: deadline)!, now: WallTime(rfc3339: now)!, calendar: paris)
  }

  @Test func texts() {
    let now = "2026-03-27T10:00:00+01:00"
    #expect(text("2026-03-27T23:30:00+01:00", now: now) == "Due today")
    #expect(text("2026-03-27T08:00:00+01:00", now: now) == "Overdue today")
    #expect(text("2026-03-28T00:10:00+01:00", now: now) == "Due tomorrow")
    #expect(text("2026-03-30T09:00:00+02:00", now: now) == "Due in 3 days")
    #expect(text("2026-04-10T09:00:00+02:00", now: now) == "Due in 2 weeks")
    #expect(text("2026-04-03T09:00:00+02:00", now: now) == "Due in 1 week")
    #expect(text("2026-03-26T23:59:00+01:00", now: now) == "1 day overdue")
    #expect(text("2026-03-20T12:00:00+01:00", now: now) == "7 days overdue")
  }

  @Test func theDSTDayCountsAsOneDay() {
    // Paris springs forward on 2026-03-29: 23:30 on the 28th to 00:30 on the 30th is two days
    #expect(text("2026-03-30T00:30:00+02:00", now: "2026-03-28T23:30:00+01:00") == "Due in 2 days")
    // and the 23-hour day still starts at its own midnight
    #expect(text("2026-03-29T23:59:00+02:00", now: "2026-03-29T00:01:00+01:00") == "Due today")
  }
}
