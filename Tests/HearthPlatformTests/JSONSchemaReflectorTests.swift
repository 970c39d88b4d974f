import CanonicalJSON
import Foundation
import HearthOpenAPI
import HearthPlatform
import Testing

/// Schemas read off the Codable types, as /openapi.json documents them.
@Suite struct JSONSchemaReflectorTests {
  enum Color: String, Codable, CaseIterable { case red, green }

  struct Tag: Codable { var name: String }

  struct Thing: Codable, JSONSchemaRefined {
    var id: String
    var count: Int
    var ratio: Double?
    var color: Color
    var tags: [Tag]
    var scores: [String: Int]
    var at: Date
    var note: String?
    var payload: JSON?

    static let schemaRefinements: [String: JSON] = ["id": ["minLength": 1, "maxLength": 36]]
  }

  /// Coded by hand, so it states its schema.
  struct Money: Codable, JSONSchemaDescribed {
    var cents: Int
    init(cents: Int) { self.cents = cents }
    init(from decoder: any Decoder) throws {
      let text = try decoder.singleValueContainer().decode(String.self)
      guard let cents = Int(text) else {
        throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: text))
      }
      self.cents = cents
    }
    func encode(to encoder: any Encoder) throws {
      var container = encoder.singleValueContainer()
      try container.encode(String(cents))
    }
    static let jsonSchema: JSON = ["type": "string", "pattern": "^[0-9]+$"]
    static let schemaExample = Money(cents: 0)
  }

  struct Price: Codable {
    var total: Money
    var parts: [Money]?
  }

  @Test func aStructBecomesAnObjectWithItsRequiredAndOptionalProperties() {
    #expect(
      JSONSchemaReflector.schema(of: Thing.self) == [
        "type": "object",
        "properties": [
          "id": ["type": "string", "minLength": 1, "maxLength": 36],
          "count": ["type": "integer"],
          "ratio": ["type": "number"],
          "color": ["type": "string", "enum": ["red", "green"]],
          "tags": [
            "type": "array",
            "items": [
              "type": "object", "properties": ["name": ["type": "string"]], "required": ["name"],
            ],
          ],
          "scores": ["type": "object", "additionalProperties": ["type": "integer"]],
          "at": ["type": "string", "format": "date-time"],
          "note": ["type": "string"],
          "payload": [:],
        ],
        "required": ["id", "count", "color", "tags", "scores", "at"],
      ])
  }

  @Test func aTypeCodedByHandStatesItsSchema() {
    #expect(
      JSONSchemaReflector.schema(of: Price.self) == [
        "type": "object",
        "properties": [
          "total": Money.jsonSchema, "parts": ["type": "array", "items": Money.jsonSchema],
        ],
        "required": ["total"],
      ])
  }

  /// Optional to the decoder so that the handler names what is missing; required by the API.
  struct Input: Decodable, JSONSchemaRefined {
    var name: String?
    var count: Int
    var note: String?

    static let schemaRequired = ["name", "count"]
  }

  @Test func anInputNamesWhatTheAPIRequiresBesidesWhatItDecodes() {
    #expect(
      JSONSchemaReflector.schema(of: Input.self) == [
        "type": "object",
        "properties": [
          "name": ["type": "string"], "count": ["type": "integer"], "note": ["type": "string"],
        ],
        "required": ["count", "name"],
      ])
  }

  @Test func aTypeThatCannotBeReflectedSaysSo() {
    struct Strict: Decodable {
      init(from decoder: any Decoder) throws {
        throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "no"))
      }
    }
    let schema = JSONSchemaReflector.schema(of: Strict.self)
    #expect(schema["description"]?.stringValue?.hasPrefix(JSONSchemaReflector.failure) == true)
  }
}
