import Foundation

/// How the person felt at a moment: an overall severity, optional ratings for the journal's
/// symptoms, whether they were menstruating, and a note.
public struct SymptomEntry: Hashable, Codable, Sendable {
  public static let severityRange = 0...10
  public static let maximumNote = 5000

  public var id: String
  public var journalID: String
  public var timestamp: Date
  public var severity: Int
  /// Ratings for named symptoms of the journal's list, each 0 to 10.
  public var symptomSeverities: [String: Int]
  public var isMenstruating: Bool?
  public var note: String?
  /// The account that wrote it: collaborators edit only what they wrote.
  public var authorID: String
  /// The zone the journal was in when it was written, which its day is counted in, so a later
  /// change of zone never moves it to another day; nil: the journal's.
  public var timeZone: String?

  public init(
    id: String, journalID: String, timestamp: Date, severity: Int,
    symptomSeverities: [String: Int] = [:], isMenstruating: Bool? = nil, note: String? = nil,
    authorID: String, timeZone: String? = nil
  ) {
    self.timeZone = timeZone
    self.id = id
    self.journalID = journalID
    self.timestamp = timestamp
    self.severity = severity
    self.symptomSeverities = symptomSeverities
    self.isMenstruating = isMenstruating
    self.note = note
    self.authorID = authorID
  }

  /// Checks the entry against its journal's symptom list; returns it with the note trimmed
  /// (an empty note is none).
  public func validated(symptoms: [String]) throws(ValidationError) -> SymptomEntry {
    guard Self.severityRange.contains(severity) else {
      throw ValidationError(
        field: "severity", "Severity is from 0 (none) to 10 (worst), not \(severity).")
    }
    let known = Dictionary(symptoms.map { ($0.lowercased(), $0) }, uniquingKeysWith: { a, _ in a })
    var ratings: [String: Int] = [:]
    for (name, value) in symptomSeverities.sorted(by: { $0.key < $1.key }) {
      guard let canonical = known[name.lowercased()] else {
        throw ValidationError(
          field: "symptoms.\(name)",
          "\(name) is not in this journal's symptom list; add it there first.")
      }
      guard Self.severityRange.contains(value) else {
        throw ValidationError(
          field: "symptoms.\(name)", "\(canonical) is rated from 0 to 10, not \(value).")
      }
      ratings[canonical] = value
    }
    var entry = self
    entry.symptomSeverities = ratings
    let note = note?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
    guard note.count <= Self.maximumNote else {
      throw ValidationError(field: "note", "A note has at most \(Self.maximumNote) characters.")
    }
    entry.note = note.isEmpty ? nil : note
    return entry
  }
}
