import Foundation
import Testing

@testable import AuralystCore

/// Days with acute medication per calendar month of the journal's zone (New York), each dose
/// on its own day in the zone it was logged in, across a month's end and both DST changes.
@Suite struct MedicationMonthTests {
  static let zone = InsightsTests.zone
  static let medications = [
    Medication(id: "triptan", journalID: "j", name: "Sumatriptan", isAsNeeded: true, authorID: "o"),
    Medication(id: "magnesium", journalID: "j", name: "Magnesium", authorID: "o"),
  ]

  static func dose(
    _ id: String, _ medication: String, at date: Date, origin: MedicationIntake.Origin = .asNeeded,
    status: MedicationIntake.Status? = nil, zone: String? = nil
  ) -> MedicationIntake {
    MedicationIntake(
      id: id, medicationID: medication, origin: origin, timestamp: date, authorID: "o",
      status: status, timeZone: zone)
  }

  /// A wall-clock time in `zone`, by Foundation's calendar; `repeated` takes the second 01:30
  /// of a fall-back night.
  static func wall(_ text: String, _ zone: String = "America/New_York", repeated: Bool = false)
    -> Date
  {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: zone)!
    let parts = text.split { $0 == "-" || $0 == " " || $0 == ":" }.map { Int($0)! }
    let components = DateComponents(
      year: parts[0], month: parts[1], day: parts[2], hour: parts[3], minute: parts[4])
    let first = calendar.date(from: components)!
    return repeated ? first + 3600 : first
  }

  @Test func novemberAcrossTheMonthsEndAndTheClocksGoingBack() {
    let intakes = [
      // 23:30 on 31 October in New York is already 1 November in UTC: October's
      Self.dose("a", "triptan", at: Self.wall("2026-10-31 23:30")),
      // Both 01:30s of the night the clocks go back (1 November) are one day
      Self.dose("b", "triptan", at: Self.wall("2026-11-01 01:30")),
      Self.dose("c", "triptan", at: Self.wall("2026-11-01 01:30", repeated: true)),
      // Two doses on the 5th: one day
      Self.dose("d", "triptan", at: Self.wall("2026-11-05 08:00")),
      Self.dose("e", "triptan", at: Self.wall("2026-11-05 20:00")),
      // Skipped, or a scheduled preventive: no acute medication taken
      Self.dose("f", "triptan", at: Self.wall("2026-11-06 08:00"), status: .skipped),
      Self.dose("g", "magnesium", at: Self.wall("2026-11-07 08:00"), origin: .scheduled),
      // An extra dose of the preventive taken as needed counts
      Self.dose("h", "magnesium", at: Self.wall("2026-11-08 15:00")),
      // Logged in Paris at 00:30 on the 10th (18:30 on the 9th in New York): the 10th
      Self.dose(
        "i", "triptan", at: Self.wall("2026-11-10 00:30", "Europe/Paris"), zone: "Europe/Paris"),
      Self.dose("j", "triptan", at: Self.wall("2026-11-09 12:00")),
      // September, and one after now
      Self.dose("k", "triptan", at: Self.wall("2026-09-30 22:00")),
      Self.dose("l", "triptan", at: Self.wall("2026-11-22 13:00")),
    ]
    let months = MedicationMonth.months(
      3, intakes: intakes, medications: Self.medications, timeZone: Self.zone,
      now: InsightsTests.now)
    // November: the 1st, 5th, 8th, 9th and 10th
    #expect(
      months == [
        MedicationMonth(month: "2026-11", days: 5, isCurrent: true),
        MedicationMonth(month: "2026-10", days: 1, isCurrent: false),
        MedicationMonth(month: "2026-09", days: 1, isCurrent: false),
      ])
    #expect(!months[0].needsAttention)
    // Reading starts before 1 September in New York
    let since = MedicationMonth.since(3, timeZone: Self.zone, now: InsightsTests.now)
    #expect(since <= Self.wall("2026-09-01 00:00") && since > Self.wall("2026-08-30 00:00"))
  }

  @Test func marchAcrossTheClocksGoingForwardAndAYearsEnd() {
    // 8 March 2026: 02:00 becomes 03:00 in New York. Ten days with doses in March, one in
    // February's last minute.
    let march = (1...10).map { day in
      Self.dose("m\(day)", "triptan", at: Self.wall(String(format: "2026-03-%02d 03:30", day)))
    }
    let intakes = march + [Self.dose("feb", "triptan", at: Self.wall("2026-02-28 23:59"))]
    let now = Self.wall("2026-03-15 12:00")
    let months = MedicationMonth.months(
      2, intakes: intakes, medications: Self.medications, timeZone: Self.zone, now: now)
    #expect(months.map(\.month) == ["2026-03", "2026-02"] && months.map(\.days) == [10, 1])
    #expect(months[0].needsAttention && !months[1].needsAttention)
    // In January the months before are December and November of the year before
    let january = MedicationMonth.months(
      3, intakes: [], medications: [], timeZone: Self.zone, now: Self.wall("2027-01-01 00:10"))
    #expect(january.map(\.month) == ["2027-01", "2026-12", "2026-11"])
    #expect(january.allSatisfy { $0.days == 0 })
  }

  @Test func aCheckInIsDueOnADayWithoutEntries() throws {
    let entries = [
      InsightsTests.entry("late", "2026-11-20 23:30", 4),
      // Written in Tokyo at 08:00 on the 22nd: the 21st in New York, the 22nd where it was made
      SymptomEntry(
        id: "tokyo", journalID: "j", timestamp: Self.wall("2026-11-22 08:00", "Asia/Tokyo"),
        severity: 3, authorID: "o", timeZone: "Asia/Tokyo"),
    ]
    func due(_ day: String) -> Bool {
      CheckIn.isDue(day: CalendarDay(day)!, entries: entries, timeZone: Self.zone)
    }
    #expect(!due("2026-11-20") && due("2026-11-21") && !due("2026-11-22"))
    #expect(CheckIn.isDue(day: CalendarDay("2026-11-20")!, entries: [], timeZone: Self.zone))
    #expect(try CheckIn.minute("07:05") == 425 && CheckIn.text(425) == "07:05")
    #expect(throws: ValidationError(field: "time", "The time is a 24-hour time like 20:00.")) {
      try CheckIn.minute("24:00")
    }
  }
}
