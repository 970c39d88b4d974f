import Foundation

/// What a report for a clinician holds for a period: the entries, factor values, doses (taken,
/// late, skipped and missed) and notes of its days, with the journal's medications and factors.
/// The page and the FHIR export both read it.
public struct JournalReport: Sendable {
  public var journal: Journal
  public var ownerName: String
  public var period: ReportPeriod
  /// When it was made: doses due after it are not counted.
  public var now: Date
  public var entries: [SymptomEntry]
  public var medications: [Medication]
  public var doseLog: DoseLog
  public var factors: [Factor]
  public var factorValues: [FactorValue]
  public var notes: [CollaboratorNote]

  /// The report of `period`. The rows may hold more than its days (a day on each side covers
  /// any zone's offset); each entry and intake counts on its own day, in the zone it was made
  /// in. Notes are those written on its days (in the journal's zone) and those about its
  /// entries.
  public init(
    journal: Journal, ownerName: String, period: ReportPeriod, now: Date,
    entries: [SymptomEntry], medications: [Medication], intakes: [MedicationIntake],
    factors: [Factor], factorValues: [FactorValue], notes: [CollaboratorNote]
  ) {
    let start = Date(timeIntervalSince1970: Double(period.first - 2) * 86_400)
    let clocks = RecordClocks(
      journal: TimeZone(identifier: journal.timeZone) ?? .gmt,
      recordZones: entries.map(\.timeZone), span: start...max(start, now))
    self.journal = journal
    self.ownerName = ownerName
    self.period = period
    self.now = now
    self.entries = entries.filter {
      $0.timestamp <= now && period.days.contains($0.day(in: clocks))
    }
    .sorted { ($0.timestamp, $0.id) < ($1.timestamp, $1.id) }
    self.medications = medications
    doseLog = DoseLog(
      journal: journal, medications: medications, intakes: intakes, days: period.days, now: now)
    self.factors = factors
    let days = period.firstDay.description...period.lastDay.description
    let known = Set(factors.map(\.id))
    self.factorValues = factorValues.filter { days.contains($0.day) && known.contains($0.factorID) }
      .sorted { ($0.day, $0.factorID) < ($1.day, $1.factorID) }
    let entryIDs = Set(self.entries.map(\.id))
    self.notes = notes.filter { note in
      note.entryID.map { entryIDs.contains($0) } == true
        || (note.timestamp <= now && period.days.contains(clocks.journal.local(note.timestamp).day))
    }
    .sorted { ($0.timestamp, $0.id) < ($1.timestamp, $1.id) }
  }

  /// The notes about one entry.
  public func notes(about entryID: String) -> [CollaboratorNote] {
    notes.filter { $0.entryID == entryID }
  }
}
