import Foundation

/// Something a journal tracks beside symptoms, one value a day: a number with a unit (sleep
/// hours), a 1-5 scale (mood), yes or no (a trigger, "red wine") or tags (what the day held).
public struct Factor: Hashable, Codable, Sendable {
  public enum Kind: String, Hashable, Codable, Sendable, CaseIterable {
    case number, scale
    case yesNo = "yesno"
    case tags
  }

  public static let maximumPerJournal = 50
  public static let scale = 1.0...5.0

  public var id: String
  public var journalID: String
  public var name: String
  public var kind: Kind
  /// Only numbers have one ("hours", "cups").
  public var unit: String?
  public var authorID: String
  public var createdAt: Date

  public init(
    id: String, journalID: String, name: String, kind: Kind, unit: String? = nil,
    authorID: String, createdAt: Date
  ) {
    self.id = id
    self.journalID = journalID
    self.name = name
    self.kind = kind
    self.unit = unit
    self.authorID = authorID
    self.createdAt = createdAt
  }

  /// The name trimmed (1 to 60 characters), a number's unit trimmed (at most 20), others none.
  public func validated() throws(ValidationError) -> Factor {
    var factor = self
    factor.name = name.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !factor.name.isEmpty else {
      throw ValidationError(field: "name", "A factor needs a name.")
    }
    guard factor.name.count <= 60 else {
      throw ValidationError(field: "name", "A factor's name has at most 60 characters.")
    }
    factor.unit = kind == .number ? Medication.text(unit) : nil
    if let unit = factor.unit, unit.count > 20 {
      throw ValidationError(field: "unit", "A unit has at most 20 characters.")
    }
    return factor
  }

  /// How names are compared: two factors of a journal may not share one, whatever the case.
  public var nameKey: String { name.lowercased() }
}

/// A factor's value on one day of the journal (in its zone): a number (numbers, and scales
/// from 1 to 5), yes (1) or no (0), or tags.
public struct FactorValue: Hashable, Codable, Sendable {
  public static let maximumTags = 20

  public var factorID: String
  public var day: String
  public var number: Double?
  public var tags: [String]?
  public var authorID: String

  public init(
    factorID: String, day: String, number: Double? = nil, tags: [String]? = nil, authorID: String
  ) {
    self.factorID = factorID
    self.day = day
    self.number = number
    self.tags = tags
    self.authorID = authorID
  }

  /// Checked against its factor's kind; tags trimmed, without repeats (ignoring case).
  public func validated(for factor: Factor) throws(ValidationError) -> FactorValue {
    guard CalendarDay(day) != nil else {
      throw ValidationError(field: "day", "The day looks like 2026-11-22.")
    }
    var value = self
    switch factor.kind {
    case .number:
      guard let number, number.isFinite, abs(number) <= 1_000_000 else {
        throw ValidationError(field: "number", "\(factor.name) takes a number.")
      }
      value.tags = nil
    case .scale:
      guard let number, Factor.scale.contains(number), number == number.rounded() else {
        throw ValidationError(field: "number", "\(factor.name) is rated 1 to 5.")
      }
      value.tags = nil
    case .yesNo:
      guard let number, number == 0 || number == 1 else {
        throw ValidationError(field: "present", "\(factor.name) is yes or no.")
      }
      value.tags = nil
    case .tags:
      var kept: [String] = []
      for (index, tag) in (tags ?? []).enumerated() {
        let trimmed = tag.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, trimmed.count <= 40 else {
          throw ValidationError(field: "tags[\(index)]", "A tag has 1 to 40 characters.")
        }
        if !kept.contains(where: { $0.lowercased() == trimmed.lowercased() }) {
          kept.append(trimmed)
        }
      }
      guard !kept.isEmpty else {
        throw ValidationError(field: "tags", "Give at least one tag, or clear the day's value.")
      }
      guard kept.count <= Self.maximumTags else {
        throw ValidationError(field: "tags", "A day has at most \(Self.maximumTags) tags.")
      }
      value.tags = kept
      value.number = nil
    }
    return value
  }
}
