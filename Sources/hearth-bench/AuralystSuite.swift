import AuralystApp
import AuralystCore
import Foundation
import HearthCore
import HearthEngines
import HearthPlatform
import HearthSQLite
import HearthServer

/// Auralyst's insights on five years of one person's journal, beside the time to load those
/// rows from SQLite.
struct AuralystSuite {
  var days: Int
  var entries: Int
  var workDirectory: String

  struct Result: Codable, Sendable {
    var info: RunInfo
    var days: Int
    var entries: Int
    var intakes: Int
    var medications: Int
    /// Insights over each window, every row of the five years in memory.
    var insights: [String: Distribution]
    /// Every row from SQLite, decoded.
    var loadAll: Distribution
    /// The 90 days' rows the server loads for a 90-day window, decoded.
    var loadQuarter: Distribution
  }

  static let zone = "America/New_York"
  /// Sunday 2026-11-22, 17:00 UTC: a fixed "now" keeps runs comparable.
  static let now = Date(timeIntervalSince1970: 1_795_366_800)

  func run() async throws -> Result {
    let path = workDirectory + "/auralyst.sqlite"
    for suffix in ["", "-wal", "-shm"] {
      try? FileManager.default.removeItem(atPath: path + suffix)
    }
    let database = try SQLiteDatabase(path: path)
    try await database.migrate(HearthServer.schemas)
    let journal = Journal(
      id: "journal", ownerID: "owner", title: "Five years", timeZone: Self.zone,
      createdAt: Self.now.addingTimeInterval(-Double(days) * 86_400))
    try await database.createUser(
      User(
        id: "owner", email: "owner@example.com", displayName: "Owner", phone: nil,
        passwordHash: "x", timeZone: Self.zone, createdAt: journal.createdAt))
    try await database.auralystStore.createAuralystJournal(
      journal, events: [], at: journal.createdAt)
    let data = JournalData.generate(journal: journal, days: days, entries: entries, now: Self.now)
    note(
      "storing \(data.entries.count) entries, \(data.intakes.count) intakes and "
        + "\(data.medications.count) medications")
    let at = Self.now
    let puts =
      data.entries.map { AuralystRecordCoding.record($0, at: at) }
      + data.medications.map { AuralystRecordCoding.record($0, at: at) }
      + data.intakes.map { AuralystRecordCoding.record($0, journalID: journal.id, at: at) }
    try await database.auralystStore.changeAuralyst(journalID: journal.id, reading: [], at: at) {
      _ in AuralystChange(inserts: puts)
    }

    func load(from: Date?) async throws -> (
      [SymptomEntry], [Medication], [MedicationIntake]
    ) {
      let rows = try await database.auralystStore.auralystRecords(
        journalID: journal.id, kinds: [.entry, .intake], from: from, until: Self.now)
      let medications = try await database.auralystStore.auralystRecords(
        journalID: journal.id, kinds: [.medication], from: nil, until: nil)
      return (
        try rows.compactMap(AuralystRecordCoding.entry),
        try medications.compactMap(AuralystRecordCoding.medication),
        try rows.compactMap(AuralystRecordCoding.intake)
      )
    }
    note("loading every row, 15 times")
    var loadAll: [Double] = []
    var loaded: ([SymptomEntry], [Medication], [MedicationIntake]) = ([], [], [])
    for _ in 0..<15 {
      let start = monotonicNanos()
      loaded = try await load(from: nil)
      loadAll.append(milliseconds(monotonicNanos() - start))
    }
    guard loaded.0.count == data.entries.count, loaded.2.count == data.intakes.count else {
      throw BenchError("loaded \(loaded.0.count) entries and \(loaded.2.count) intakes")
    }
    var loadQuarter: [Double] = []
    for _ in 0..<15 {
      let start = monotonicNanos()
      _ = try await load(from: Self.now.addingTimeInterval(-92 * 86_400))
      loadQuarter.append(milliseconds(monotonicNanos() - start))
    }
    try await database.close()

    note("computing insights, 25 times per window")
    var insights: [String: Distribution] = [:]
    for window in InsightWindow.allCases {
      var times: [Double] = []
      for _ in 0..<25 {
        let start = monotonicNanos()
        let result = Insights(
          journal: journal, entries: loaded.0, medications: loaded.1, intakes: loaded.2,
          window: window, now: Self.now)
        times.append(milliseconds(monotonicNanos() - start))
        guard result.entries > 0, !result.adherence.isEmpty else {
          throw BenchError("insights over \(window.rawValue) saw no data")
        }
      }
      insights[window.rawValue] = Distribution(times)
    }
    return Result(
      info: .current(), days: days, entries: data.entries.count, intakes: data.intakes.count,
      medications: data.medications.count, insights: insights,
      loadAll: Distribution(loadAll), loadQuarter: Distribution(loadQuarter))
  }
}

/// A plausible journal: entries at waking-hour times with weekly and monthly rhythms, four
/// scheduled medications (eight doses a day, nine in ten taken near their time) and three
/// taken as needed. A fixed seed makes every run the same data.
struct JournalData {
  var entries: [SymptomEntry] = []
  var medications: [Medication] = []
  var intakes: [MedicationIntake] = []

  static func generate(journal: Journal, days: Int, entries count: Int, now: Date) -> JournalData {
    var random = SplitMix(seed: 20_261_122)
    var data = JournalData()
    let clock = ZoneClock(
      timeZone: TimeZone(identifier: journal.timeZone)!,
      span: now.addingTimeInterval(-Double(days + 1) * 86_400)...now)
    let today = clock.local(now).day
    func schedule(_ id: String, _ hour: Int, _ days: Set<Int> = Set(1...7)) -> MedicationSchedule {
      MedicationSchedule(id: id, hour: hour, minute: 0, amount: 1, cadence: .weekdays(days))
    }
    data.medications = [
      Medication(
        id: "m-mag", journalID: journal.id, name: "Magnesium", defaultAmount: 400,
        defaultUnit: "mg",
        schedules: [
          schedule("s-mag-am", 8), schedule("s-mag-noon", 14), schedule("s-mag-pm", 20),
        ],
        authorID: "owner"),
      Medication(
        id: "m-prop", journalID: journal.id, name: "Propranolol", defaultAmount: 40,
        defaultUnit: "mg", schedules: [schedule("s-prop-am", 7), schedule("s-prop-pm", 19)],
        authorID: "owner"),
      Medication(
        id: "m-b2", journalID: journal.id, name: "Riboflavin", defaultAmount: 200,
        defaultUnit: "mg",
        schedules: [schedule("s-b2", 9, [2, 3, 4, 5, 6]), schedule("s-b2-we", 10, [1, 7])],
        authorID: "owner"),
      Medication(
        id: "m-mel", journalID: journal.id, name: "Melatonin", defaultAmount: 3,
        defaultUnit: "mg",
        schedules: [
          MedicationSchedule(
            id: "s-mel", hour: 22, minute: 30, cadence: .everyDays(1, start: "2020-01-01")),
          schedule("s-mel-early", 21),
        ], authorID: "owner"),
      Medication(
        id: "m-ibu", journalID: journal.id, name: "Ibuprofen", defaultAmount: 200,
        defaultUnit: "mg", useCase: "pain", isAsNeeded: true, authorID: "owner"),
      Medication(
        id: "m-suma", journalID: journal.id, name: "Sumatriptan", defaultAmount: 50,
        defaultUnit: "mg", useCase: "migraine", isAsNeeded: true, authorID: "owner"),
      Medication(
        id: "m-zop", journalID: journal.id, name: "Zopiclone", defaultAmount: 3.75,
        defaultUnit: "mg", useCase: "sleep", isAsNeeded: true, authorID: "owner"),
    ]
    for index in 0..<count {
      var day = today - days + 1 + Int(random.next() % UInt64(days))
      let minute = 6 * 60 + Int(random.next() % (17 * 60))
      if clock.instant(day: day, minute: minute) > now { day -= 1 }
      let rhythm = (day % 7 == 3 ? 2 : 0) + (day % 28 < 5 ? 2 : 0)
      let severity = min(10, Int(random.next() % 7) + rhythm)
      data.entries.append(
        SymptomEntry(
          id: "e\(index)", journalID: journal.id,
          timestamp: clock.instant(day: day, minute: minute),
          severity: severity,
          symptomSeverities: random.next() % 3 == 0 ? ["Headache": Int(random.next() % 11)] : [:],
          isMenstruating: day % 28 < 5, authorID: "owner"))
    }
    var number = 0
    for day in (today - days + 1)...today {
      let calendarDay = CalendarDay(daysSince1970: day)
      for medication in data.medications where !medication.isAsNeeded {
        for dose in medication.doses where dose.isDue(on: calendarDay) && random.next() % 10 != 0 {
          let late = Int(random.next() % 40) - 10
          let instant = clock.instant(day: day, minute: dose.hour * 60 + dose.minute + late)
          guard instant <= now else { continue }
          number += 1
          data.intakes.append(
            MedicationIntake(
              id: "i\(number)", medicationID: medication.id,
              scheduleID: random.next() % 2 == 0 ? dose.id : nil, origin: .scheduled,
              amount: dose.amount, timestamp: instant,
              scheduledDate: calendarDay.description, authorID: "owner"))
        }
      }
      for _ in 0..<Int(random.next() % 8) {
        let medication = data.medications[4 + Int(random.next() % 3)]
        number += 1
        let instant = clock.instant(day: day, minute: 7 * 60 + Int(random.next() % (15 * 60)))
        guard instant <= now else { continue }
        data.intakes.append(
          MedicationIntake(
            id: "i\(number)", medicationID: medication.id, origin: .asNeeded,
            timestamp: instant, authorID: "owner"))
      }
    }
    data.entries.sort { $0.timestamp < $1.timestamp }
    return data
  }
}

/// A small, fast, seeded generator (SplitMix64).
struct SplitMix: RandomNumberGenerator {
  var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
