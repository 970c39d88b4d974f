import CanonicalJSON
import HearthOpenAPI
import OnpuCore

/// A line of the /v1 result's lyricsData (ClientLyricsLine), with the schema its hand-written
/// coding hides: a compact string, or a verbose line whose words may lack `mora`.
struct OnpuClientLine: Codable, JSONSchemaDescribed {
  var line: ClientLyricsLine

  init(_ line: LyricsLine) { self.line = ClientLyricsLine(line) }

  func encode(to encoder: any Encoder) throws { try line.encode(to: encoder) }
  init(from decoder: any Decoder) throws { line = try ClientLyricsLine(from: decoder) }

  static let jsonSchema: JSON = {
    func array(_ items: JSON) -> JSON { ["type": "array", "items": items] }
    let reading = Schemas.object(
      [("kanji", Schemas.string), ("reading", Schemas.string)], required: ["kanji", "reading"])
    let mora = Schemas.object(
      [("text", Schemas.string), ("isHigh", ["type": "boolean"])], required: ["text", "isHigh"])
    let word = Schemas.object(
      [
        ("kanji", Schemas.nullableString), ("furigana", Schemas.string),
        ("kanjiFurigana", array(reading)), ("mora", array(mora)),
        ("readingSource", ["type": "string", "enum": ["lyrics", "learner"]]),
        ("pitchUnknown", ["type": "boolean"]),
      ], required: ["kanji", "furigana", "kanjiFurigana"])
    let verbose = Schemas.object([("words", array(word))], required: ["words"])
    return ["oneOf": [Schemas.string, verbose]]
  }()

  static let schemaExample = OnpuClientLine(LyricsLine(words: []))
}
