import HearthCore
import RedoCore
import Testing

/// Which tasks the morning digest names, and how it words them.
@Suite struct DueTodayTests {
  static let tokyo = DayCalendar(identifier: "Asia/Tokyo")!
  static let day = LocalDay(year: 2026, month: 12, day: 1)

  static func task(
    _ title: String, due: String?, completed: Bool = false, archived: Bool = false
  ) -> RedoTask {
    var task = RedoTask(
      id: title, userId: "u", title: title, created: WallTime(rfc3339: "2026-11-01T00:00:00Z")!)
    task.archived = archived
    if let due {
      task.todos = [
        TodoItem(
          id: "todo-\(title)", deadline: WallTime(rfc3339: due)!, notes: "",
          completed: completed ? WallTime(rfc3339: "2026-11-30T00:00:00Z") : nil, lamport: 2,
          wall: "2026-11-01T00:00:00.000Z", nodeId: "n-\(title)")
      ]
    }
    return task
  }

  @Test func onlyOpenTasksDueOnTheLocalDayCountSoonestFirst() {
    // Tokyo is UTC+9: Dec 1 there runs from Nov 30 15:00 to Dec 1 15:00 UTC
    let tasks = [
      Self.task("Late", due: "2026-12-01T14:59:59Z"),
      Self.task("Early", due: "2026-11-30T15:00:00Z"),
      Self.task("Also early", due: "2026-11-30T15:00:00Z"),
      Self.task("Tomorrow", due: "2026-12-01T15:00:00Z"),
      Self.task("Overdue", due: "2026-11-30T14:59:59Z"),
      Self.task("Done", due: "2026-12-01T01:00:00Z", completed: true),
      Self.task("Archived", due: "2026-12-01T01:00:00Z", archived: true),
      Self.task("Draft", due: nil),
    ]
    let digest = DueToday(tasks, on: Self.day, calendar: Self.tokyo)
    #expect(digest.tasks.map(\.title) == ["Also early", "Early", "Late"])
    #expect(digest.title == "3 tasks due today")
    #expect(digest.body == "Also early\nEarly\nLate")
  }

  @Test func theNoticeNamesAFewAndCountsTheRest() {
    let many = (1...5).map { Self.task("Task \($0)", due: "2026-12-01T0\($0):00:00Z") }
    let digest = DueToday(many, on: Self.day, calendar: Self.tokyo)
    #expect(digest.title == "5 tasks due today")
    #expect(digest.body == "Task 1\nTask 2\nTask 3\nand 2 more")
    let one = DueToday(
      [Self.task("Water\nthe plants", due: "2026-12-01T01:00:00Z")], on: Self.day,
      calendar: Self.tokyo)
    #expect(one.title == "1 task due today" && one.body == "Water the plants")
    #expect(DueToday([], on: Self.day, calendar: Self.tokyo).title == nil)
    let long = DueToday(
      [Self.task(String(repeating: "x", count: 100), due: "2026-12-01T01:00:00Z")], on: Self.day,
      calendar: Self.tokyo)
    #expect(long.body.count == 80 && long.body.hasSuffix("…"))
  }
}
