import Foundation
import HTTPTypes
import HearthCore
import HearthPlatform
import Hummingbird
import OnpuCore

/// /onpu/songs/:songId/readings: the song's words with kanji, each with a form to correct its
/// reading (in this song or all of the learner's songs) and to undo the correction. The forms
/// post without JavaScript.
struct OnpuReadingsWebController: Sendable {
  let pages: WebPages
  let library: OnpuLibrary
  let costs: OnpuCosts

  func register(_ router: Router<AppRequestContext>) {
    let signedIn = router.group("/onpu/songs/:songId/readings").add(middleware: SignedInPages())
    signedIn.get("", use: show)
    let limited = signedIn.group().add(middleware: costs.corrections)
    limited.post("", use: correct)
    limited.post("/undo", use: undo)
  }

  @Sendable func show(_ request: Request, _ context: AppRequestContext) async throws -> Response {
    try await page(request, context, error: nil)
  }

  @Sendable func correct(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let song = try await callersSong(context)
    let form = try await pages.form(request)
    let surface = form["surface"] ?? ""
    do {
      try await library.correctReading(
        .init(
          surface: surface, reading: form["reading"] ?? "", allSongs: form["allSongs"] != nil),
        in: song)
    } catch let failure as APIErrorResponse
      where failure.error.status < 500 && failure.error.status != 404
    {
      return try await page(
        request, context,
        error: .init(
          surface: surface, reading: form["reading"] ?? "", message: failure.error.message),
        status: failure.status)
    }
    return pages.redirect(
      Self.path(song.id),
      flash: Flash(
        kind: .success,
        message:
          "\(surface) now reads \(LearnerReadings.kanaReading(form["reading"] ?? "") ?? "")."))
  }

  @Sendable func undo(_ request: Request, _ context: AppRequestContext) async throws -> Response {
    let song = try await callersSong(context)
    let form = try await pages.form(request)
    let surface = form["surface"] ?? ""
    let removed = try await library.removeCorrection(
      surface: surface, songID: form["allSongs"] == "1" ? nil : song.id, ownerID: song.ownerID)
    return pages.redirect(
      Self.path(song.id),
      flash: removed
        ? Flash(kind: .success, message: "\(surface) reads as the song gives it again.")
        : Flash(kind: .error, message: "\(surface) had no reading of yours to undo."))
  }

  static func path(_ songID: String) -> String { "/onpu/songs/\(songID)/readings" }

  private func page(
    _ request: Request, _ context: AppRequestContext, error: OnpuPages.ReadingError?,
    status: HTTPResponse.Status = .ok
  ) async throws -> Response {
    let song = try await callersSong(context)
    let view = OnpuPages.ReadingsView(
      song: OnpuPages.SongRow(
        id: song.id, title: song.title, artist: song.artist, favorite: song.favorite),
      words: try await library.wordReadings(song), error: error)
    return pages.html(
      OnpuPages.readings(try await pages.pageContext(request, context), view), status: status)
  }

  private func callersSong(_ context: AppRequestContext) async throws -> OnpuSong {
    let user = try context.requireCaller().user
    return try await library.song(context.parameters.get("songId") ?? "", for: user)
  }
}
