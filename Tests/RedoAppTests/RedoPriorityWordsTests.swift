import CanonicalJSON
import HearthCore
import HearthPlatform
import RedoCore
import Testing

@testable import RedoApp

/// Every page says a priority the same way, p1 the most urgent ("P1 · Urgent" is the protocol's
/// 5), and the analytics forecast says nothing numeric before it has the history for it.
@Suite struct RedoPriorityWordsTests {
  let tokyo = DayCalendar(identifier: "Asia/Tokyo")!
  let now = WallTime(wall: "2026-11-25T12:00:00.000Z")!

  func task(priority: Int) -> RedoTask {
    var task = RedoTask(id: "t", userId: "u", title: "Call mum", created: now)
    task.priority = priority
    task.todos = [
      TodoItem(
        id: "t-1", deadline: now, notes: "", completed: nil, lamport: 2, wall: now.description,
        nodeId: "n2")
    ]
    return task
  }

  @Test func theEditMenuListsP1First() {
    // Given the edit form's priority menu for a P2 task
    let menu = RedoPage.priorityOptions(selected: 4).render()
    // Then it runs from P1 (the protocol's 5) to P5 (its 1), with the task's own chosen
    #expect(
      menu
        == #"<option value="5">P1 · Urgent</option><option value="4" selected>P2 · High</option>"#
        + #"<option value="3">P3 · Medium</option><option value="2">P4 · Low</option>"#
        + #"<option value="1">P5 · Someday</option>"#)
  }

  @Test func theTaskPageTheListAndTheFiltersSayTheSame() {
    let summary = RedoTaskPage.summary(task(priority: 4), due: "Due today").render()
    #expect(summary.contains("<dt>Priority</dt><dd>P2 · High</dd>"))
    let row = RedoListPage.row(
      .init(task: task(priority: 5), due: "Due today", rank: 1, isOverdue: false, canWrite: true)
    ).render()
    #expect(row.contains(" · P1 · Urgent priority"))
    let filters = RedoListPage.filters(TaskFilter()).render()
    #expect(
      filters.contains(
        #"<input type="checkbox" name="priority" value="1"> P5 · Someday</label>"#))
  }

  @Test func theHistorySaysTheSame() {
    func node(_ action: NodeAction, _ payload: [String: JSON]) -> RedoNode {
      RedoNode(
        id: "sha256:" + String(repeating: "a", count: 64), parents: [], lamport: 1,
        wall: now.description,
        author: .init(userId: "u", deviceId: "d", publicKey: "k"), action: action, taskId: "t",
        payload: payload, signature: nil)
    }
    let zone = tokyo.timeZone
    #expect(
      RedoHistory.describe(node(.create, ["title": "Call mum", "priority": 4]), zone: zone)
        == "Created “Call mum” (P2 · High priority)")
    #expect(
      RedoHistory.describe(node(.update, ["priority": 1]), zone: zone)
        == "Changed the priority to P5 · Someday")
  }

  @Test func theAnalyticsPageNamesPrioritiesAndWaitsToForecast() {
    // Given a first-day user: one task done today, five P2 tasks to do
    var done = task(priority: 4)
    done.todos[0].completed = now
    let tasks = [done] + (1...5).map { _ in task(priority: 4) }
    // When the analytics page is drawn
    let page = RedoAnalyticsPage.render(
      PageContext(userName: "Ann", path: "/redo/analytics"),
      analytics: TaskAnalytics(tasks: tasks, now: now, calendar: tokyo),
      insights: TaskInsights(tasks: tasks, now: now, calendar: tokyo))
    // Then the load by priority runs from P1, and the forecast gives words, not numbers
    #expect(page.contains(#"<th scope="row">P1 · Urgent</th>"#))
    #expect(page.contains(#"<th scope="row">P2 · High</th>"#))
    #expect(
      page.contains(
        "The forecast needs two weeks of completed tasks; it appears once you have them."))
    #expect(!page.contains("days of work"))
    #expect(!page.contains("completions a day"))
  }
}
