import Foundation

/// One migraine or headache attack: when it started and ended (open while it goes on), where
/// it hurt, whether there was an aura, what was taken for it (the journal's medications, its
/// logged doses) and whether that helped.
public struct Episode: Hashable, Codable, Sendable {
  /// Where it hurts; several may be chosen, and `locationNote` says anything else.
  public enum Location: String, Hashable, Codable, Sendable, CaseIterable {
    case left, right, forehead, temples, eyes, top, back, neck, face

    public var words: String {
      switch self {
      case .left: "Left side"
      case .right: "Right side"
      case .forehead: "Forehead"
      case .temples: "Temples"
      case .eyes: "Behind the eyes"
      case .top: "Top of the head"
      case .back: "Back of the head"
      case .neck: "Neck"
      case .face: "Face or jaw"
      }
    }
  }

  /// Whether what was taken helped.
  public enum Relief: String, Hashable, Codable, Sendable, CaseIterable {
    case yes
    case aLittle = "a-little"
    case no
    case notYet = "not-yet"

    public var words: String {
      switch self {
      case .yes: "Yes"
      case .aLittle: "A little"
      case .no: "No"
      case .notYet: "Not yet said"
      }
    }
  }

  public static let maximumLength: TimeInterval = 31 * 86_400
  public static let maximumLocationNote = 200
  public static let maximumLinks = 20
  /// A phone's clock a little ahead of the server's still says "now".
  public static let clockSlack: TimeInterval = 5 * 60

  public var id: String
  public var journalID: String
  public var startedAt: Date
  /// Nil while it goes on.
  public var endedAt: Date?
  public var locations: [Location]
  public var locationNote: String?
  /// Nil: not said.
  public var aura: Bool?
  public var medicationIDs: [String]
  public var intakeIDs: [String]
  public var relief: Relief
  public var note: String?
  public var authorID: String
  /// The zone the journal was in when it started, which its day is counted in; nil: the
  /// journal's.
  public var timeZone: String?

  public init(
    id: String, journalID: String, startedAt: Date, endedAt: Date? = nil,
    locations: [Location] = [], locationNote: String? = nil, aura: Bool? = nil,
    medicationIDs: [String] = [], intakeIDs: [String] = [], relief: Relief = .notYet,
    note: String? = nil, authorID: String, timeZone: String? = nil
  ) {
    self.id = id
    self.journalID = journalID
    self.startedAt = startedAt
    self.endedAt = endedAt
    self.locations = locations
    self.locationNote = locationNote
    self.aura = aura
    self.medicationIDs = medicationIDs
    self.intakeIDs = intakeIDs
    self.relief = relief
    self.note = note
    self.authorID = authorID
    self.timeZone = timeZone
  }

  public var isOngoing: Bool { endedAt == nil }

  /// Locations as sent ("left", "temples"), each known, kept once in the order given.
  public static func locations(_ names: [String]) throws(ValidationError) -> [Location] {
    var kept: [Location] = []
    for (index, name) in names.enumerated() {
      guard let location = Location(rawValue: name) else {
        throw ValidationError(
          field: "locations[\(index)]",
          "\(name) is not a location; choose from "
            + Location.allCases.map(\.rawValue).joined(separator: ", ") + ".")
      }
      if !kept.contains(location) { kept.append(location) }
    }
    return kept
  }

  public static func relief(_ text: String) throws(ValidationError) -> Relief {
    guard let relief = Relief(rawValue: text) else {
      throw ValidationError(field: "helped", "helped is yes, a-little, no or not-yet.")
    }
    return relief
  }

  /// Checked against the clock, the journal's medications and logged doses, and its other
  /// episodes: it ends after it starts and within `maximumLength`, neither in the future; what
  /// it links to is in the journal; whether something helped needs something taken; and it
  /// overlaps no other episode. Text trimmed, links kept once.
  public func validated(
    now: Date, medicationIDs known: Set<String>, intakeIDs logged: Set<String>,
    others: [Episode]
  ) throws(ValidationError) -> Episode {
    var episode = self
    guard startedAt <= now + Self.clockSlack else {
      throw ValidationError(field: "startedAt", "An episode cannot start in the future.")
    }
    if let endedAt {
      guard endedAt >= startedAt else {
        throw ValidationError(field: "endedAt", "An episode ends after it starts.")
      }
      guard endedAt <= now + Self.clockSlack else {
        throw ValidationError(
          field: "endedAt", "An episode cannot end in the future; end it when it is over.")
      }
      guard endedAt.timeIntervalSince(startedAt) <= Self.maximumLength else {
        throw ValidationError(
          field: "endedAt", "An episode lasts at most 31 days; log a longer one as several.")
      }
    }
    episode.medicationIDs = try Self.links(medicationIDs, known: known, field: "medicationIds")
    episode.intakeIDs = try Self.links(intakeIDs, known: logged, field: "intakeIds")
    if relief != .notYet, episode.medicationIDs.isEmpty, episode.intakeIDs.isEmpty {
      throw ValidationError(
        field: "helped", "Say what was taken first: whether it helped is about that.")
    }
    episode.locationNote = Medication.text(locationNote)
    if let text = episode.locationNote, text.count > Self.maximumLocationNote {
      throw ValidationError(
        field: "locationNote", "Where it hurts has at most \(Self.maximumLocationNote) characters."
      )
    }
    episode.note = Medication.text(note)
    if let text = episode.note, text.count > SymptomEntry.maximumNote {
      throw ValidationError(
        field: "note", "A note has at most \(SymptomEntry.maximumNote) characters.")
    }
    if let other = others.first(where: { $0.id != id && overlaps($0) }) {
      if isOngoing, other.startedAt >= startedAt {
        throw ValidationError(
          field: "endedAt", "Another episode started after this one; give this one its end.")
      }
      if other.isOngoing {
        throw ValidationError(
          field: "startedAt", "Another episode is still going on; end it first.")
      }
      throw ValidationError(
        field: "startedAt", "This overlaps another episode; change its times or that one's.")
    }
    return episode
  }

  /// Whether the two share a moment; an ongoing one lasts until further notice.
  public func overlaps(_ other: Episode) -> Bool {
    let end = endedAt ?? .distantFuture
    let otherEnd = other.endedAt ?? .distantFuture
    return startedAt < otherEnd && other.startedAt < end
  }

  private static func links(_ ids: [String], known: Set<String>, field: String)
    throws(ValidationError) -> [String]
  {
    var kept: [String] = []
    for (index, id) in ids.enumerated() {
      guard known.contains(id) else {
        throw ValidationError(
          field: "\(field)[\(index)]",
          field == "medicationIds"
            ? "That medication is not in this journal."
            : "That logged dose is not in this journal.")
      }
      if !kept.contains(id) { kept.append(id) }
    }
    guard kept.count <= maximumLinks else {
      throw ValidationError(field: field, "An episode links at most \(maximumLinks) of these.")
    }
    return kept
  }
}

extension Episode {
  /// The episode's own day, in the zone it started in.
  public func day(in clocks: RecordClocks) -> Int { clocks.local(startedAt, zone: timeZone).day }
}

extension Episode {
  /// How an aura is said in forms and JSON: "yes", "no", or "unsure" when not said.
  public static func auraText(_ aura: Bool?) -> String {
    aura.map { $0 ? "yes" : "no" } ?? "unsure"
  }
}
