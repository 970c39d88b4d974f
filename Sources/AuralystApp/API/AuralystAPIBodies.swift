import AuralystCore
import Foundation
import HearthCore
import HearthPlatform

/// What /api/auralyst reads and answers, with the schemas /openapi.json documents.
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

  struct JournalBody: Encodable {
    var id, title, timeZone, ownerId, access, createdAt: String
    var symptoms: [String]

    init(_ opened: AuralystJournals.Opened) {
      id = opened.journal.id
      title = opened.journal.title
      timeZone = opened.journal.timeZone
      ownerId = opened.journal.ownerID
      access = AuralystAPI.accessName(opened.access)
      createdAt = AuralystAPI.time(opened.journal.createdAt)
      symptoms = opened.journal.symptoms
    }
  }

  struct EntryBody: Encodable {
    var id, journalId, timestamp, authorId: String
    var severity: Int
    var symptoms: [String: Int]
    var isMenstruating: Bool?
    var note: String?
    var canEdit: Bool

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

  struct ScheduleBody: Encodable {
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
      case .weekdays(let set): days = set.sorted()
      case .everyDays(let interval, let start):
        everyDays = interval
        startDate = start
      }
    }
  }

  struct MedicationBody: Encodable {
    var id, name, authorId: String
    var defaultAmount: Double?
    var defaultUnit, useCase, notes: String?
    var isAsNeeded, canEdit: Bool
    var schedules: [ScheduleBody]

    init(_ medication: Medication, _ opened: AuralystJournals.Opened) {
      id = medication.id
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

  struct IntakeBody: Encodable {
    var id, medicationId, origin, timestamp, authorId: String
    var scheduleId, entryId, unit, scheduledDate, note: String?
    var amount: Double?
    var canEdit: Bool

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
    }
  }

  struct NoteBody: Encodable {
    var id, authorId, authorName, text, timestamp: String
    var entryId: String?
    var canEdit: Bool

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

  struct ParticipantBody: Encodable {
    var userId, displayName, email, status, permission: String
  }

  static func canEdit(_ authorID: String, _ opened: AuralystJournals.Opened) -> Bool {
    opened.access == .owner || (opened.access == .write && authorID == opened.user.id)
  }

  // MARK: - Inputs

  struct JournalInput: Decodable {
    var title: String?
    var timeZone: String?
    var symptoms: [String]?
  }

  struct EntryInput: Decodable {
    var id: String?
    var timestamp: String?
    var severity: Int?
    var symptoms: [String: Int]?
    var isMenstruating: Bool?
    var note: String?
  }

  struct ScheduleInput: Decodable {
    var id: String?
    var label: String?
    var time: String?
    var amount: Double?
    var unit: String?
    var days: [Int]?
    var everyDays: Int?
    var startDate: String?
    var isActive: Bool?
  }

  struct MedicationInput: Decodable {
    var id: String?
    var name: String?
    var defaultAmount: Double?
    var defaultUnit: String?
    var useCase: String?
    var isAsNeeded: Bool?
    var notes: String?
    var schedules: [ScheduleInput]?
  }

  struct IntakeInput: Decodable {
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
  }

  struct NoteInput: Decodable {
    var id: String?
    var entryId: String?
    var text: String?
  }

  struct ShareInput: Decodable {
    var email: String?
    var permission: String?
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
