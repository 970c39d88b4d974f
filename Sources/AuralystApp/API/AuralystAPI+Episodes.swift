import AuralystCore
import CanonicalJSON
import Foundation
import HearthCore
import HearthOpenAPI
import HearthPlatform

extension AuralystAPI {
  static let locationNames: JSON = [
    "enum": .array(Episode.Location.allCases.map { .string($0.rawValue) })
  ]
  static let reliefs: JSON = ["enum": .array(Episode.Relief.allCases.map { .string($0.rawValue) })]
  static let auras: JSON = ["enum": ["yes", "no", "unsure"]]

  /// An episode (an attack): `endedAt` absent while it goes on; `aura` yes, no or unsure;
  /// `helped` says whether what was taken helped.
  struct EpisodeBody: Codable, JSONSchemaRefined {
    var id, journalId, authorId, startedAt: String
    var endedAt: String?
    var ongoing: Bool
    var locations: [String]
    var locationNote: String?
    var aura: String
    var medicationIds, intakeIds: [String]
    var helped: String
    var note: String?
    var canEdit: Bool

    static let schemaRefinements: [String: JSON] = [
      "startedAt": Rule.dateTime, "endedAt": Rule.dateTime, "aura": auras, "helped": reliefs,
      "locations": ["items": AuralystAPI.locationNames],
    ]

    init(_ episode: Episode, _ opened: AuralystJournals.Opened) {
      id = episode.id
      journalId = episode.journalID
      authorId = episode.authorID
      startedAt = AuralystAPI.time(episode.startedAt)
      endedAt = episode.endedAt.map(AuralystAPI.time)
      ongoing = episode.isOngoing
      locations = episode.locations.map(\.rawValue)
      locationNote = episode.locationNote
      aura = AuralystAPI.auraText(episode.aura)
      medicationIds = episode.medicationIDs
      intakeIds = episode.intakeIDs
      helped = episode.relief.rawValue
      note = episode.note
      canEdit = AuralystAPI.canEdit(episode.authorID, opened)
    }
  }

  /// What a write sends; every field may be left out (a POST without `startedAt` starts it now).
  /// Times are ISO 8601, a wall-clock time read in the journal's zone, or "now".
  struct EpisodeInput: Decodable, JSONSchemaRefined {
    var id: String?
    var startedAt: String?
    var endedAt: String?
    var locations: [String]?
    var locationNote: String?
    var aura: String?
    var medicationIds: [String]?
    var intakeIds: [String]?
    var helped: String?
    var note: String?

    static let schemaRefinements: [String: JSON] = [
      "id": Rule.id, "aura": auras, "helped": reliefs,
      "locations": ["items": AuralystAPI.locationNames],
      "locationNote": ["maxLength": 200], "note": Rule.text,
      "medicationIds": ["maxItems": 20], "intakeIds": ["maxItems": 20],
    ]
  }

  struct EpisodeList: Codable { var episodes: [EpisodeBody] }
  struct EpisodeEnvelope: Codable { var episode: EpisodeBody }

  static func auraText(_ aura: Bool?) -> String { Episode.auraText(aura) }

  static func aura(_ text: String) throws -> Bool? {
    switch text {
    case "yes": return true
    case "no": return false
    case "unsure": return nil
    default: throw APIErrorResponse(.invalid("aura", "aura is yes, no or unsure."))
    }
  }
}
