import HearthCore
import RedoCore
import Testing

/// The reference app's analytics, counted in the person's zone (Tokyo here, nine hours ahead).
@Suite struct TaskInsightsTests {
  let tokyo = DayCalendar(identifier: "Asia/Tokyo")!
  /// Wednesday 2026-11-25, 21:00 in Tokyo.
  let now = WallTime(wall: "2026-11-25T12:00:00.000Z")!

  func task(
    _ id: String, points: Int, completions: [String], open: Bool, created: String,
    archived: Bool = false
  ) -> RedoTask {
    var task = RedoTask(
      id: id, userId: "u", title: id, created: WallTime(wall: created)!)
    task.storyPoints = points
    task.archived = archived
    var lamport = 2
    for completed in completions {
      task.todos.append(
        TodoItem(
          id: "\(id)-\(lamport)", deadline: now, notes: "", completed: WallTime(wall: completed)!,
          lamport: lamport, wall: created, nodeId: "n\(lamport)"))
      lamport += 1
    }
    if open {
      task.todos.append(
        TodoItem(
          id: "\(id)-open", deadline: now, notes: "", completed: nil, lamport: lamport,
          wall: created, nodeId: "n\(lamport)"))
    }
    return task
  }

  var tasks: [RedoTask] {
    [
      // Done twice on Monday morning (Tokyo), made the Sunday before; no todo left
      task(
        "a", points: 3,
        completions: ["2026-11-23T00:30:00.000Z", "2026-11-23T01:30:00.000Z"], open: false,
        created: "2026-11-22T00:30:00.000Z"),
      // Done this evening, still repeating
      task(
        "b", points: 5, completions: ["2026-11-25T10:00:00.000Z"], open: true,
        created: "2026-11-24T10:00:00.000Z"),
      // Added last month, never done
      task("c", points: 2, completions: [], open: true, created: "2026-10-01T00:00:00.000Z"),
    ]
  }

  @Test func storyPointsCountTasksWithNothingPendingAsDone() {
    let points = TaskInsights(tasks: tasks, now: now, calendar: tokyo).points
    #expect(points.total == 10 && points.completed == 3 && points.pending == 7)
    #expect(points.completionRate == 0.3)
  }

  @Test func completionsFallIntoTheirLocalHours() {
    let insights = TaskInsights(tasks: tasks, now: now, calendar: tokyo)
    // 09:30 and 10:30 in Tokyo are morning, 19:00 is evening
    #expect(insights.completionsByTimeOfDay[.morning] == 2)
    #expect(insights.completionsByTimeOfDay[.evening] == 1)
    #expect(insights.completionsByTimeOfDay[.night] == nil)
    #expect(insights.peakTimeOfDay == .morning)
    #expect(TaskInsights(tasks: [], now: now, calendar: tokyo).peakTimeOfDay == nil)
  }

  @Test func theWeekStartsOnMonday() {
    let week = TaskInsights(tasks: tasks, now: now, calendar: tokyo).week
    #expect(week.start == LocalDay(year: 2026, month: 11, day: 23))
    #expect(week.completed == 3 && week.activeDays == 2)
    #expect(week.busiestDay == LocalDay(year: 2026, month: 11, day: 23))
    // Task b was added on Tuesday; a on the Sunday before, c last month
    #expect(week.created == 1)
    // a's todos took 24 and 25 hours from the todo's making, b's 24
    #expect(week.averageHours == 73.0 / 3)
    #expect(week.points == 8)
  }

  @Test func theTrendEndsToday() {
    let trend = TaskInsights(tasks: tasks, now: now, calendar: tokyo).trend
    #expect(trend.count == 7)
    #expect(trend.last?.day == LocalDay(year: 2026, month: 11, day: 25))
    #expect(trend.last?.completions == 1 && trend.last?.points == 5)
    #expect(trend[4].completions == 2 && trend[4].points == 3)
    #expect(trend[0].averageHours == nil)
  }

  @Test func theForecastIsForTheEndOfTheMonth() {
    let forecast = TaskInsights(tasks: tasks, now: now, calendar: tokyo).forecast
    #expect(forecast.velocity == 0.1)
    #expect(forecast.remaining == 2)
    #expect(forecast.estimatedDays == 20)
    #expect(forecast.target == LocalDay(year: 2026, month: 11, day: 30))
    #expect(forecast.daysToTarget == 5 && !forecast.onTrack)
    #expect(abs(forecast.confidence - 0.024) < 1e-12)
    // With no completions, a week per task
    let idle = TaskInsights(tasks: [tasks[2]], now: now, calendar: tokyo).forecast
    #expect(idle.estimatedDays == 7 && idle.velocity == 0)
  }

  /// Completions `daysAgo` days before today (Tokyo), one a day at noon there.
  func done(_ id: String, daysAgo: [Int], open: Bool = false) -> RedoTask {
    let walls = daysAgo.map { back in
      WallTime(milliseconds: now.milliseconds - Int64(back) * 86_400_000 - 9 * 3_600_000)
        .description
    }
    return task(id, points: 1, completions: walls, open: open, created: "2026-09-01T00:00:00.000Z")
  }

  @Test func theForecastWaitsForTwoWeeksOfCompletions() {
    // Given a first-day user: one task done today, five still to do
    let firstDay =
      [done("done", daysAgo: [0])]
      + (1...5).map { done("todo\($0)", daysAgo: [], open: true) }
    // When the forecast is made
    let forecast = TaskInsights(tasks: firstDay, now: now, calendar: tokyo).forecast
    // Then it has no numbers to show, only words that say why
    #expect(forecast.estimatedDays == 150)
    #expect(forecast.waiting == .tooNew)
    #expect(
      forecast.waiting?.words
        == "The forecast needs two weeks of completed tasks; it appears once you have them.")
    // With no completion at all, the same
    #expect(TaskInsights(tasks: [tasks[2]], now: now, calendar: tokyo).forecast.waiting == .tooNew)
    // And 13 days since the first completion is still too new, however many there are
    let thirteen = [done("a", daysAgo: Array(0...13)), done("b", daysAgo: [], open: true)]
    #expect(TaskInsights(tasks: thirteen, now: now, calendar: tokyo).forecast.waiting == .tooNew)
  }

  @Test func theForecastWaitsForEnoughRecentCompletions() {
    // Given two weeks since the first completion but only four in the last 30 days
    let sparse = [done("a", daysAgo: [40, 20, 10, 3, 1]), done("b", daysAgo: [], open: true)]
    let waiting = TaskInsights(tasks: sparse, now: now, calendar: tokyo).forecast
    #expect(waiting.waiting == .tooFew)
    #expect(
      waiting.waiting?.words
        == "The forecast needs at least 5 tasks completed in the last 30 days; it appears once you have them."
    )
    // When a fifth comes, 14 days after the first one: the forecast is shown
    let enough = [done("a", daysAgo: [14, 10, 7, 3, 1]), done("b", daysAgo: [], open: true)]
    let ready = TaskInsights(tasks: enough, now: now, calendar: tokyo).forecast
    #expect(ready.waiting == nil)
    #expect(ready.velocity == 5.0 / 30)
  }
}
