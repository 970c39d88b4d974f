import Foundation

/// The rows of an export file, field by field as the files name them.
enum ExportRows {
  struct Entry: Codable, Equatable {
    var id: String
    var journalID: String
    var timestamp: String
    var severity: Int
    var symptoms: [String: Int]?
    var isMenstruating: Bool?
    var note: String?
    var authorID: String?
    /// The reference app's three symptoms, each a field of its own; read, never written.
    var headache: Int?
    var nausea: Int?
    var anxiety: Int?
  }

  struct Medication: Codable, Equatable {
    var id: String
    var journalID: String
    var name: String
    var defaultAmount: Double?
    var defaultUnit: String?
    var isAsNeeded: Bool?
    var useCase: String?
    var notes: String?
    var authorID: String?
    /// The first day its doses are due (this app's; the reference app has none).
    var startDate: String? = nil
  }

  struct Schedule: Codable, Equatable {
    var id: String
    var medicationID: String
    var label: String?
    var amount: Double?
    var unit: String?
    /// "weekly" (the weekday mask, from `startDate` when given) or "interval" (every `interval`
    /// days from `startDate`); the reference's "daily" is a full mask.
    var cadence: String?
    var interval: Int?
    /// Sunday is bit 0 ... Saturday bit 6.
    var daysOfWeekMask: Int?
    var hour: Int?
    var minute: Int?
    var startDate: String?
    var isActive: Bool?
    var sortOrder: Int?
  }

  struct Intake: Codable, Equatable {
    var id: String
    var medicationID: String
    var entryID: String?
    var scheduleID: String?
    var amount: Double?
    var unit: String?
    var timestamp: String
    var scheduledDate: String?
    var origin: String?
    var notes: String?
    var authorID: String?
  }

  struct Note: Codable, Equatable {
    var id: String
    var journalID: String
    var entryID: String?
    var authorID: String?
    var authorName: String?
    /// Absent from the reference app's notes saved without text.
    var text: String?
    var timestamp: String
  }

  struct Journal: Codable, Equatable {
    var id: String
    var createdAt: String
    var title: String?
    var timeZone: String?
    var symptoms: [String]?
  }

  struct File: Codable, Equatable {
    var journal: Journal
    var summary: JournalExport.Summary?
    var entries: [Entry]
    var collaboratorNotes: [Note]
    var medications: [Medication]
    var intakes: [Intake]
    var schedules: [Schedule]
    /// This app's factors and their values; absent from files without any.
    var factors: [Factor]? = nil
    var factorValues: [FactorValue]? = nil
    /// This app's episodes; absent from files without any.
    var episodes: [Episode]? = nil
  }
}

extension ExportRows.File {
  /// The reference app's first exports (0.1) had no notes, and a summary without their count;
  /// the summary is never read back.
  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    journal = try container.decode(ExportRows.Journal.self, forKey: .journal)
    summary = try? container.decodeIfPresent(JournalExport.Summary.self, forKey: .summary)
    entries = try container.decode([ExportRows.Entry].self, forKey: .entries)
    collaboratorNotes =
      try container.decodeIfPresent([ExportRows.Note].self, forKey: .collaboratorNotes) ?? []
    medications = try container.decode([ExportRows.Medication].self, forKey: .medications)
    intakes = try container.decode([ExportRows.Intake].self, forKey: .intakes)
    schedules = try container.decode([ExportRows.Schedule].self, forKey: .schedules)
    factors = try container.decodeIfPresent([ExportRows.Factor].self, forKey: .factors)
    factorValues = try container.decodeIfPresent(
      [ExportRows.FactorValue].self, forKey: .factorValues)
    episodes = try container.decodeIfPresent([ExportRows.Episode].self, forKey: .episodes)
  }
}

extension JournalExport {
  func rows() -> ExportRows.File {
    let clock = ZoneClock(
      timeZone: TimeZone(identifier: journal.timeZone) ?? .gmt,
      span: Self.span(
        [journal.createdAt] + entries.map(\.timestamp) + intakes.map(\.timestamp)
          + notes.map(\.timestamp)))
    func time(_ date: Date) -> String { ISOTime.string(date, clock: clock) }
    return ExportRows.File(
      journal: .init(
        id: journal.id, createdAt: time(journal.createdAt), title: journal.title,
        timeZone: journal.timeZone, symptoms: journal.symptoms),
      summary: summary,
      entries: entries.map { entry in
        .init(
          id: entry.id, journalID: journal.id, timestamp: time(entry.timestamp),
          severity: entry.severity,
          symptoms: entry.symptomSeverities.isEmpty ? nil : entry.symptomSeverities,
          isMenstruating: entry.isMenstruating, note: entry.note, authorID: entry.authorID)
      },
      collaboratorNotes: notes.map { note in
        .init(
          id: note.id, journalID: journal.id, entryID: note.entryID, authorID: note.authorID,
          authorName: note.authorName, text: note.text, timestamp: time(note.timestamp))
      },
      medications: medications.map { medication in
        .init(
          id: medication.id, journalID: journal.id, name: medication.name,
          defaultAmount: medication.defaultAmount, defaultUnit: medication.defaultUnit,
          isAsNeeded: medication.isAsNeeded, useCase: medication.useCase,
          notes: medication.notes, authorID: medication.authorID,
          startDate: medication.startDay)
      },
      intakes: intakes.map { intake in
        .init(
          id: intake.id, medicationID: intake.medicationID, entryID: intake.entryID,
          scheduleID: intake.scheduleID, amount: intake.amount, unit: intake.unit,
          timestamp: time(intake.timestamp), scheduledDate: intake.scheduledDate,
          origin: intake.origin.rawValue, notes: intake.note, authorID: intake.authorID)
      },
      schedules: medications.flatMap { medication in
        medication.schedules.enumerated().map { position, schedule in
          var row = ExportRows.Schedule(
            id: schedule.id, medicationID: medication.id, label: schedule.label,
            amount: schedule.amount, unit: schedule.unit, hour: schedule.hour,
            minute: schedule.minute, isActive: schedule.isActive, sortOrder: position)
          switch schedule.cadence {
          case .weekdays(let days):
            row.cadence = "weekly"
            row.interval = 1
            row.daysOfWeekMask = days.reduce(0) { $0 | 1 << ($1 - 1) }
            row.startDate = schedule.startDay
          case .everyDays(let interval, let start):
            row.cadence = "interval"
            row.interval = interval
            row.daysOfWeekMask = 0
            row.startDate = start
          }
          return row
        }
      },
      factors: factors.isEmpty
        ? nil
        : factors.map { factor in
          .init(
            id: factor.id, journalID: journal.id, name: factor.name, kind: factor.kind.rawValue,
            unit: factor.unit, authorID: factor.authorID, createdAt: time(factor.createdAt))
        },
      factorValues: factorValues.isEmpty
        ? nil
        : factorValues.map { value in
          .init(
            factorID: value.factorID, day: value.day, number: value.number, tags: value.tags,
            authorID: value.authorID)
        },
      episodes: episodeRows(time: time))
  }

  static func span(_ dates: [Date]) -> ClosedRange<Date> { dates.min()!...dates.max()! }
}
