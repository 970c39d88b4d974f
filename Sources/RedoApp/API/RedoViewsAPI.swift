import CanonicalJSON
import Foundation
import HearthCore
import HearthOpenAPI
import HearthPlatform
import Hummingbird

/// /api/redo/views: the list views a person saved, kept with the account so that every device
/// and browser shows the same ones.
struct RedoViewsAPI: Sendable {
  let env: HearthEnvironment

  static let mostViews = 50

  struct ViewInput: Decodable, JSONSchemaRefined {
    var query: String?

    static let schemaRequired = ["query"]
    static let schemaRefinements: [String: JSON] = ["query": ["maxLength": 2000]]
  }

  struct ViewBody: Codable {
    var name: String
    /// The list page's query, without its `?`: filters, sort and preset.
    var query: String
  }

  struct Views: Codable {
    var views: [ViewBody]
  }

  func register(_ api: APIRouteTable) {
    api.add(
      APIOperation(
        .get, "/api/redo/views", summary: "The list views this account saved", tag: "redo",
        responses: [(200, Schemas.of(Views.self))], errors: [401]),
      use: listViews)
    api.add(
      APIOperation(
        .put, "/api/redo/views/:name", summary: "Save a list view under a name (or replace it)",
        tag: "redo", requestBody: Schemas.of(ViewInput.self),
        responses: [(200, Schemas.of(Views.self))], errors: [400, 401, 409, 413]),
      use: saveView)
    api.add(
      APIOperation(
        .delete, "/api/redo/views/:name", summary: "Forget a saved list view", tag: "redo",
        responses: [(200, Schemas.of(Views.self))], errors: [401, 404]),
      use: deleteView)
  }

  @Sendable func listViews(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    try await views(of: try context.requireCaller().user.id)
  }

  @Sendable func saveView(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let user = try context.requireCaller().user
    let name = try Self.name(context)
    let input = try await JSONBody.decode(
      ViewInput.self, from: request, route: "PUT /api/redo/views/:name")
    guard let query = input.query else { throw APIErrorResponse(.missing("query")) }
    guard query.count <= 2000, !query.contains(where: \.isNewline) else {
      throw APIErrorResponse(
        .invalid("query", "query must be one line of at most 2000 characters."))
    }
    let store = env.database.redoStore
    let saved = try await store.redoViews(userID: user.id)
    guard saved.count < Self.mostViews || saved.contains(where: { $0.name == name }) else {
      throw APIErrorResponse(
        APIError(
          status: 409, code: "conflict",
          message: "You have \(Self.mostViews) saved views; delete one first.", field: "name"))
    }
    try await store.putRedoView(
      RedoSavedView(
        userID: user.id, name: name,
        query: query.hasPrefix("?") ? String(query.dropFirst()) : query,
        updatedAt: env.now()))
    return try await views(of: user.id)
  }

  @Sendable func deleteView(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let user = try context.requireCaller().user
    guard
      try await env.database.redoStore.deleteRedoView(userID: user.id, name: try Self.name(context))
    else { throw APIErrorResponse(.notFound("view")) }
    return try await views(of: user.id)
  }

  private static func name(_ context: AppRequestContext) throws -> String {
    let raw = context.parameters.get("name") ?? ""
    let name = (raw.removingPercentEncoding ?? raw).trimmingCharacters(in: .whitespacesAndNewlines)
    guard (1...80).contains(name.count), !name.contains(where: \.isNewline) else {
      throw APIErrorResponse(.invalid("name", "A view's name is 1 to 80 characters on one line."))
    }
    return name
  }

  private func views(of userID: String) async throws -> Response {
    let views = try await env.database.redoStore.redoViews(userID: userID)
    return JSONBody.response(Views(views: views.map { ViewBody(name: $0.name, query: $0.query) }))
  }
}
