import Foundation
import Testing

@testable import AuralystCore

/// Insight blocks and cues on fixed journals, every number worked out by hand in the comments.
@Suite struct InsightsTests {
  static let zone = TimeZone(identifier: "America/New_York")!
  /// Sunday 2026-11-22, 12:00 in New York (UTC-5 since 1 November).
  static let now = local("2026-11-22 12:00")

  /// A New York wall-clock time, converted by Foundation's calendar (not by the code under test).
  static func local(_ text: String) -> Date {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    let parts = text.split { $0 == "-" || $0 == " " || $0 == ":" }.map { Int($0)! }
    return calendar.date(
      from: DateComponents(
        year: parts[0], month: parts[1], day: parts[2], hour: parts[3], minute: parts[4]))!
  }

  static let journal = Journal(
    id: "j", ownerID: "owner", title: "Mine", timeZone: "America/New_York",
    createdAt: local("2026-01-01 00:00"))

  static func entry(
    _ id: String, _ time: String, _ severity: Int, symptoms: [String: Int] = [:],
    menstruating: Bool? = nil
  ) -> SymptomEntry {
    SymptomEntry(
      id: id, journalID: "j", timestamp: local(time), severity: severity,
      symptomSeverities: symptoms, isMenstruating: menstruating, authorID: "owner")
  }

  static func intake(
    _ id: String, _ medication: String, _ time: String, origin: MedicationIntake.Origin,
    schedule: String? = nil, day: String? = nil, amount: Double? = nil
  ) -> MedicationIntake {
    MedicationIntake(
      id: id, medicationID: medication, scheduleID: schedule, origin: origin, amount: amount,
      timestamp: local(time), scheduledDate: day, authorID: "owner")
  }

  static let entries = [
    entry("e1", "2026-11-16 06:00", 8, menstruating: true),
    entry("e2", "2026-11-16 20:00", 4, menstruating: true),
    entry("e3", "2026-11-17 07:30", 7),
    // Overall 0: the mean of the symptoms rated above 0, (6 + 3) / 2 = 4.5.
    entry("e4", "2026-11-18 09:00", 0, symptoms: ["Headache": 6, "Nausea": 0, "Anxiety": 3]),
    entry("e5", "2026-11-19 10:59", 9, menstruating: true),
    entry("e6", "2026-11-20 14:00", 2),
    // A calm entry counts as 0.
    entry("e7", "2026-11-21 08:00", 0, menstruating: false),
    entry("e8", "2026-11-15 23:59", 10),  // the day before the 7-day window
    entry("e9", "2026-11-22 13:00", 10),  // after now
    entry("e10", "2026-11-22 11:00", 3, menstruating: false),
    entry("e11", "2026-10-30 07:00", 8),  // in the 30-day window, before the clocks went back
  ]

  static let medications = [
    Medication(
      id: "ibu", journalID: "j", name: "Ibuprofen", defaultAmount: 200, defaultUnit: "mg",
      useCase: "pain", isAsNeeded: true, authorID: "owner"),
    Medication(
      id: "suma", journalID: "j", name: "Sumatriptan", defaultAmount: 50, defaultUnit: "mg",
      isAsNeeded: true, authorID: "owner"),
    Medication(
      id: "mag", journalID: "j", name: "Magnesium", defaultUnit: "mg",
      schedules: [
        MedicationSchedule(
          id: "s1", label: "Morning", hour: 8, minute: 0, amount: 400, unit: "mg",
          cadence: .weekdays([2, 3, 4, 5, 6]))
      ], authorID: "owner"),
    // Scheduled with no schedule: one daily dose at 08:00.
    Medication(id: "prop", journalID: "j", name: "Propranolol", authorID: "owner"),
    Medication(
      id: "old", journalID: "j", name: "Old med",
      schedules: [
        MedicationSchedule(
          id: "s2", hour: 9, minute: 0, cadence: .weekdays(Set(1...7)), isActive: false)
      ], authorID: "owner"),
  ]

  static let intakes = [
    intake("i1", "ibu", "2026-11-17 08:00", origin: .asNeeded, amount: 400),
    intake("i2", "ibu", "2026-11-19 11:30", origin: .asNeeded),
    intake("i3", "ibu", "2026-11-21 09:00", origin: .asNeeded, amount: 200),
    intake("i4", "suma", "2026-11-19 12:00", origin: .asNeeded),
    // Magnesium is due Monday 16 to Friday 20 at 08:00: five doses.
    // Checked off for Monday though taken at 10:00: it counts.
    intake(
      "i5", "mag", "2026-11-16 10:00", origin: .scheduled, schedule: "s1", day: "2026-11-16",
      amount: 400),
    intake(
      "i6", "mag", "2026-11-17 08:05", origin: .scheduled, schedule: "s1", day: "2026-11-17",
      amount: 400),
    // Not checked off, 14 minutes after the dose: it counts; 16 minutes after: it does not.
    intake("i7", "mag", "2026-11-18 08:14", origin: .scheduled, amount: 200),
    intake("i8", "mag", "2026-11-19 08:16", origin: .scheduled),
    // Propranolol's daily dose checked off on the 20th (in the evening) and the 22nd.
    intake("i9", "prop", "2026-11-20 21:00", origin: .scheduled, day: "2026-11-20"),
    intake("i10", "prop", "2026-11-22 08:00", origin: .scheduled, day: "2026-11-22"),
  ]

  static func insights(_ window: InsightWindow) -> Insights {
    Insights(
      journal: journal, entries: entries, medications: medications, intakes: intakes,
      window: window, now: now)
  }

  @Test func theSevenDayWindowIsTheLastSevenLocalDays() {
    let insights = Self.insights(.week)
    #expect(insights.firstDay == "2026-11-16" && insights.lastDay == "2026-11-22")
    #expect(insights.timeZone == "America/New_York")
    // e1-e7 and e10; e8 is the evening before, e9 is still to come.
    #expect(insights.entries == 8)
  }

  /// Each day's mean and highest, and the 7-day rolling mean of the daily means. e8 (10, the
  /// evening before the window) counts in the first six days' rolling means, but has no row.
  @Test func averageSeverityIsTheMeanOfEachDay() {
    let days = Self.insights(.week).averageSeverity
    let expected: [Insights.DailySeverity] = [
      // (8 + 4) / 2 = 6, highest 8; rolling over the 15th and 16th: (10 + 6) / 2 = 8
      .init(
        day: "2026-11-16", average: 6, entries: 2, maximum: 8, rollingAverage: 8, rollingDays: 2),
      // (10 + 6 + 7) / 3
      .init(
        day: "2026-11-17", average: 7, entries: 1, maximum: 7, rollingAverage: 23.0 / 3,
        rollingDays: 3),
      // e4 is 4.5, its own highest; (10 + 6 + 7 + 4.5) / 4 = 6.875
      .init(
        day: "2026-11-18", average: 4.5, entries: 1, maximum: 4.5, rollingAverage: 6.875,
        rollingDays: 4),
      // 36.5 / 5
      .init(
        day: "2026-11-19", average: 9, entries: 1, maximum: 9, rollingAverage: 7.3, rollingDays: 5),
      // 38.5 / 6
      .init(
        day: "2026-11-20", average: 2, entries: 1, maximum: 2, rollingAverage: 38.5 / 6,
        rollingDays: 6),
      // the 15th to the 21st, seven days with entries: 38.5 / 7 = 5.5
      .init(
        day: "2026-11-21", average: 0, entries: 1, maximum: 0, rollingAverage: 5.5,
        rollingDays: 7),
      // the 16th to the 22nd, the 15th dropped: (6 + 7 + 4.5 + 9 + 2 + 0 + 3) / 7 = 4.5
      .init(
        day: "2026-11-22", average: 3, entries: 1, maximum: 3, rollingAverage: 4.5,
        rollingDays: 7),
    ]
    #expect(days == expected)
  }

  @Test func theHeatmapIsByLocalWeekdayAndHour() {
    let cells = Self.insights(.week).heatmap
    let expected: [Insights.HeatmapCell] = [
      .init(weekday: 1, hour: 11, average: 3, entries: 1),
      .init(weekday: 2, hour: 6, average: 8, entries: 1),
      .init(weekday: 2, hour: 20, average: 4, entries: 1),
      .init(weekday: 3, hour: 7, average: 7, entries: 1),
      .init(weekday: 4, hour: 9, average: 4.5, entries: 1),
      .init(weekday: 5, hour: 10, average: 9, entries: 1),
      .init(weekday: 6, hour: 14, average: 2, entries: 1),
      .init(weekday: 7, hour: 8, average: 0, entries: 1),
    ]
    #expect(cells == expected)
  }

  @Test func medicationEffectIsTheBaselineLessTheMeanOnDaysTaken() {
    let insights = Self.insights(.week)
    // (6 + 7 + 4.5 + 9 + 2 + 0 + 3) / 7
    #expect(insights.baseline == 4.5)
    let expected: [Insights.MedicationEffect] = [
      // Days 20 and 22: (2 + 3) / 2 = 2.5.
      .init(
        medicationID: "prop", name: "Propranolol", effect: 2, averageOnDaysTaken: 2.5,
        daysTaken: 2, daysWithout: 5),
      // Days 17, 19, 21: (7 + 9 + 0) / 3.
      .init(
        medicationID: "ibu", name: "Ibuprofen", effect: 4.5 - 16.0 / 3,
        averageOnDaysTaken: 16.0 / 3, daysTaken: 3, daysWithout: 4),
      // Days 16 to 19: (6 + 7 + 4.5 + 9) / 4.
      .init(
        medicationID: "mag", name: "Magnesium", effect: 4.5 - 6.625, averageOnDaysTaken: 6.625,
        daysTaken: 4, daysWithout: 3),
      .init(
        medicationID: "suma", name: "Sumatriptan", effect: -4.5, averageOnDaysTaken: 9,
        daysTaken: 1, daysWithout: 6),
    ]
    #expect(insights.medicationEffects == expected)
  }

  @Test func adherenceCountsDueDosesAgainstIntakes() {
    let adherence = Self.insights(.week).adherence
    let expected: [Insights.Adherence] = [
      .init(
        medicationID: "ibu", name: "Ibuprofen", isAsNeeded: true, logged: 3,
        averageDose: 800.0 / 3, unit: "mg"),
      .init(
        medicationID: "mag", name: "Magnesium", isAsNeeded: false, scheduled: 5, taken: 3,
        rate: 0.6, logged: 4, averageDose: 1000.0 / 3, unit: "mg", late: 0, skipped: 0),
      .init(
        medicationID: "old", name: "Old med", isAsNeeded: false, scheduled: 0, taken: 0,
        logged: 0, late: 0, skipped: 0),
      // Due every day at 08:00, the 22nd's included (it is noon).
      .init(
        medicationID: "prop", name: "Propranolol", isAsNeeded: false, scheduled: 7, taken: 2,
        rate: 2.0 / 7, logged: 2, late: 0, skipped: 0),
      .init(
        medicationID: "suma", name: "Sumatriptan", isAsNeeded: true, logged: 1,
        averageDose: 50, unit: "mg"),
    ]
    #expect(adherence == expected)
  }

  @Test func menstruationImpactComparesBothGroups() {
    let impact = Self.insights(.week).menstruation
    // While: 8, 4, 9. Otherwise: 7, 4.5, 2, 0, 3.
    #expect(impact.averageWhile == 7 && impact.entriesWhile == 3)
    #expect(impact.averageOtherwise == 3.3 && impact.entriesOtherwise == 5)
    #expect(impact.difference == 7 - 3.3)
  }

  @Test func symptomBreakdownAveragesOverallAndEachRatedSymptom() {
    let expected: [Insights.SymptomAverage] = [
      // The insight severities, as in every block: (8 + 4 + 7 + 4.5 + 9 + 2 + 0 + 3) / 8; the
      // entry rated 0 overall with symptoms rated counts as their mean, 4.5
      .init(name: "Overall", average: 4.6875, entries: 8),
      .init(name: "Headache", average: 6, entries: 1),
      .init(name: "Anxiety", average: 3, entries: 1),
    ]
    #expect(Self.insights(.week).symptomBreakdown == expected)
  }

  @Test func asNeededUsageIsGroupedByUseCaseOrName() {
    let expected: [Insights.AsNeededUse] = [
      .init(useCase: "pain", count: 3, medications: ["Ibuprofen"]),
      .init(useCase: "Sumatriptan", count: 1, medications: ["Sumatriptan"]),
    ]
    #expect(Self.insights(.week).asNeededUsage == expected)
  }

  @Test func theWeekRaisesTheMorningAndMenstruationCuesWithTheirEvidence() {
    #expect(
      Self.insights(.week).cues == [
        GentleCue(
          kind: .morningHighs, message: "Noticed 3 mornings this week with level ≥7.",
          suggestion: "Tag wake time or sleep quality to give context.",
          evidence:
            "Based on 3 entries rated 7 or more between 05:00 and 10:59 on 3 mornings.",
          evidenceCount: 3),
        // Propranolol's effect is 2.0, but on 2 days only: no medication cue.
        GentleCue(
          kind: .menstruation, message: "Severity runs 3.7 points higher while menstruating.",
          suggestion: "Include cycle tags in notes to keep context clear.",
          evidence: "Based on 3 entries while menstruating and 5 otherwise.", evidenceCount: 8),
      ])
  }

  @Test func theThirtyDayWindowCrossesTheClockChange() {
    let insights = Self.insights(.month)
    #expect(insights.firstDay == "2026-10-24" && insights.lastDay == "2026-11-22")
    // e8 (the 15th) and e11 (30 October, 07:00 daylight time) join the week's eight.
    #expect(insights.entries == 10)
    #expect(
      insights.averageSeverity.first
        == .init(
          day: "2026-10-30", average: 8, entries: 1, maximum: 8, rollingAverage: 8,
          rollingDays: 1))
    #expect(insights.heatmap.contains(.init(weekday: 6, hour: 7, average: 8, entries: 1)))
    #expect(
      insights.cues.first
        == GentleCue(
          kind: .morningHighs, message: "Morning severity ≥7 appears 4 times in the last 30d.",
          suggestion: "Tag wake time or sleep quality to clarify triggers.",
          evidence:
            "Based on 4 entries rated 7 or more between 05:00 and 10:59 on 4 mornings.",
          evidenceCount: 4))
    // Magnesium: weekdays from Monday 26 October, 20 due; Propranolol: 30 due.
    let due = Dictionary(uniqueKeysWithValues: insights.adherence.map { ($0.name, $0.scheduled) })
    #expect(due["Magnesium"] == 20 && due["Propranolol"] == 30)
  }

  @Test func aMedicationCueNeedsThreeDaysWithAndWithout() {
    let days = ["2026-11-16", "2026-11-17", "2026-11-18", "2026-11-19", "2026-11-20", "2026-11-21"]
    let entries = days.enumerated().map { index, day in
      Self.entry("e\(index)", "\(day) 12:00", index < 3 ? 2 : 6)
    }
    let taken = days.prefix(3).enumerated().map { index, day in
      Self.intake("i\(index)", "ibu", "\(day) 09:00", origin: .asNeeded)
    }
    let insights = Insights(
      journal: Self.journal, entries: entries, medications: Self.medications,
      intakes: taken, window: .week, now: Self.now)
    // Baseline (3 x 2 + 3 x 6) / 6 = 4; on days taken 2.
    #expect(
      insights.cues == [
        GentleCue(
          kind: .medicationCorrelation,
          message: "Ibuprofen correlates with lower severity (2.0 points lower on days taken).",
          suggestion: "Keep noting when you take it to confirm the pattern.",
          evidence: "Based on 3 days with it and 3 days without.", evidenceCount: 6)
      ])
    // Two days without are not enough.
    let fewer = Insights(
      journal: Self.journal, entries: Array(entries.dropLast()), medications: Self.medications,
      intakes: taken, window: .week, now: Self.now)
    // Baseline (2 + 2 + 2 + 6 + 6) / 5 = 3.6, less 2.
    #expect(fewer.medicationEffects.first?.effect == 18.0 / 5 - 2)
    #expect(fewer.cues.isEmpty)
  }

  @Test func anEmptyJournalHasEmptyBlocksAndNoCues() {
    let insights = Insights(
      journal: Self.journal, entries: [], medications: Self.medications, intakes: [],
      window: .week, now: Self.now)
    #expect(insights.entries == 0 && insights.baseline == nil)
    #expect(insights.averageSeverity.isEmpty && insights.heatmap.isEmpty)
    #expect(insights.medicationEffects.isEmpty && insights.symptomBreakdown.isEmpty)
    #expect(insights.asNeededUsage.isEmpty && insights.cues.isEmpty)
    #expect(
      insights.menstruation
        == .init(averageWhile: nil, averageOtherwise: nil, entriesWhile: 0, entriesOtherwise: 0))
    // Doses still fell due, and none was taken.
    #expect(insights.adherence.map(\.scheduled) == [nil, 5, 0, 7, nil])
    #expect(insights.adherence.map(\.rate) == [nil, 0, nil, 0, nil])
  }

  @Test func aSingleEntryJournalHasOneOfEverything() {
    let berlin = Journal(
      id: "j", ownerID: "owner", title: "One", timeZone: "Europe/Berlin",
      createdAt: Self.now)
    // 08:30 UTC is 09:30 in Berlin, on Thursday 20 November 2025.
    let entry = SymptomEntry(
      id: "e", journalID: "j", timestamp: Date(timeIntervalSince1970: 1_763_627_400),
      severity: 6, authorID: "owner")
    let insights = Insights(
      journal: berlin, entries: [entry], medications: [], intakes: [], window: .week,
      now: Date(timeIntervalSince1970: 1_763_812_800))
    #expect(insights.firstDay == "2025-11-16" && insights.lastDay == "2025-11-22")
    #expect(
      insights.averageSeverity == [
        .init(
          day: "2025-11-20", average: 6, entries: 1, maximum: 6, rollingAverage: 6,
          rollingDays: 1)
      ])
    #expect(insights.heatmap == [.init(weekday: 5, hour: 9, average: 6, entries: 1)])
    #expect(insights.baseline == 6 && insights.medicationEffects.isEmpty)
    #expect(
      insights.menstruation
        == .init(
          averageWhile: nil, averageOtherwise: 6, entriesWhile: 0, entriesOtherwise: 1))
    #expect(insights.symptomBreakdown == [.init(name: "Overall", average: 6, entries: 1)])
    #expect(insights.adherence.isEmpty && insights.asNeededUsage.isEmpty && insights.cues.isEmpty)
  }
}

extension InsightsTests {
  @Test func theWholeJournalStartsAtItsFirstRecord() {
    let insights = Self.insights(.all)
    // e11, on 30 October, is the first record.
    #expect(insights.firstDay == "2026-10-30" && insights.lastDay == "2026-11-22")
    #expect(insights.entries == 10)
    #expect(insights.cues.first?.message == "Morning severity ≥7 appears 4 times in this journal.")
    // Magnesium on weekdays from Friday 30 October: 1 + 3 x 5 = 16 due.
    let due = Dictionary(uniqueKeysWithValues: insights.adherence.map { ($0.name, $0.scheduled) })
    #expect(due["Magnesium"] == 16 && due["Propranolol"] == 24)
  }
}
