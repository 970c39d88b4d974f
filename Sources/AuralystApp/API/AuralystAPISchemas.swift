import CanonicalJSON
import HearthPlatform

/// The shapes of /api/auralyst, as /openapi.json documents them.
enum AuralystSchemas {
  static let boolean: JSON = ["type": "boolean"]
  static let number: JSON = ["type": "number"]
  static let severity: JSON = ["type": "integer", "minimum": 0, "maximum": 10]
  static let ratings: JSON = ["type": "object", "additionalProperties": severity]
  static let id: JSON = [
    "type": "string", "minLength": 1, "maxLength": 64, "pattern": "^[A-Za-z0-9_-]+$",
  ]
  static let day: JSON = ["type": "string", "format": "date"]
  static let text: JSON = ["type": "string", "maxLength": 5000]
  static let access: JSON = ["type": "string", "enum": ["owner", "read-write", "read-only"]]

  static let journal = Schemas.object(
    [
      ("id", Schemas.string), ("title", Schemas.string), ("timeZone", Schemas.string),
      ("ownerId", Schemas.string), ("access", access), ("createdAt", Schemas.dateTime),
      ("symptoms", ["type": "array", "items": Schemas.string]),
    ], required: ["id", "title", "timeZone", "ownerId", "access", "createdAt", "symptoms"])
  static let journalInput = Schemas.object(
    [
      ("title", ["type": "string", "minLength": 1, "maxLength": 80]),
      ("timeZone", Schemas.timeZone),
      ("symptoms", ["type": "array", "maxItems": 30, "items": Schemas.string]),
    ], required: [])

  static let entry = Schemas.object(
    [
      ("id", Schemas.string), ("journalId", Schemas.string), ("timestamp", Schemas.dateTime),
      ("authorId", Schemas.string), ("severity", severity), ("symptoms", ratings),
      ("isMenstruating", boolean), ("note", Schemas.string), ("canEdit", boolean),
    ], required: ["id", "journalId", "timestamp", "authorId", "severity", "symptoms", "canEdit"])
  static let entryInput = Schemas.object(
    [
      ("id", id), ("timestamp", Schemas.dateTime), ("severity", severity),
      ("symptoms", ratings), ("isMenstruating", boolean), ("note", text),
    ], required: [])

  static let schedule = Schemas.object(
    [
      ("id", Schemas.string), ("label", Schemas.string), ("time", Schemas.string),
      ("amount", number), ("unit", Schemas.string),
      ("days", ["type": "array", "items": Schemas.integer]), ("everyDays", Schemas.integer),
      ("startDate", Schemas.string), ("isActive", boolean),
    ], required: ["id", "time", "isActive"])
  static let scheduleInput = Schemas.object(
    [
      ("id", id), ("label", Schemas.string),
      ("time", ["type": "string", "pattern": "^[0-9]{2}:[0-9]{2}$"]),
      ("amount", number), ("unit", Schemas.string),
      (
        "days",
        ["type": "array", "items": ["type": "integer", "minimum": 1, "maximum": 7]]
      ),
      ("everyDays", ["type": "integer", "minimum": 1, "maximum": 365]), ("startDate", day),
      ("isActive", boolean),
    ], required: ["time"])
  static let medication = Schemas.object(
    [
      ("id", Schemas.string), ("name", Schemas.string), ("authorId", Schemas.string),
      ("defaultAmount", number), ("defaultUnit", Schemas.string), ("useCase", Schemas.string),
      ("notes", Schemas.string), ("isAsNeeded", boolean), ("canEdit", boolean),
      ("schedules", ["type": "array", "items": schedule]),
    ], required: ["id", "name", "authorId", "isAsNeeded", "canEdit", "schedules"])
  static let medicationInput = Schemas.object(
    [
      ("id", id), ("name", ["type": "string", "minLength": 1, "maxLength": 120]),
      ("defaultAmount", number), ("defaultUnit", Schemas.string), ("useCase", Schemas.string),
      ("isAsNeeded", boolean), ("notes", text),
      ("schedules", ["type": "array", "items": scheduleInput]),
    ], required: [])

  static let intake = Schemas.object(
    [
      ("id", Schemas.string), ("medicationId", Schemas.string),
      ("origin", ["type": "string", "enum": ["scheduled", "asNeeded"]]),
      ("timestamp", Schemas.dateTime), ("authorId", Schemas.string),
      ("scheduleId", Schemas.string), ("entryId", Schemas.string), ("unit", Schemas.string),
      ("scheduledDate", Schemas.string), ("note", Schemas.string), ("amount", number),
      ("canEdit", boolean),
    ], required: ["id", "medicationId", "origin", "timestamp", "authorId", "canEdit"])
  static let intakeInput = Schemas.object(
    [
      ("id", id), ("medicationId", Schemas.string), ("scheduleId", Schemas.string),
      ("entryId", Schemas.string),
      ("origin", ["type": "string", "enum": ["scheduled", "asNeeded"]]),
      ("amount", number), ("unit", Schemas.string), ("timestamp", Schemas.dateTime),
      ("scheduledDate", day), ("note", text),
    ], required: [])

  static let note = Schemas.object(
    [
      ("id", Schemas.string), ("authorId", Schemas.string), ("authorName", Schemas.string),
      ("text", Schemas.string), ("timestamp", Schemas.dateTime), ("entryId", Schemas.string),
      ("canEdit", boolean),
    ], required: ["id", "authorId", "authorName", "text", "timestamp", "canEdit"])
  static let noteInput = Schemas.object(
    [
      ("id", id), ("entryId", Schemas.string),
      ("text", ["type": "string", "minLength": 1, "maxLength": 5000]),
    ],
    required: [])

  static let participant = Schemas.object(
    [
      ("userId", Schemas.string), ("displayName", Schemas.string), ("email", Schemas.string),
      ("status", ["type": "string", "enum": ["invited", "accepted"]]),
      ("permission", ["type": "string", "enum": ["read-only", "read-write"]]),
    ], required: ["userId", "displayName", "email", "status", "permission"])
  static let participants = Schemas.object(
    [("participants", ["type": "array", "items": participant])], required: ["participants"])
  static let permission: JSON = ["type": "string", "enum": ["read-only", "read-write"]]

  static let health = Schemas.object(
    [
      ("healthy", boolean), ("problems", ["type": "array", "items": Schemas.string]),
      ("intakesWithMissingSchedule", ["type": "array", "items": Schemas.string]),
      ("intakesWithMissingEntry", ["type": "array", "items": Schemas.string]),
      ("notesWithMissingEntry", ["type": "array", "items": Schemas.string]),
      ("intakesWithMissingMedication", ["type": "array", "items": Schemas.string]),
    ], required: ["healthy", "problems"])
  static let imported = Schemas.object(
    [
      (
        "imported",
        Schemas.object(
          [
            ("entries", Schemas.integer), ("medications", Schemas.integer),
            ("schedules", Schemas.integer), ("intakes", Schemas.integer),
            ("notes", Schemas.integer),
          ], required: ["entries", "medications", "schedules", "intakes", "notes"])
      ),
      ("repairs", ["type": "array", "items": Schemas.string]),
    ], required: ["imported", "repairs"])
  static let insights: JSON = [
    "type": "object",
    "required": [
      "window", "firstDay", "lastDay", "timeZone", "entries", "averageSeverity", "heatmap",
      "medicationEffects", "adherence", "menstruation", "symptomBreakdown", "asNeededUsage",
      "cues",
    ],
  ]
  static let exportFile: JSON = [
    "type": "object", "required": ["journal", "entries", "medications", "intakes", "schedules"],
  ]

  static func list(_ name: String, _ item: JSON) -> JSON {
    Schemas.object([(name, ["type": "array", "items": item])], required: [name])
  }

  static func envelope(_ name: String, _ item: JSON) -> JSON {
    Schemas.object([(name, item)], required: [name])
  }
}
