import Foundation
import HearthCore
import Testing

@Suite struct NotificationPreferencesTests {
  static let newYork = TimeZone(identifier: "America/New_York")!
  static let berlin = TimeZone(identifier: "Europe/Berlin")!

  static func utc(_ text: String) -> Date { try! Date(text, strategy: .iso8601) }

  @Test func choicesOverrideEachKindsDefaults() {
    let quiet = NotificationKind("a.b", label: "B", defaultChannels: [.inbox])
    var preferences = NotificationPreferences()
    #expect(preferences.isOn(.inbox, for: quiet))
    #expect(!preferences.isOn(.push, for: quiet))
    preferences.choices["a.b"] = [.push: true, .inbox: false]
    #expect(preferences.isOn(.push, for: quiet))
    #expect(!preferences.isOn(.inbox, for: quiet))
  }

  @Test(arguments: [
    // 22:00–07:00 in New York (UTC−5 in winter): 23:30 local waits for 07:00 the next morning.
    ("2026-01-10T04:30:00Z", "2026-01-10T12:00:00Z"),
    // 06:59 local is still quiet; 07:00 is not.
    ("2026-01-10T11:59:00Z", "2026-01-10T12:00:00Z"),
    ("2026-01-10T12:00:00Z", "2026-01-10T12:00:00Z"),
    // 21:59 local is before the quiet hours.
    ("2026-01-10T02:59:00Z", "2026-01-10T02:59:00Z"),
    // The night clocks spring forward (Mar 8): 07:00 is already daylight time, 11:00Z.
    ("2026-03-08T04:00:00Z", "2026-03-08T11:00:00Z"),
    // The night clocks fall back (Nov 1): 07:00 is standard time again, 12:00Z.
    ("2026-11-01T03:00:00Z", "2026-11-01T12:00:00Z"),
  ])
  func quietHoursWrappingMidnightEndAtTheLocalMorning(now: String, allowed: String) {
    let quiet = QuietHours(start: 22 * 60, end: 7 * 60)!
    #expect(quiet.nextAllowed(after: Self.utc(now), in: Self.newYork) == Self.utc(allowed))
  }

  @Test func quietHoursWithinOneDayAndAcrossBerlinsSpringForward() {
    let afternoon = QuietHours(start: 13 * 60, end: 15 * 60)!
    #expect(
      afternoon.nextAllowed(after: Self.utc("2026-07-01T11:30:00Z"), in: Self.berlin)
        == Self.utc("2026-07-01T13:00:00Z"))
    // Quiet from 01:00 to 02:30 on Mar 29: 02:30 does not exist that night, so the
    // devices may ring when the clock jumps to 03:00 (01:00Z).
    let night = QuietHours(start: 60, end: 150)!
    #expect(
      night.nextAllowed(after: Self.utc("2026-03-29T00:15:00Z"), in: Self.berlin)
        == Self.utc("2026-03-29T01:00:00Z"))
  }

  @Test func timesReadAsATimeInputWritesThem() {
    #expect(QuietHours.minutes("07:05") == 425)
    #expect(QuietHours.minutes("23:59") == 1439)
    for bad in ["7:05", "24:00", "12:60", "noon", "", "12:00:00"] {
      #expect(QuietHours.minutes(bad) == nil)
    }
    #expect(QuietHours.text(425) == "07:05")
    #expect(QuietHours(start: 600, end: 600) == nil)
    #expect(QuietHours(start: 1440, end: 0) == nil)
  }

  @Test func theDigestTimeIsADailyRuleInTheGivenZone() throws {
    #expect(NotificationPreferences().digestRule(zone: "Europe/Berlin") == nil)
    #expect(NotificationPreferences(digestTime: 1440).digestTime == nil)
    let rule = try #require(
      NotificationPreferences(digestTime: 7 * 60 + 30).digestRule(zone: "Europe/Berlin"))
    #expect(rule == RecurrenceRule(zone: "Europe/Berlin", hour: 7, minute: 30))
    // Berlin springs forward on Mar 29: 07:30 moves from 06:30Z to 05:30Z.
    #expect(
      rule.nextOccurrence(after: Self.utc("2026-03-28T07:00:00Z"))?.instant
        == Self.utc("2026-03-29T05:30:00Z"))
  }
}
