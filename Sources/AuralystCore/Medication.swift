import Foundation

/// A medicine in the journal: taken as needed, or on schedules.
public struct Medication: Hashable, Codable, Sendable {
  public var id: String
  public var journalID: String
  public var name: String
  public var defaultAmount: Double?
  public var defaultUnit: String?
  /// What it is for ("pain", "sleep"): as-needed use is summarised by it.
  public var useCase: String?
  public var isAsNeeded: Bool
  public var notes: String?
  public var schedules: [MedicationSchedule]
  public var authorID: String
  /// When it was added to the journal: no dose of its first day before then is due. Nil for
  /// medications added before this was kept, and for imported ones.
  public var createdAt: Date?
  /// The first day its doses are due, in the journal's zone ("2026-11-22"); editable. Nil for
  /// older medications, which count from the day of `createdAt` (see `firstDay(in:)`).
  public var startDay: String?
  /// The zone the journal was in when it was added, which the day of `createdAt` is counted
  /// in; nil: the journal's.
  public var timeZone: String?

  public init(
    id: String, journalID: String, name: String, defaultAmount: Double? = nil,
    defaultUnit: String? = nil, useCase: String? = nil, isAsNeeded: Bool = false,
    notes: String? = nil, schedules: [MedicationSchedule] = [], authorID: String,
    createdAt: Date? = nil, startDay: String? = nil, timeZone: String? = nil
  ) {
    self.timeZone = timeZone
    self.createdAt = createdAt
    self.startDay = startDay
    self.id = id
    self.journalID = journalID
    self.name = name
    self.defaultAmount = defaultAmount
    self.defaultUnit = defaultUnit
    self.useCase = useCase
    self.isAsNeeded = isAsNeeded
    self.notes = notes
    self.schedules = schedules
    self.authorID = authorID
  }

  /// Trimmed text, no empty name, amounts above zero, every schedule valid.
  public func validated() throws(ValidationError) -> Medication {
    var medication = self
    medication.name = name.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !medication.name.isEmpty else {
      throw ValidationError(field: "name", "A medication needs a name.")
    }
    guard medication.name.count <= 120 else {
      throw ValidationError(field: "name", "A medication's name has at most 120 characters.")
    }
    if let amount = defaultAmount, !Self.amounts.contains(amount) {
      throw ValidationError(
        field: "defaultAmount", "The default amount is more than 0 and at most 1,000,000.")
    }
    if let startDay, CalendarDay(startDay) == nil {
      throw ValidationError(field: "startDate", "The start date looks like 2026-11-22.")
    }
    guard schedules.count <= Self.maximumSchedules else {
      throw ValidationError(
        field: "schedules", "A medication has at most \(Self.maximumSchedules) doses a day.")
    }
    medication.defaultUnit = Self.text(defaultUnit)
    medication.useCase = Self.text(useCase)
    medication.notes = Self.text(notes)
    medication.schedules = []
    for (index, schedule) in schedules.enumerated() {
      if schedules[..<index].contains(where: { $0.id == schedule.id }) {
        throw ValidationError(field: "schedules[\(index)].id", "Two doses have this id.")
      }
      do {
        medication.schedules.append(try schedule.validated())
      } catch {
        throw ValidationError(field: "schedules[\(index)].\(error.field)", error.message)
      }
    }
    return medication
  }

  /// Doses above 0 and, so that no typo breaks a page, at most a million of the unit.
  static let amounts = Double.leastNonzeroMagnitude...1_000_000
  static let maximumSchedules = 24

  static func text(_ value: String?) -> String? {
    let trimmed = value?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
    return trimmed.isEmpty ? nil : trimmed
  }
}

/// One dose slot: when (a time of day on chosen weekdays, or every N days from a start day),
/// how much, and whether it is still in use.
public struct MedicationSchedule: Hashable, Codable, Sendable {
  public enum Cadence: Hashable, Codable, Sendable {
    /// Calendar weekdays, 1 = Sunday ... 7 = Saturday.
    case weekdays(Set<Int>)
    /// Every `days` days, counting from `start` (a day in the journal's zone, "2026-11-22").
    case everyDays(Int, start: String)
  }

  public var id: String
  public var label: String?
  public var hour: Int
  public var minute: Int
  public var amount: Double?
  public var unit: String?
  public var cadence: Cadence
  public var isActive: Bool
  /// The first day a weekday schedule is due ("2026-11-22"): a dose added to a medication in
  /// use starts the day it is added. Nil: from the medication's start. (An every-N-days
  /// schedule starts on its cadence's first day, and keeps this nil.)
  public var startDay: String?

  public init(
    id: String, label: String? = nil, hour: Int, minute: Int, amount: Double? = nil,
    unit: String? = nil, cadence: Cadence, isActive: Bool = true, startDay: String? = nil
  ) {
    self.startDay = startDay
    self.id = id
    self.label = label
    self.hour = hour
    self.minute = minute
    self.amount = amount
    self.unit = unit
    self.cadence = cadence
    self.isActive = isActive
  }

  public func validated() throws(ValidationError) -> MedicationSchedule {
    guard (0...23).contains(hour), (0...59).contains(minute) else {
      throw ValidationError(field: "time", "A dose time is between 00:00 and 23:59.")
    }
    if let amount, !Medication.amounts.contains(amount) {
      throw ValidationError(field: "amount", "The amount is more than 0 and at most 1,000,000.")
    }
    switch cadence {
    case .weekdays(let days):
      guard !days.isEmpty else {
        throw ValidationError(field: "days", "Choose at least one day for this schedule.")
      }
      guard days.allSatisfy({ (1...7).contains($0) }) else {
        throw ValidationError(field: "days", "Days are 1 (Sunday) to 7 (Saturday).")
      }
      if let startDay, CalendarDay(startDay) == nil {
        throw ValidationError(field: "startDate", "The first day looks like 2026-11-22.")
      }
    case .everyDays(let days, let start):
      guard (1...365).contains(days) else {
        throw ValidationError(field: "interval", "Repeat every 1 to 365 days, not \(days).")
      }
      guard CalendarDay(start) != nil else {
        throw ValidationError(field: "start", "The first day looks like 2026-11-22.")
      }
    }
    var schedule = self
    if case .everyDays = cadence { schedule.startDay = nil }
    schedule.label = Medication.text(label)
    schedule.unit = Medication.text(unit)
    return schedule
  }
}

/// A dose taken: on a schedule (for one scheduled day) or as needed.
public struct MedicationIntake: Hashable, Codable, Sendable {
  public enum Origin: String, Hashable, Codable, Sendable {
    case scheduled, asNeeded
  }

  /// How a scheduled dose followed up as missed was settled; nil for a dose taken in time.
  public enum Status: String, Hashable, Codable, Sendable {
    /// Taken after the journal's grace period: counted as taken, and as late.
    case late
    /// Not taken: counted apart, never as taken.
    case skipped
  }

  public var id: String
  public var medicationID: String
  public var scheduleID: String?
  /// The entry this dose was taken for, if any: a soft reference that deleting the entry clears.
  public var entryID: String?
  public var origin: Origin
  public var amount: Double?
  public var unit: String?
  public var timestamp: Date
  /// The journal-zone day the scheduled dose belonged to.
  public var scheduledDate: String?
  public var note: String?
  public var authorID: String
  public var status: Status?
  /// The zone the journal was in when it was logged, which its day is counted in; nil: the
  /// journal's.
  public var timeZone: String?

  public init(
    id: String, medicationID: String, scheduleID: String? = nil, entryID: String? = nil,
    origin: Origin, amount: Double? = nil, unit: String? = nil, timestamp: Date,
    scheduledDate: String? = nil,
    note: String? = nil, authorID: String, status: Status? = nil, timeZone: String? = nil
  ) {
    self.status = status
    self.timeZone = timeZone
    self.id = id
    self.medicationID = medicationID
    self.scheduleID = scheduleID
    self.entryID = entryID
    self.origin = origin
    self.amount = amount
    self.unit = unit
    self.timestamp = timestamp
    self.scheduledDate = scheduledDate
    self.note = note
    self.authorID = authorID
  }

  public func validated(for medication: Medication) throws(ValidationError) -> MedicationIntake {
    if let amount, !Medication.amounts.contains(amount) {
      throw ValidationError(field: "amount", "The amount is more than 0 and at most 1,000,000.")
    }
    if let scheduleID, !medication.schedules.contains(where: { $0.id == scheduleID }) {
      throw ValidationError(field: "scheduleId", "\(medication.name) has no such schedule.")
    }
    if let scheduledDate, CalendarDay(scheduledDate) == nil {
      throw ValidationError(field: "scheduledDate", "The scheduled day looks like 2026-11-22.")
    }
    var intake = self
    intake.unit = Medication.text(unit)
    intake.note = Medication.text(note)
    if let note = intake.note, note.count > SymptomEntry.maximumNote {
      throw ValidationError(
        field: "note", "A note has at most \(SymptomEntry.maximumNote) characters.")
    }
    return intake
  }
}

/// A caregiver's (or the owner's) note on the journal, optionally about one entry.
public struct CollaboratorNote: Hashable, Codable, Sendable {
  public var id: String
  public var journalID: String
  public var entryID: String?
  public var authorID: String
  public var authorName: String
  public var text: String
  public var timestamp: Date

  public init(
    id: String, journalID: String, entryID: String? = nil, authorID: String, authorName: String,
    text: String, timestamp: Date
  ) {
    self.id = id
    self.journalID = journalID
    self.entryID = entryID
    self.authorID = authorID
    self.authorName = authorName
    self.text = text
    self.timestamp = timestamp
  }

  public func validated() throws(ValidationError) -> CollaboratorNote {
    var note = self
    note.text = text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !note.text.isEmpty else { throw ValidationError(field: "text", "Write something first.") }
    guard note.text.count <= 5000 else {
      throw ValidationError(field: "text", "A note has at most 5000 characters.")
    }
    return note
  }
}

/// A day on the calendar, as "YYYY-MM-DD", with its parts checked.
public struct CalendarDay: Hashable, Comparable, Codable, Sendable {
  public var year: Int
  public var month: Int
  public var day: Int

  public init?(_ text: String) {
    // Read byte by byte: schedules and intakes parse days by the thousand.
    var parts = (0, 0, 0)
    var count = 0
    for byte in text.utf8 {
      count += 1
      if count == 5 || count == 8 {
        guard byte == UInt8(ascii: "-") else { return nil }
        continue
      }
      guard count <= 10, (48...57).contains(byte) else { return nil }
      let digit = Int(byte - 48)
      switch count {
      case ...4: parts.0 = parts.0 * 10 + digit
      case ...7: parts.1 = parts.1 * 10 + digit
      default: parts.2 = parts.2 * 10 + digit
      }
    }
    let (year, month, day) = parts
    guard count == 10, (1...12).contains(month),
      (1...Self.days(inMonth: month, year: year)).contains(day)
    else { return nil }
    self.year = year
    self.month = month
    self.day = day
  }

  public static func < (lhs: CalendarDay, rhs: CalendarDay) -> Bool {
    (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
  }

  static func days(inMonth month: Int, year: Int) -> Int {
    switch month {
    case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }
}
