import AuralystCore
import CanonicalJSON
import Foundation
import HearthAccounts
import HearthCore
import HearthOpenAPI
import HearthPlatform

/// What /api/auralyst reads and answers; /openapi.json reads its schemas off these types.
enum AuralystAPI {
  static func time(_ date: Date) -> String {
    ISOTime.string(date, clock: utc)
  }
  static let utc = ZoneClock(
    timeZone: .gmt, span: Date(timeIntervalSince1970: 0)...Date(timeIntervalSince1970: 0))

  static func accessName(_ access: Access) -> String {
    switch access {
    case .owner: "owner"
    case .write: "read-write"
    default: "read-only"
    }
  }

  /// Rules of the bodies' fields that their Swift types cannot carry.
  enum Rule {
    static let dateTime: JSON = ["format": "date-time"]
    static let day: JSON = ["format": "date"]
    static let severity: JSON = ["minimum": 0, "maximum": 10]
    static let ratings: JSON = [
      "additionalProperties": ["type": "integer", "minimum": 0, "maximum": 10]
    ]
    static let id: JSON = ["minLength": 1, "maxLength": 64, "pattern": "^[A-Za-z0-9_-]+$"]
    static let text: JSON = ["maxLength": 5000]
    static let origin: JSON = ["enum": ["scheduled", "asNeeded"]]
    static let permission: JSON = ["enum": ["read-only", "read-write"]]
    static let reminderZone: JSON = [
      "enum": .array(Journal.ReminderZone.allCases.map { .string($0.rawValue) })
    ]
  }

  struct JournalBody: Codable, JSONSchemaRefined {
    var id, title, timeZone, ownerId, access, createdAt: String
    var symptoms: [String]
    /// Minutes after a dose's time before it is followed up as missed.
    var doseGraceMinutes: Int
    /// Dose reminders in the journal's zone ("home") or the owner's current one ("current").
    var reminderZone: String

    static let schemaRefinements: [String: JSON] = [
      "access": ["enum": ["owner", "read-write", "read-only"]], "createdAt": Rule.dateTime,
      "reminderZone": Rule.reminderZone,
    ]

    init(_ opened: AuralystJournals.Opened) {
      id = opened.journal.id
      title = opened.journal.title
      timeZone = opened.journal.timeZone
      ownerId = opened.journal.ownerID
      access = AuralystAPI.accessName(opened.access)
      createdAt = AuralystAPI.time(opened.journal.createdAt)
      symptoms = opened.journal.symptoms
      doseGraceMinutes = Int(opened.journal.doseGrace / 60)
      reminderZone = opened.journal.reminderZone.rawValue
    }
  }

  struct EntryBody: Codable, JSONSchemaRefined {
    var id, journalId, timestamp, authorId: String
    var severity: Int
    var symptoms: [String: Int]
    var isMenstruating: Bool?
    var note: String?
    var canEdit: Bool

    static let schemaRefinements: [String: JSON] = [
      "timestamp": Rule.dateTime, "severity": Rule.severity, "symptoms": Rule.ratings,
    ]

    init(_ entry: SymptomEntry, _ opened: AuralystJournals.Opened) {
      id = entry.id
      journalId = entry.journalID
      timestamp = AuralystAPI.time(entry.timestamp)
      authorId = entry.authorID
      severity = entry.severity
      symptoms = entry.symptomSeverities
      isMenstruating = entry.isMenstruating
      note = entry.note
      canEdit = AuralystAPI.canEdit(entry.authorID, opened)
    }
  }

  struct ScheduleBody: Codable {
    var id: String
    var label: String?
    var time: String
    var amount: Double?
    var unit: String?
    var days: [Int]?
    var everyDays: Int?
    var startDate: String?
    var isActive: Bool

    init(_ schedule: MedicationSchedule) {
      id = schedule.id
      label = schedule.label
      time = String(format: "%02d:%02d", schedule.hour, schedule.minute)
      amount = schedule.amount
      unit = schedule.unit
      isActive = schedule.isActive
      switch schedule.cadence {
      case .weekdays(let set):
        days = set.sorted()
        startDate = schedule.startDay
      case .everyDays(let interval, let start):
        everyDays = interval
        startDate = start
      }
    }
  }

  struct MedicationBody: Codable, JSONSchemaRefined {
    var id, name, authorId: String
    var defaultAmount: Double?
    var defaultUnit, useCase, notes: String?
    /// The first day its doses are due; absent for an old or imported medication, whose doses
    /// count from the journal's first day.
    var startDate: String?
    var isAsNeeded, canEdit: Bool
    var schedules: [ScheduleBody]
    /// What is on hand and when to refill; absent while it is not counted.
    var supply: SupplyBody?

    static let schemaRefinements: [String: JSON] = ["startDate": Rule.day]

    init(
      _ medication: Medication, _ opened: AuralystJournals.Opened, supply: MedicationSupply?
    ) {
      id = medication.id
      self.supply = supply.map(SupplyBody.init)
      let zone = TimeZone(identifier: opened.journal.timeZone) ?? .gmt
      let clock = ZoneClock(
        timeZone: zone, span: opened.journal.createdAt...opened.journal.createdAt)
      startDate = medication.firstDay(in: clock).map { CalendarDay(daysSince1970: $0).description }
      name = medication.name
      authorId = medication.authorID
      defaultAmount = medication.defaultAmount
      defaultUnit = medication.defaultUnit
      useCase = medication.useCase
      notes = medication.notes
      isAsNeeded = medication.isAsNeeded
      canEdit = AuralystAPI.canEdit(medication.authorID, opened)
      schedules = medication.schedules.map(ScheduleBody.init)
    }
  }

  struct IntakeBody: Codable, JSONSchemaRefined {
    var id, medicationId, origin, timestamp, authorId: String
    var scheduleId, entryId, unit, scheduledDate, note: String?
    var amount: Double?
    var canEdit: Bool
    /// "late" or "skipped" for a dose settled from its missed-dose notice.
    var status: String?

    static let schemaRefinements: [String: JSON] = [
      "origin": Rule.origin, "timestamp": Rule.dateTime, "status": ["enum": ["late", "skipped"]],
    ]

    init(_ intake: MedicationIntake, _ opened: AuralystJournals.Opened) {
      id = intake.id
      medicationId = intake.medicationID
      origin = intake.origin.rawValue
      timestamp = AuralystAPI.time(intake.timestamp)
      authorId = intake.authorID
      scheduleId = intake.scheduleID
      entryId = intake.entryID
      unit = intake.unit
      scheduledDate = intake.scheduledDate
      note = intake.note
      amount = intake.amount
      canEdit = AuralystAPI.canEdit(intake.authorID, opened)
      status = intake.status?.rawValue
    }
  }

  struct NoteBody: Codable, JSONSchemaRefined {
    var id, authorId, authorName, text, timestamp: String
    var entryId: String?
    var canEdit: Bool

    static let schemaRefinements: [String: JSON] = ["timestamp": Rule.dateTime]

    init(_ note: CollaboratorNote, _ opened: AuralystJournals.Opened) {
      id = note.id
      authorId = note.authorID
      authorName = note.authorName
      text = note.text
      timestamp = AuralystAPI.time(note.timestamp)
      entryId = note.entryID
      canEdit = AuralystAPI.canEdit(note.authorID, opened)
    }
  }

  struct ParticipantBody: Codable, JSONSchemaRefined {
    var userId, displayName: String
    /// Only for the journal's owner, and one's own.
    var email: String?
    var status, permission: String

    static let schemaRefinements: [String: JSON] = [
      "status": ["enum": ["invited", "accepted"]], "permission": Rule.permission,
    ]
  }

  // MARK: - Answers: one record, or a list, under its name

  struct JournalList: Codable { var journals: [JournalBody] }
  struct JournalEnvelope: Codable { var journal: JournalBody }
  struct EntryList: Codable { var entries: [EntryBody] }
  struct EntryEnvelope: Codable { var entry: EntryBody }
  struct MedicationList: Codable { var medications: [MedicationBody] }
  struct MedicationEnvelope: Codable { var medication: MedicationBody }
  struct IntakeList: Codable { var intakes: [IntakeBody] }
  struct IntakeEnvelope: Codable { var intake: IntakeBody }
  struct NoteList: Codable { var notes: [NoteBody] }
  struct NoteEnvelope: Codable { var note: NoteBody }
  struct ParticipantList: Codable {
    var participants: [ParticipantBody]
    /// For the owner: invitations by email nobody has answered yet.
    var invitations: [ShareInvitations.Emailed]?
  }

  static func canEdit(_ authorID: String, _ opened: AuralystJournals.Opened) -> Bool {
    opened.access == .owner || (opened.access == .write && authorID == opened.user.id)
  }

  // MARK: - Inputs

  struct JournalInput: Decodable, JSONSchemaRefined {
    var title: String?
    var timeZone: String?
    var symptoms: [String]?
    var doseGraceMinutes: Int?
    var reminderZone: String?

    static let schemaRefinements: [String: JSON] = [
      "title": ["minLength": 1, "maxLength": 80], "timeZone": ["minLength": 1, "maxLength": 64],
      "symptoms": ["maxItems": 30], "doseGraceMinutes": ["minimum": 10, "maximum": 720],
      "reminderZone": Rule.reminderZone,
    ]
  }

  struct EntryInput: Decodable, JSONSchemaRefined {
    var id: String?
    var timestamp: String?
    var severity: Int?
    var symptoms: [String: Int]?
    var isMenstruating: Bool?
    var note: String?
    /// Factor values for the entry's day (in the journal's zone), logged with it.
    var factors: [FactorDayInput]?

    static let schemaRefinements: [String: JSON] = [
      "id": Rule.id, "timestamp": Rule.dateTime, "severity": Rule.severity,
      "symptoms": Rule.ratings, "note": Rule.text,
    ]
  }

  struct ScheduleInput: Decodable, JSONSchemaRefined {
    var id: String?
    var label: String?
    var time: String?
    var amount: Double?
    var unit: String?
    var days: [Int]?
    var everyDays: Int?
    var startDate: String?
    var isActive: Bool?

    static let schemaRequired = ["time"]
    static let schemaRefinements: [String: JSON] = [
      "id": Rule.id, "time": ["pattern": "^[0-9]{2}:[0-9]{2}$"],
      "days": ["items": ["type": "integer", "minimum": 1, "maximum": 7]],
      "everyDays": ["minimum": 1, "maximum": 365], "startDate": Rule.day,
    ]
  }

  struct MedicationInput: Decodable, JSONSchemaRefined {
    var id: String?
    var name: String?
    var defaultAmount: Double?
    var defaultUnit: String?
    var useCase: String?
    var isAsNeeded: Bool?
    var notes: String?
    var startDate: String?
    var schedules: [ScheduleInput]?
    /// Start counting what is on hand, or change the count, threshold, refill size or unit.
    var supply: SupplyInput?

    static let schemaRefinements: [String: JSON] = [
      "id": Rule.id, "name": ["minLength": 1, "maxLength": 120], "notes": Rule.text,
      "startDate": Rule.day,
    ]
  }

  struct IntakeInput: Decodable, JSONSchemaRefined {
    var id: String?
    var medicationId: String?
    var scheduleId: String?
    var entryId: String?
    var origin: String?
    var amount: Double?
    var unit: String?
    var timestamp: String?
    var scheduledDate: String?
    var note: String?

    static let schemaRefinements: [String: JSON] = [
      "id": Rule.id, "origin": Rule.origin, "timestamp": Rule.dateTime,
      "scheduledDate": Rule.day, "note": Rule.text,
    ]
  }

  struct NoteInput: Decodable, JSONSchemaRefined {
    var id: String?
    var entryId: String?
    var text: String?

    static let schemaRefinements: [String: JSON] = [
      "id": Rule.id, "text": ["minLength": 1, "maxLength": 5000],
    ]
  }

  /// An invitation (email and permission) or a change of permission (the email unread).
  /// A change of someone's permission (an email, if sent, must still be a string).
  struct ShareInput: Decodable, JSONSchemaRefined {
    var email: String?
    var permission: String?

    static let schemaRequired = ["permission"]
    static let schemaRefinements: [String: JSON] = [
      "email": ["format": "email", "maxLength": 254], "permission": Rule.permission,
    ]
  }

  /// An invitation: optional to the decoder, so that the handler checks access first.
  struct InvitationInput: Decodable, JSONSchemaRefined {
    var email: String?
    var permission: String?

    static let schemaRequired = ["email", "permission"]
    static let schemaRefinements = ShareInput.schemaRefinements
  }

  /// An ISO 8601 time, or a wall-clock time without an offset ("2026-11-22T08:30", as the
  /// pages send it) read in the journal's zone; from 1970 to a year from now.
  static func timestamp(
    _ text: String?, field: String = "timestamp", journal: Journal, now: Date
  ) throws -> Date {
    guard let text else { return ISOTime.rounded(now) }
    let date: Date
    if let instant = ISOTime.date(text) {
      date = instant
    } else if let local = ISOTime.local(text) {
      let guess = Date(timeIntervalSince1970: Double(local.day) * 86_400)
      let clock = ZoneClock(
        timeZone: TimeZone(identifier: journal.timeZone) ?? .gmt, span: guess...guess)
      date = clock.instant(day: local.day, minute: local.minute)
    } else {
      throw APIErrorResponse(
        .invalid(field, "\(field) is an ISO 8601 time like 2026-11-22T08:30:00Z."))
    }
    guard date >= ISOTime.plausible.lowerBound, date <= now.addingTimeInterval(366 * 86_400) else {
      throw APIErrorResponse(.invalid(field, "\(field) is between 1970 and a year from now."))
    }
    return date
  }

  static func validated<Value>(_ body: () throws(ValidationError) -> Value) throws -> Value {
    do { return try body() } catch {
      throw APIErrorResponse(.invalid(error.field, error.message))
    }
  }
}
