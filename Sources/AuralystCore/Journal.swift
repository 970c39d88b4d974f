import Foundation

/// A person's journal: the root that entries, medications and notes belong to, and what is
/// shared with caregivers. Days, windows and hours are counted in the owner's time zone.
public struct Journal: Hashable, Codable, Sendable {
  public static let defaultSymptoms = ["Headache", "Nausea", "Anxiety"]
  public static let maximumSymptoms = 30
  /// The entry columns of the CSV export, which symptom columns sit beside.
  static let reservedNames: Set = [
    "id", "journal_id", "timestamp", "severity", "ismenstruating", "note", "author_id",
    "sentimentlabel", "sentimentscore",
  ]

  public var id: String
  public var ownerID: String
  public var title: String
  public var timeZone: String
  /// The symptoms an entry can rate one by one; the owner edits the list.
  public var symptoms: [String]
  public var createdAt: Date
  /// Minutes after a dose's time before it counts as missed and is followed up; nil for
  /// `defaultDoseGraceMinutes`.
  public var doseGraceMinutes: Int?

  public static let defaultDoseGraceMinutes = 60
  public static let doseGraceRange = 10...720

  /// How long after its time a dose may still be logged before it is followed up as missed.
  public var doseGrace: TimeInterval {
    TimeInterval((doseGraceMinutes ?? Self.defaultDoseGraceMinutes) * 60)
  }

  /// Which zone dose reminders keep.
  public var reminderZone: ReminderZone

  /// Dose reminders at home stay in the journal's zone; travelling, they follow the owner's
  /// current zone (their account's), so an 08:00 dose is reminded at 08:00 wherever they are.
  public enum ReminderZone: String, Hashable, Codable, Sendable, CaseIterable {
    case home, current
  }

  public init(
    id: String, ownerID: String, title: String, timeZone: String,
    symptoms: [String] = Journal.defaultSymptoms, createdAt: Date,
    reminderZone: ReminderZone = .home, doseGraceMinutes: Int? = nil
  ) {
    self.reminderZone = reminderZone
    self.doseGraceMinutes = doseGraceMinutes
    self.id = id
    self.ownerID = ownerID
    self.title = title
    self.timeZone = timeZone
    self.symptoms = symptoms
    self.createdAt = createdAt
  }

  /// The symptom list as the owner typed it, checked: names trimmed, none empty, no duplicates
  /// (ignoring case), at most `maximumSymptoms`.
  public static func validSymptoms(_ names: [String]) throws(ValidationError) -> [String] {
    let trimmed = names.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
    if let index = trimmed.firstIndex(where: \.isEmpty) {
      throw ValidationError(field: "symptoms[\(index)]", "A symptom needs a name.")
    }
    guard trimmed.count <= maximumSymptoms else {
      throw ValidationError(
        field: "symptoms", "A journal tracks at most \(maximumSymptoms) symptoms.")
    }
    var seen = Set<String>()
    for (index, name) in trimmed.enumerated() where !seen.insert(name.lowercased()).inserted {
      throw ValidationError(field: "symptoms[\(index)]", "\(name) is in the list twice.")
    }
    for (index, name) in trimmed.enumerated() where reservedNames.contains(name.lowercased()) {
      throw ValidationError(
        field: "symptoms[\(index)]", "\(name) names a column of the export; call it something else."
      )
    }
    for (index, name) in trimmed.enumerated() where name.count > 60 {
      throw ValidationError(
        field: "symptoms[\(index)]", "\(name.prefix(20))... is longer than 60 characters.")
    }
    return trimmed
  }
}

/// A value that cannot be stored, with the field it concerns and a message for people.
public struct ValidationError: Error, Hashable, Sendable {
  public var field: String
  public var message: String

  public init(field: String, _ message: String) {
    self.field = field
    self.message = message
  }
}
