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

  package static let error = object(
    [
      (
        "error",
        object(
          [("code", string), ("message", string), ("field", string)],
          required: ["code", "message"])
      )
    ], required: ["error"])

  package static let user = object(
    [
      ("id", string), ("email", string), ("displayName", string), ("phone", nullableString),
      ("timeZone", string), ("createdAt", dateTime),
    ], required: ["id", "email", "displayName", "phone", "timeZone", "createdAt"])

  package static let userEnvelope = object([("user", user)], required: ["user"])

  package static let tokens: [(String, JSON)] = [
    ("accessToken", string), ("refreshToken", string), ("tokenType", string),
    ("expiresIn", integer),
  ]

  package static let tokenPair = object(
    tokens, required: ["accessToken", "refreshToken", "tokenType", "expiresIn"])

  package static let authResult = object(
    tokens + [("user", user)],
    required: ["user", "accessToken", "refreshToken", "tokenType", "expiresIn"])

  package static let invitation = object(
    [
      ("app", string), ("kind", string), ("resourceId", string), ("title", string),
      ("ownerName", string), ("permission", string), ("invitedAt", dateTime),
    ], required: ["app", "kind", "resourceId", "title", "ownerName", "permission", "invitedAt"])

  package static let event = object(
    [("sequence", integer), ("type", string), ("payload", ["type": "object"])],
    required: ["sequence", "type", "payload"])

  /// One Server-Sent Events message; `data` holds `{"sequence","type","payload"}` as JSON text.
  package static let streamMessage = object(
    [
      ("id", string), ("event", string),
      ("data", ["type": "string", "contentMediaType": "application/json"]),
      ("retry", integer),
    ], required: [])

  package static let session = object(
    [
      ("id", string), ("kind", string), ("label", string), ("createdAt", dateTime),
      ("lastSeenAt", dateTime), ("expiresAt", dateTime), ("current", ["type": "boolean"]),
    ], required: ["id", "kind", "label", "createdAt", "lastSeenAt", "expiresAt", "current"])
}
