import CanonicalJSON
import HearthPlatform

/// Onpu's JSON shapes for /openapi.json.
enum OnpuSchemas {
  static let status: JSON = [
    "type": "string", "enum": ["queued", "running", "succeeded", "failed"],
  ]
  static let stage: JSON = [
    "type": "string", "enum": ["translating", "lyrics_data", "finalizing"],
  ]
  static let jobInput = Schemas.object(
    [
      ("title", ["type": "string", "maxLength": 200]),
      ("artist", ["type": "string", "maxLength": 200]),
      ("lyrics", ["type": "string", "minLength": 1, "maxLength": 20_000]),
    ], required: ["lyrics"])
  static let created = Schemas.object(
    [("jobId", Schemas.string), ("status", status)], required: ["jobId", "status"])
  static let ok = Schemas.object([("ok", ["type": "boolean"])], required: ["ok"])
  static let lineMap: JSON = [
    "type": "object", "additionalProperties": ["type": "string"],
  ]
  static let result = Schemas.object(
    [("translations", lineMap), ("lyricsData", lineMap)], required: ["translations", "lyricsData"])
  static let jobView = Schemas.object(
    [
      ("jobId", Schemas.string), ("status", status), ("stage", stage),
      ("updatedAt", Schemas.integer), ("result", result), ("error", Schemas.string),
    ], required: ["jobId", "status", "updatedAt"])
  static let change = Schemas.object(
    [
      ("jobId", Schemas.string), ("status", status), ("updatedAt", Schemas.integer),
      ("stage", stage), ("error", Schemas.string),
    ], required: ["jobId", "status", "updatedAt"])
  static let changes = Schemas.object(
    [("changes", ["type": "array", "items": change]), ("hasPending", ["type": "boolean"])],
    required: ["changes"])
}
