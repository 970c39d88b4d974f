import Foundation
import HearthCore
import RedoCore
import Testing

/// When a deadline reminder is due for a task as it stands, and how its notice is worded.
@Suite struct DeadlineReminderTests {
  static let paris = TimeZone(identifier: "Europe/Paris")!
  static let now = WallTime(rfc3339: "2026-11-30T12:00:00Z")!

  static func task(due: String?, completed: Bool = false, archived: Bool = false) -> RedoTask {
    DueTodayTests.task("Pay the rent", due: due, completed: completed, archived: archived)
  }

  @Test func theReminderComesTheChosenMinutesBeforeTheCurrentDeadline() {
    let task = Self.task(due: "2026-12-01T13:00:00Z")
    let deadline = WallTime(rfc3339: "2026-12-01T13:00:00Z")!
    let expected: [(Int, String)] = [
      (0, "2026-12-01T13:00:00Z"), (10, "2026-12-01T12:50:00Z"), (60, "2026-12-01T12:00:00Z"),
      (1440, "2026-11-30T13:00:00Z"),
    ]
    for (minutes, at) in expected {
      #expect(
        DeadlineReminder.next(task, minutesBefore: minutes, now: Self.now)
          == .at(WallTime(rfc3339: at)!, todoId: "todo-Pay the rent", deadline: deadline))
    }
  }

  @Test func noReminderIsDueAndEachReasonIsSaid() {
    let open = Self.task(due: "2026-11-30T12:30:00Z")
    #expect(DeadlineReminder.next(open, minutesBefore: nil, now: Self.now) == .none(.off))
    #expect(DeadlineReminder.next(open, minutesBefore: 60, now: Self.now) == .none(.passed))
    #expect(DeadlineReminder.next(open, minutesBefore: 30, now: Self.now) == .none(.passed))
    let cases: [(RedoTask, DeadlineReminder.Reason)] = [
      (Self.task(due: nil), .draft),
      (Self.task(due: "2026-12-01T13:00:00Z", completed: true), .done),
      (Self.task(due: "2026-12-01T13:00:00Z", archived: true), .archived),
    ]
    for (task, reason) in cases {
      #expect(DeadlineReminder.next(task, minutesBefore: 10, now: Self.now) == .none(reason))
      #expect(!reason.text.isEmpty)
    }
  }

  @Test func theNoticeSaysTheTimeInThePersonsZoneAndTheDayWhenItIsNotToday() {
    let deadline = WallTime(rfc3339: "2026-12-01T13:00:00Z")!
    func title(at: String) -> String {
      DeadlineReminder.title(
        "Pay the rent", deadline: deadline, at: WallTime(rfc3339: at)!, zone: Self.paris)
    }
    #expect(title(at: "2026-12-01T12:50:00Z") == "“Pay the rent” is due at 14:00")
    #expect(title(at: "2026-11-30T13:00:00Z") == "“Pay the rent” is due tomorrow at 14:00")
    #expect(title(at: "2026-11-29T13:00:00Z") == "“Pay the rent” is due Tue 1 Dec at 14:00")
    #expect(
      DeadlineReminder.text(WallTime(rfc3339: "2026-12-01T12:50:00Z")!, zone: Self.paris)
        == "Tue 1 Dec, 13:50")
  }
}
