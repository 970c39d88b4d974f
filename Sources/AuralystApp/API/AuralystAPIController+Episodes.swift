import AuralystCore
import Foundation
import HearthCore
import HearthOpenAPI
import HearthPlatform
import Hummingbird

/// Episodes (attacks): anyone who sees the journal reads them; writers start them and change
/// their own; the owner changes any.
extension AuralystAPIController {
  static let episodesPath = "\(journalPath)/episodes"
  static let episodePath = "\(episodesPath)/:episodeId"

  func registerEpisodes(_ api: APIRouteTable) {
    let one = Schemas.of(AuralystAPI.EpisodeEnvelope.self)
    let input = Schemas.of(AuralystAPI.EpisodeInput.self)
    api.add(
      APIOperation(
        .get, Self.episodesPath, summary: "The journal's episodes, by start", tag: "auralyst",
        query: Self.range, responses: [(200, Schemas.of(AuralystAPI.EpisodeList.self))],
        errors: [400, 404]), use: listEpisodes)
    api.add(
      APIOperation(
        .post, Self.episodesPath,
        summary:
          "Start an episode, now unless startedAt says otherwise (read-write); an id sent again answers the stored one",
        tag: "auralyst", requestBody: input, responses: [(201, one), (200, one)],
        errors: [400, 403, 404, 409, 413]), use: startEpisode)
    api.add(
      APIOperation(
        .get, Self.episodePath, summary: "One episode", tag: "auralyst",
        responses: [(200, one)], errors: [404]), use: showEpisode)
    api.add(
      APIOperation(
        .patch, Self.episodePath,
        summary: "End an episode (endedAt: \"now\"), or change it (its author; the owner: any)",
        tag: "auralyst", requestBody: input, responses: [(200, one)],
        errors: [400, 403, 404, 413]), use: updateEpisode)
    api.add(
      APIOperation(
        .delete, Self.episodePath, summary: "Delete an episode (its author; the owner: any)",
        tag: "auralyst", responses: [(204, nil)], errors: [403, 404]), use: deleteEpisode)
  }

  private func openEpisode(_ context: AppRequestContext) async throws -> (
    AuralystJournals.Opened, Episode
  ) {
    let opened = try await open(context)
    return (
      opened, try await journals.episode(opened, id: context.parameters.get("episodeId") ?? "")
    )
  }

  @Sendable func listEpisodes(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let opened = try await open(context)
    let (from, to) = try Self.bounds(request)
    let episodes = try await journals.episodes(opened, from: from, until: to)
    return JSONBody.response(
      AuralystAPI.EpisodeList(episodes: episodes.map { AuralystAPI.EpisodeBody($0, opened) }))
  }

  @Sendable func startEpisode(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let opened = try await open(context)
    try opened.access.require(.write, what: "journal")
    let input = try await JSONBody.decode(
      AuralystAPI.EpisodeInput.self, from: request, route: "POST \(Self.episodesPath)")
    var episode = Episode(
      id: try AuralystJournals.clientID(input.id, make: env.newID), journalID: opened.journal.id,
      startedAt: ISOTime.rounded(env.now()), authorID: opened.user.id)
    try apply(input, to: &episode, opened)
    let (stored, created) = try await journals.startEpisode(episode, in: opened)
    return Self.created(
      AuralystAPI.EpisodeEnvelope(episode: AuralystAPI.EpisodeBody(stored, opened)), created)
  }

  @Sendable func showEpisode(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let (opened, episode) = try await openEpisode(context)
    return JSONBody.response(
      AuralystAPI.EpisodeEnvelope(episode: AuralystAPI.EpisodeBody(episode, opened)))
  }

  @Sendable func updateEpisode(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let (opened, stored) = try await openEpisode(context)
    try opened.requireAuthor(of: stored.authorID)
    let input = try await JSONBody.decode(
      AuralystAPI.EpisodeInput.self, from: request, route: "PATCH \(Self.episodePath)")
    if let id = input.id, id != stored.id {
      throw APIErrorResponse(.invalid("id", "An episode keeps its id."))
    }
    var episode = stored
    try apply(input, to: &episode, opened)
    let saved = try await journals.updateEpisode(episode, authorID: stored.authorID, in: opened)
    return JSONBody.response(
      AuralystAPI.EpisodeEnvelope(episode: AuralystAPI.EpisodeBody(saved, opened)))
  }

  @Sendable func deleteEpisode(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let (opened, episode) = try await openEpisode(context)
    try await journals.deleteEpisode(episode, in: opened)
    return Response(status: .noContent)
  }

  /// The fields sent, read into the episode; the rules that need the journal are checked when
  /// it is saved.
  private func apply(
    _ input: AuralystAPI.EpisodeInput, to episode: inout Episode,
    _ opened: AuralystJournals.Opened
  ) throws {
    let now = env.now()
    func time(_ text: String, _ field: String) throws -> Date {
      text == "now"
        ? ISOTime.rounded(now)
        : try AuralystAPI.timestamp(text, field: field, journal: opened.journal, now: now)
    }
    if let text = input.startedAt { episode.startedAt = try time(text, "startedAt") }
    if let text = input.endedAt { episode.endedAt = try time(text, "endedAt") }
    if let names = input.locations {
      episode.locations = try AuralystAPI.validated { () throws(ValidationError) in
        try Episode.locations(names)
      }
    }
    if let text = input.locationNote { episode.locationNote = text }
    if let text = input.aura { episode.aura = try AuralystAPI.aura(text) }
    if let ids = input.medicationIds { episode.medicationIDs = ids }
    if let ids = input.intakeIds { episode.intakeIDs = ids }
    if let text = input.helped {
      episode.relief = try AuralystAPI.validated { () throws(ValidationError) in
        try Episode.relief(text)
      }
    }
    if let text = input.note { episode.note = text }
  }
}
