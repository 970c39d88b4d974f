import CanonicalJSON
import Foundation
import HearthCore
import HearthOpenAPI
import HearthPlatform
import Hummingbird
import OnpuCore

/// /api/onpu/study/songs/:songId/words: a song's words to learn as its page lists them, and the
/// ones the learner picks made cards.
extension OnpuStudyAPIController {
  static let wordsPath = "/api/onpu/study/songs/:songId/words"

  struct SongWords: Codable {
    /// Nil for a song with no word to study.
    var percentKnown: Int?
    var words: [Word]
  }
  struct Word: Codable {
    /// The card key ("見上げる|みあげる"): what POST takes.
    var key, word, reading: String
    /// Where it first shows: line and word, from 0.
    var line, index: Int
    var count: Int
    /// wordfreq's Zipf value times ten; nil when rarer than the table holds.
    var frequency: Int?
    /// The old JLPT level (4 easiest) of its hardest kanji.
    var level: Int?
    /// new, learning or known.
    var state: String
  }
  struct WordsInput: Codable, JSONSchemaRefined {
    var words: [String]
    static let schemaRefinements: [String: JSON] = [
      "words": ["minItems": 1, "maxItems": 500, "items": ["maxLength": 200]]
    ]
  }

  func registerWords(_ api: APIRouteTable) {
    api.add(
      APIOperation(
        .get, Self.wordsPath,
        summary: "A song's words to learn, most common first, with where the learner stands",
        tag: "onpu", responses: [(200, Schemas.of(SongWords.self))], errors: [404]),
      use: words)
    api.add(
      APIOperation(
        .post, Self.wordsPath, summary: "Make cards of the song's words the learner picked",
        tag: "onpu", requestBody: Schemas.of(WordsInput.self),
        responses: [(200, Schemas.of(Added.self))], errors: [400, 404]),
      use: addWords)
  }

  @Sendable func words(_ request: Request, _ context: AppRequestContext) async throws -> Response {
    let user = try context.requireCaller().user
    let (_, lines, _) = try await study.songLines(
      context.parameters.get("songId") ?? "", for: user)
    let list = study.wordList(lines, states: try await study.wordStates(for: user))
    return JSONBody.response(
      SongWords(
        percentKnown: list.percentKnown,
        words: list.words.map {
          Word(
            key: $0.key, word: $0.word, reading: $0.reading, line: $0.line, index: $0.index,
            count: $0.count, frequency: $0.frequency, level: $0.level, state: $0.state.rawValue)
        }))
  }

  @Sendable func addWords(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let user = try context.requireCaller().user
    let input = try await JSONBody.decode(
      WordsInput.self, from: request, route: "POST \(Self.wordsPath)")
    guard !input.words.isEmpty else { throw APIErrorResponse(.missing("words")) }
    let (added, cards) = try await study.addWords(
      input.words, songID: context.parameters.get("songId") ?? "", for: user)
    return JSONBody.response(Added(added: added, cards: cards))
  }
}
