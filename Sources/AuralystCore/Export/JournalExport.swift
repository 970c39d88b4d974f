import Foundation

/// A whole journal as a file: the reference app's sections (journal, summary, entries,
/// collaborator notes, medications, intakes, schedules) and field names, with what this app adds
/// (the journal's title, zone and symptom list; per-symptom ratings by name; authors).
public struct JournalExport: Hashable, Sendable {
  public struct Info: Hashable, Codable, Sendable {
    public var id: String
    public var createdAt: Date
    public var title: String
    public var timeZone: String
    public var symptoms: [String]
  }

  public struct Summary: Hashable, Codable, Sendable {
    public var exportedEntries: Int
    public var exportedMedications: Int
    public var exportedSchedules: Int
    public var exportedIntakes: Int
    public var exportedCollaboratorNotes: Int
  }

  public var journal: Info
  public var entries: [SymptomEntry]
  public var medications: [Medication]
  public var intakes: [MedicationIntake]
  public var notes: [CollaboratorNote]
  public var factors: [Factor]
  public var factorValues: [FactorValue]
  /// Written to the JSON file (not read back by an import yet).
  public var episodes: [AuralystCore.Episode]

  public init(
    journal: Journal, entries: [SymptomEntry], medications: [Medication],
    intakes: [MedicationIntake], notes: [CollaboratorNote], factors: [Factor] = [],
    factorValues: [FactorValue] = [], episodes: [AuralystCore.Episode] = []
  ) {
    self.episodes = episodes
    self.factors = factors
    self.factorValues = factorValues
    // Ratings of symptoms since taken off the list stay in the file, so it imports whole.
    var symptoms = journal.symptoms
    for entry in entries {
      for name in entry.symptomSeverities.keys.sorted() where !symptoms.contains(name) {
        symptoms.append(name)
      }
    }
    self.journal = Info(
      id: journal.id, createdAt: journal.createdAt, title: journal.title,
      timeZone: journal.timeZone, symptoms: symptoms)
    self.entries = entries
    self.medications = medications
    self.intakes = intakes
    self.notes = notes
  }

  public var summary: Summary {
    Summary(
      exportedEntries: entries.count, exportedMedications: medications.count,
      exportedSchedules: medications.reduce(0) { $0 + $1.schedules.count },
      exportedIntakes: intakes.count, exportedCollaboratorNotes: notes.count)
  }
}
