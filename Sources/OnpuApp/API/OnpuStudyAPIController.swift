import CanonicalJSON
import Foundation
import HearthCore
import HearthOpenAPI
import HearthPlatform
import Hummingbird
import OnpuCore

/// /api/onpu/study: adding a song's words (or one word) as cards, the due cards, grading,
/// setting a card aside, and progress. Another person's card or song is a 404.
struct OnpuStudyAPIController: Sendable {
  let study: OnpuStudy

  static let cardPath = "/api/onpu/study/cards/:cardId"

  struct Added: Codable {
    var added: Int
    var cards: Int
  }
  struct WordInput: Codable, JSONSchemaRefined {
    var songId: String
    var line: Int?
    var word: Int?
    var surface: String?

    static let schemaRefinements: [String: JSON] = [
      "songId": ["maxLength": 100], "line": ["minimum": 0], "word": ["minimum": 0],
      "surface": ["minLength": 1, "maxLength": 100],
    ]
  }
  struct CardEnvelope: Codable {
    var card: OnpuStudyCardView
    var added: Bool?
  }
  struct DueList: Codable {
    var cards: [OnpuStudyCardView]
    var dueCount: Int
  }
  struct GradeInput: Codable, JSONSchemaRefined {
    var grade: String
    /// Review a card before it is due (FSRS counts the shorter wait).
    var ahead: Bool?
    static let schemaRefinements: [String: JSON] = [
      "grade": ["enum": .array(FSRSGrade.allCases.map { .string($0.name) })]
    ]
  }
  struct ActionInput: Codable, JSONSchemaRefined {
    var action: String
    static let schemaRefinements: [String: JSON] = [
      "action": ["enum": .array(OnpuStudy.Action.allCases.map { .string($0.rawValue) })]
    ]
  }

  func register(_ api: APIRouteTable) {
    api.add(
      APIOperation(
        .post, "/api/onpu/study/songs/:songId", summary: "Add a song's words and kanji to review",
        tag: "onpu", responses: [(200, Schemas.of(Added.self))], errors: [404]), use: addSong)
    api.add(
      APIOperation(
        .post, "/api/onpu/study/cards",
        summary: "Add one word of a song to review, by line and word index or as written",
        tag: "onpu", requestBody: Schemas.of(WordInput.self),
        responses: [(201, Schemas.of(CardEnvelope.self)), (200, Schemas.of(CardEnvelope.self))],
        errors: [400, 404, 409]), use: addWord)
    api.add(
      APIOperation(
        .get, "/api/onpu/study/due", summary: "The cards due now, most overdue first", tag: "onpu",
        responses: [(200, Schemas.of(DueList.self))]), use: due)
    api.add(
      APIOperation(
        .get, Self.cardPath, summary: "One study card", tag: "onpu",
        responses: [(200, Schemas.of(CardEnvelope.self))], errors: [404]), use: card)
    api.add(
      APIOperation(
        .post, "\(Self.cardPath)/review",
        summary: "Grade a due card (or one not yet due, with ahead): again, hard, good or easy",
        tag: "onpu", requestBody: Schemas.of(GradeInput.self),
        responses: [(200, Schemas.of(CardEnvelope.self))], errors: [400, 404, 409]), use: review)
    api.add(
      APIOperation(
        .post, "\(Self.cardPath)/action",
        summary: "Suspend a card, bury it until tomorrow, mark it known, or restore it",
        tag: "onpu", requestBody: Schemas.of(ActionInput.self),
        responses: [(200, Schemas.of(CardEnvelope.self))], errors: [400, 404]), use: act)
    api.add(
      APIOperation(
        .get, "/api/onpu/study/progress",
        summary: "Cards due now and in the coming days, reviews per day, songs known best",
        tag: "onpu", responses: [(200, Schemas.of(StudyProgress.self))]), use: progress)
    registerWords(api)
  }

  @Sendable func addSong(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let user = try context.requireCaller().user
    let (added, cards) = try await study.addSong(
      context.parameters.get("songId") ?? "", for: user)
    return JSONBody.response(Added(added: added, cards: cards))
  }

  @Sendable func addWord(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let user = try context.requireCaller().user
    let input = try await JSONBody.decode(
      WordInput.self, from: request, route: "POST /api/onpu/study/cards")
    if input.surface == nil {
      guard input.line != nil else { throw APIErrorResponse(.missing("line")) }
      guard input.word != nil else { throw APIErrorResponse(.missing("word")) }
    }
    let (card, added) = try await study.addWord(
      songID: input.songId, line: input.line, word: input.word, surface: input.surface,
      for: user)
    return JSONBody.response(
      CardEnvelope(card: try await study.view(card), added: added), status: added ? .created : .ok)
  }

  @Sendable func due(_ request: Request, _ context: AppRequestContext) async throws -> Response {
    let user = try context.requireCaller().user
    let cards = try await study.due(for: user)
    var views: [OnpuStudyCardView] = []
    for card in cards { views.append(try await study.view(card)) }
    return JSONBody.response(DueList(cards: views, dueCount: cards.count))
  }

  @Sendable func card(_ request: Request, _ context: AppRequestContext) async throws -> Response {
    let user = try context.requireCaller().user
    let card = try await study.card(context.parameters.get("cardId") ?? "", for: user)
    return JSONBody.response(CardEnvelope(card: try await study.view(card)))
  }

  @Sendable func review(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let user = try context.requireCaller().user
    let id = context.parameters.get("cardId") ?? ""
    _ = try await study.card(id, for: user)
    let input = try await JSONBody.decode(
      GradeInput.self, from: request, route: "POST \(Self.cardPath)/review")
    guard let grade = FSRSGrade(name: input.grade) else {
      throw APIErrorResponse(.invalid("grade", "grade is again, hard, good or easy."))
    }
    let card = try await study.review(id, grade: grade, ahead: input.ahead ?? false, for: user)
    return JSONBody.response(CardEnvelope(card: try await study.view(card)))
  }

  @Sendable func act(_ request: Request, _ context: AppRequestContext) async throws -> Response {
    let user = try context.requireCaller().user
    let id = context.parameters.get("cardId") ?? ""
    _ = try await study.card(id, for: user)
    let input = try await JSONBody.decode(
      ActionInput.self, from: request, route: "POST \(Self.cardPath)/action")
    guard let action = OnpuStudy.Action(rawValue: input.action) else {
      throw APIErrorResponse(.invalid("action", "action is suspend, bury, know or restore."))
    }
    let card = try await study.act(action, on: id, for: user)
    return JSONBody.response(CardEnvelope(card: try await study.view(card)))
  }

  @Sendable func progress(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let user = try context.requireCaller().user
    return JSONBody.response(try await study.progress(for: user))
  }
}
