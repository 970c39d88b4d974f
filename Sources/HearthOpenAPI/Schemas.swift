import CanonicalJSON

/// JSON Schemas of the platform's request and response bodies.
package enum Schemas {
  /// The schema of a body type, read off its Codable conformance (JSONSchemaReflector).
  package static func of<T: Decodable>(_ type: T.Type) -> JSON {
    JSONSchemaReflector.schema(of: type)
  }

  package static func object(_ properties: [(String, JSON)], required: [String]) -> JSON {
    [
      "type": "object",
      "properties": .object(Dictionary(properties, uniquingKeysWith: { _, last in last })),
      "required": .array(required.map { .string($0) }),
    ]
  }

  package static let string: JSON = ["type": "string"]
  package static let nullableString: JSON = ["type": ["string", "null"]]
  package static let integer: JSON = ["type": "integer"]
  package static let dateTime: JSON = ["type": "string", "format": "date-time"]
  package static let email: JSON = ["type": "string", "format": "email", "maxLength": 254]
  package static let password: JSON = ["type": "string", "minLength": 8, "maxLength": 72]
  package static let displayName: JSON = ["type": "string", "minLength": 1, "maxLength": 80]
  package static let phone: JSON = [
    "type": ["string", "null"], "pattern": "^\\+[0-9 ().-]{8,24}$",
  ]
  package static let timeZone: JSON = ["type": "string", "minLength": 1, "maxLength": 64]

  /// The body of every error answer, read off APIErrorBody.
  package static let error = of(APIErrorBody.self)

  /// One Server-Sent Events message; `data` holds `{"sequence","type","payload"}` as JSON text.
  package static let streamMessage = object(
    [
      ("id", string), ("event", string),
      ("data", ["type": "string", "contentMediaType": "application/json"]),
      ("retry", integer),
    ], required: [])
}
