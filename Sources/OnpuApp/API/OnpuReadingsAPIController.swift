import CanonicalJSON
import Foundation
import HearthCore
import HearthOpenAPI
import HearthPlatform
import Hummingbird

/// /api/onpu/songs/:songId/readings and /api/onpu/readings: the learner's corrections of the
/// readings songs sing, for one song or for all of theirs.
struct OnpuReadingsAPIController: Sendable {
  let library: OnpuLibrary
  let costs: OnpuCosts

  static let path = "/api/onpu/songs/:songId/readings"

  struct ReadingsBody: Codable {
    var songId: String
    /// The song's words with kanji, once each, as it reads them now.
    var words: [OnpuLibrary.WordReading]
  }

  struct CorrectionList: Codable { var corrections: [OnpuLibrary.Correction] }

  func register(_ api: APIRouteTable) {
    let surface: (name: String, schema: JSON, required: Bool) = ("surface", Schemas.string, true)
    let allSongs: (name: String, schema: JSON, required: Bool) = (
      "allSongs", ["type": "boolean"], false
    )
    api.add(
      APIOperation(
        .get, Self.path, summary: "A song's words with kanji and how it reads them", tag: "onpu",
        responses: [(200, Schemas.of(ReadingsBody.self))], errors: [404]), use: words)
    api.add(
      APIOperation(
        .put, Self.path,
        summary: "Correct a word's reading in the song, or in all your songs (allSongs)",
        tag: "onpu", requestBody: Schemas.of(OnpuLibrary.ReadingInput.self),
        responses: [(200, Schemas.of(ReadingsBody.self))], errors: [400, 404, 422]),
      limitedBy: costs.corrections, use: correct)
    api.add(
      APIOperation(
        .delete, Self.path,
        summary: "Undo the song's correction of a word (or your all-songs one, with allSongs)",
        tag: "onpu", query: [surface, allSongs], responses: [(200, Schemas.of(ReadingsBody.self))],
        errors: [400, 404]), limitedBy: costs.corrections, use: undo)
    api.add(
      APIOperation(
        .get, "/api/onpu/readings", summary: "Your reading corrections, of all songs and each",
        tag: "onpu", responses: [(200, Schemas.of(CorrectionList.self))]), use: corrections)
    api.add(
      APIOperation(
        .delete, "/api/onpu/readings", summary: "Remove a correction of all your songs",
        tag: "onpu", query: [surface], responses: [(204, nil)], errors: [400, 404]),
      limitedBy: costs.corrections, use: removeAllSongs)
  }

  @Sendable func words(_ request: Request, _ context: AppRequestContext) async throws -> Response {
    let song = try await callersSong(context)
    return JSONBody.response(
      ReadingsBody(songId: song.id, words: try await library.wordReadings(song)))
  }

  @Sendable func correct(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let song = try await callersSong(context)
    let input = try await JSONBody.decode(
      OnpuLibrary.ReadingInput.self, from: request, route: "PUT \(Self.path)")
    try await library.correctReading(input, in: song)
    return try await words(request, context)
  }

  @Sendable func undo(_ request: Request, _ context: AppRequestContext) async throws -> Response {
    let song = try await callersSong(context)
    let allSongs = request.uri.queryParameters.get("allSongs") == "true"
    guard
      try await library.removeCorrection(
        surface: try Self.surface(request), songID: allSongs ? nil : song.id,
        ownerID: song.ownerID)
    else { throw APIErrorResponse(.notFound("correction")) }
    return try await words(request, context)
  }

  @Sendable func corrections(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let user = try context.requireCaller().user
    let stored = try await library.env.database.onpuStore.onpuReadingCorrections(ownerID: user.id)
    return JSONBody.response(CorrectionList(corrections: stored.map(OnpuLibrary.Correction.init)))
  }

  @Sendable func removeAllSongs(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let user = try context.requireCaller().user
    guard
      try await library.removeCorrection(
        surface: try Self.surface(request), songID: nil, ownerID: user.id)
    else { throw APIErrorResponse(.notFound("correction")) }
    return Response(status: .noContent)
  }

  static func surface(_ request: Request) throws -> String {
    let surface = (request.uri.queryParameters.get("surface") ?? "")
      .trimmingCharacters(in: .whitespacesAndNewlines)
    guard !surface.isEmpty else { throw APIErrorResponse(.missing("surface")) }
    return surface
  }

  /// The song named in the path, when it is the caller's.
  private func callersSong(_ context: AppRequestContext) async throws -> OnpuSong {
    let user = try context.requireCaller().user
    return try await library.song(context.parameters.get("songId") ?? "", for: user)
  }
}
