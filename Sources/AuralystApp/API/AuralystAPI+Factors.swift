import AuralystCore
import CanonicalJSON
import Foundation
import HearthCore
import HearthOpenAPI
import HearthPlatform

extension AuralystAPI {
  static let factorKinds: JSON = ["enum": ["number", "scale", "yesno", "tags"]]

  struct FactorBody: Codable, JSONSchemaRefined {
    var id, name, kind, authorId, createdAt: String
    var unit: String?
    var canEdit: Bool

    static let schemaRefinements: [String: JSON] = [
      "kind": factorKinds, "createdAt": Rule.dateTime,
    ]

    init(_ factor: Factor, _ opened: AuralystJournals.Opened) {
      id = factor.id
      name = factor.name
      kind = factor.kind.rawValue
      authorId = factor.authorID
      createdAt = AuralystAPI.time(factor.createdAt)
      unit = factor.unit
      canEdit = AuralystAPI.canEdit(factor.authorID, opened)
    }
  }

  /// A day's value: `number` for numbers and scales (1 to 5), `present` for yes/no, `tags`.
  struct FactorValueBody: Codable, JSONSchemaRefined {
    var factorId, day, authorId: String
    var number: Double?
    var present: Bool?
    var tags: [String]?
    var canEdit: Bool

    static let schemaRefinements: [String: JSON] = ["day": Rule.day]

    init(_ value: FactorValue, kind: Factor.Kind?, _ opened: AuralystJournals.Opened) {
      factorId = value.factorID
      day = value.day
      authorId = value.authorID
      if kind == .yesNo {
        present = value.number == 1
      } else {
        number = value.number
      }
      tags = value.tags
      canEdit = AuralystAPI.canEdit(value.authorID, opened)
    }
  }

  struct FactorInput: Decodable, JSONSchemaRefined {
    var name: String?
    var kind: String?
    var unit: String?

    static let schemaRefinements: [String: JSON] = [
      "name": ["minLength": 1, "maxLength": 60], "kind": factorKinds, "unit": ["maxLength": 20],
    ]
  }

  struct FactorValueInput: Decodable, JSONSchemaRefined {
    var number: Double?
    var present: Bool?
    var tags: [String]?

    static let schemaRefinements: [String: JSON] = [
      "tags": ["maxItems": 20]
    ]
  }

  /// A factor's value sent with an entry, for the entry's day.
  struct FactorDayInput: Decodable, JSONSchemaRefined {
    var factorId: String?
    var number: Double?
    var present: Bool?
    var tags: [String]?

    static let schemaRequired = ["factorId"]
    static let schemaRefinements: [String: JSON] = ["tags": ["maxItems": 20]]
  }

  struct FactorList: Codable { var factors: [FactorBody] }
  struct FactorEnvelope: Codable { var factor: FactorBody }
  struct FactorValueList: Codable { var values: [FactorValueBody] }
  struct FactorValueEnvelope: Codable { var value: FactorValueBody }
}
