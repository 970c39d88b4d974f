import Foundation
import HearthCore
import HearthOpenAPI
import HearthPlatform
import Hummingbird
import OnpuCore

/// /api/onpu/words: the word dictionary (EDICT) searched, and one word's card. Public, like
/// the kanji dictionary: it holds nobody's data.
struct OnpuWordsAPIController: Sendable {
  let library: OnpuLibrary
  let costs: OnpuCosts

  struct WordList: Codable {
    var words: [OnpuWordCard.Entry]
    var attribution: String
  }
  struct CardEnvelope: Codable { var card: OnpuWordCard }

  func register(_ api: APIRouteTable) {
    api.add(
      APIOperation(
        .get, "/api/onpu/words",
        summary: "Search the word dictionary by kanji, kana, romaji or English", tag: "onpu",
        authenticated: false, query: [("q", Schemas.string, true)],
        responses: [(200, Schemas.of(WordList.self))], errors: [400, 503]),
      limitedBy: costs.searches, use: search)
    api.add(
      APIOperation(
        .get, "/api/onpu/words/:word",
        summary: "One word: readings, parts of speech, meanings, its kanji and its pitch",
        tag: "onpu", authenticated: false, query: [("reading", Schemas.string, false)],
        responses: [(200, Schemas.of(CardEnvelope.self))], errors: [400, 404, 503]), use: word)
  }

  @Sendable func search(_ request: Request, _ context: AppRequestContext) async throws -> Response {
    let query = try OnpuWordInput.query(request.uri.queryParameters.get("q"))
    let words = try await library.wordDictionary().search(query, limit: 50)
    return JSONBody.response(
      WordList(words: words.map(OnpuWordCard.Entry.init), attribution: OnpuWordCard.attribution))
  }

  @Sendable func word(_ request: Request, _ context: AppRequestContext) async throws -> Response {
    let (word, reading) = try OnpuWordInput.word(
      context.parameters.get("word"), reading: request.uri.queryParameters.get("reading"))
    return JSONBody.response(
      CardEnvelope(card: try await library.wordCard(word, reading: reading)))
  }
}

/// What the word routes accept, checked the same way for the pages and the API.
enum OnpuWordInput {
  static func query(_ raw: String?) throws -> String {
    // A form's GET writes spaces as "+", which no word needs.
    let query = (raw ?? "").replacingOccurrences(of: "+", with: " ")
      .trimmingCharacters(in: .whitespaces)
    guard !query.isEmpty, query.count <= 100 else {
      throw APIErrorResponse(
        .invalid("q", "q is a word in kanji or kana, romaji or English, up to 100 characters."))
    }
    return query
  }

  static func word(_ raw: String?, reading rawReading: String?) throws -> (String, String?) {
    let word = (raw.flatMap { $0.removingPercentEncoding } ?? raw ?? "")
      .trimmingCharacters(in: .whitespaces)
    guard !word.isEmpty, word.count <= 50 else {
      throw APIErrorResponse(.invalid("word", "word is a Japanese word, up to 50 characters."))
    }
    guard let rawReading, !rawReading.isEmpty else { return (word, nil) }
    let reading = rawReading.trimmingCharacters(in: .whitespaces)
    guard reading.count <= 50,
      reading.unicodeScalars.allSatisfy({
        (0x3041...0x30FF).contains($0.value) || $0 == "ー"
      })
    else {
      throw APIErrorResponse(.invalid("reading", "reading is the word's reading in kana."))
    }
    return (word, reading)
  }
}
