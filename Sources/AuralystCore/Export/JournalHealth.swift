/// Dangling references in a journal: what the export's health check reports and repairs, and
/// what an import fixes on its way in.
public struct JournalHealth: Hashable, Sendable, Codable {
  /// Intakes naming a schedule their medication does not have.
  public var intakesWithMissingSchedule: [String] = []
  /// Intakes naming an entry that is gone.
  public var intakesWithMissingEntry: [String] = []
  /// Notes about an entry that is gone.
  public var notesWithMissingEntry: [String] = []
  /// Intakes of a medication that is gone.
  public var intakesWithMissingMedication: [String] = []

  public init(_ export: JournalExport) {
    let entries = Set(export.entries.map(\.id))
    let medications = Dictionary(
      export.medications.map { ($0.id, Set($0.schedules.map(\.id))) },
      uniquingKeysWith: { first, _ in first })
    for intake in export.intakes {
      guard let schedules = medications[intake.medicationID] else {
        intakesWithMissingMedication.append(intake.id)
        continue
      }
      if let schedule = intake.scheduleID, !schedules.contains(schedule) {
        intakesWithMissingSchedule.append(intake.id)
      }
      if let entry = intake.entryID, !entries.contains(entry) {
        intakesWithMissingEntry.append(intake.id)
      }
    }
    for note in export.notes where note.entryID.map({ !entries.contains($0) }) ?? false {
      notesWithMissingEntry.append(note.id)
    }
  }

  public var isHealthy: Bool { problems.isEmpty }

  /// One line per kind of problem, for people.
  public var problems: [String] {
    func line(_ ids: [String], _ one: String, _ many: String) -> String? {
      ids.isEmpty ? nil : "\(ids.count) \(ids.count == 1 ? one : many)"
    }
    return [
      line(
        intakesWithMissingSchedule, "logged dose refers to a dose time that was removed.",
        "logged doses refer to dose times that were removed."),
      line(
        intakesWithMissingEntry, "logged dose refers to an entry that was deleted.",
        "logged doses refer to entries that were deleted."),
      line(
        notesWithMissingEntry, "note refers to an entry that was deleted.",
        "notes refer to entries that were deleted."),
      line(
        intakesWithMissingMedication, "logged dose belongs to a medication that was deleted.",
        "logged doses belong to medications that were deleted."),
    ].compactMap { $0 }
  }

  /// The journal with the dangling references cleared, and intakes of missing medications
  /// removed (there is nothing left for them to belong to).
  public func repaired(_ export: JournalExport) -> JournalExport {
    var export = export
    let noSchedule = Set(intakesWithMissingSchedule)
    let noEntry = Set(intakesWithMissingEntry)
    let orphans = Set(intakesWithMissingMedication)
    let detachedNotes = Set(notesWithMissingEntry)
    export.intakes = export.intakes.filter { !orphans.contains($0.id) }.map { intake in
      var intake = intake
      if noSchedule.contains(intake.id) { intake.scheduleID = nil }
      if noEntry.contains(intake.id) { intake.entryID = nil }
      return intake
    }
    export.notes = export.notes.map { note in
      var note = note
      if detachedNotes.contains(note.id) { note.entryID = nil }
      return note
    }
    return export
  }
}
