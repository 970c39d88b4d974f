/// JSON Schemas of the platform's request and response bodies.
enum Schemas {
  static func object(_ properties: [(String, JSONValue)], required: [String]) -> JSONValue {
    [
      "type": "object", "properties": .object(properties),
      "required": .array(required.map { .string($0) }),
    ]
  }

  static let string: JSONValue = ["type": "string"]
  static let nullableString: JSONValue = ["type": ["string", "null"]]
  static let integer: JSONValue = ["type": "integer"]
  static let dateTime: JSONValue = ["type": "string", "format": "date-time"]
  static let email: JSONValue = ["type": "string", "format": "email", "maxLength": 254]
  static let password: JSONValue = ["type": "string", "minLength": 8, "maxLength": 72]
  static let displayName: JSONValue = ["type": "string", "minLength": 1, "maxLength": 80]
  static let phone: JSONValue = [
    "type": ["string", "null"], "pattern": "^\\+[0-9 ().-]{8,24}$",
  ]
  static let timeZone: JSONValue = ["type": "string", "minLength": 1, "maxLength": 64]

  static let error = object(
    [
      (
        "error",
        object(
          [("code", string), ("message", string), ("field", string)],
          required: ["code", "message"])
      )
    ], required: ["error"])

  static let user = object(
    [
      ("id", string), ("email", string), ("displayName", string), ("phone", nullableString),
      ("timeZone", string), ("createdAt", dateTime),
    ], required: ["id", "email", "displayName", "phone", "timeZone", "createdAt"])

  static let userEnvelope = object([("user", user)], required: ["user"])

  static let tokens: [(String, JSONValue)] = [
    ("accessToken", string), ("refreshToken", string), ("tokenType", string),
    ("expiresIn", integer),
  ]

  static let tokenPair = object(
    tokens, required: ["accessToken", "refreshToken", "tokenType", "expiresIn"])

  static let authResult = object(
    tokens + [("user", user)],
    required: ["user", "accessToken", "refreshToken", "tokenType", "expiresIn"])

  static let invitation = object(
    [
      ("app", string), ("kind", string), ("resourceId", string), ("title", string),
      ("ownerName", string), ("permission", string), ("invitedAt", dateTime),
    ], required: ["app", "kind", "resourceId", "title", "ownerName", "permission", "invitedAt"])

  static let event = object(
    [("sequence", integer), ("type", string), ("payload", ["type": "object"])],
    required: ["sequence", "type", "payload"])

  /// One Server-Sent Events message; `data` holds `{"sequence","type","payload"}` as JSON text.
  static let streamMessage = object(
    [
      ("id", string), ("event", string),
      ("data", ["type": "string", "contentMediaType": "application/json"]),
      ("retry", integer),
    ], required: [])

  static let session = object(
    [
      ("id", string), ("kind", string), ("label", string), ("createdAt", dateTime),
      ("lastSeenAt", dateTime), ("expiresAt", dateTime), ("current", ["type": "boolean"]),
    ], required: ["id", "kind", "label", "createdAt", "lastSeenAt", "expiresAt", "current"])
}
