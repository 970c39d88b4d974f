import CanonicalJSON
import Foundation
import HTTPTypes
import HearthCore
import HearthOpenAPI
import HearthPlatform
import Hummingbird

/// Onpu's app API at /v1, on the reference's paths, queries and success bodies, with Hearth's
/// errors and accounts: tokens come from /v1/auth/apple, /api/auth/login and /api/auth/refresh.
/// Every route passes `OnpuGate` first.
struct OnpuAPIController: Sendable {
  let library: OnpuLibrary
  var env: HearthEnvironment { library.env }
  let hub: EventHub
  let gate: OnpuGate
  let costs: OnpuCosts
  let apple: OnpuAppleController?
  var settings: OnpuConfig { library.settings }

  static let bodyLimit = 256 << 10

  init(
    library: OnpuLibrary, hub: EventHub, costs: OnpuCosts, apple: OnpuAppleSignIn?,
    clientAddress: @escaping @Sendable (Request, AppRequestContext) -> String
  ) {
    self.library = library
    self.hub = hub
    self.costs = costs
    self.apple = apple.map { OnpuAppleController(apple: $0, clientAddress: clientAddress) }
    gate = OnpuGate(env: library.env, settings: library.settings, clientAddress: clientAddress)
  }

  func register(_ api: APIRouteTable) {
    let v1 = api.group("/v1", middleware: gate)
    v1.add(
      APIOperation(
        .get, "/v1/auth/me", summary: "Who the token belongs to", tag: "onpu",
        responses: [(200, Schemas.of(OK.self))], errors: [401, 429]), use: me)
    apple?.register(v1)
    if env.config.environment != .production {
      v1.add(
        APIOperation(
          .get, "/v1/debug/queue", summary: "Job counts (not in production)", tag: "onpu",
          responses: [(200, Schemas.of(QueueView.self))], errors: [401, 429]), use: queue)
    }
    v1.add(
      APIOperation(
        .post, "/v1/jobs", summary: "Queue lyrics for analysis", tag: "onpu",
        requestBody: Schemas.of(JobInput.self), responses: [(200, Schemas.of(Created.self))],
        errors: [400, 401, 413, 429]), limitedBy: costs.analysis, use: createJob)
    v1.add(
      APIOperation(
        .get, "/v1/jobs/:jobId", summary: "A job's status, and its result once it succeeded",
        tag: "onpu", responses: [(200, Schemas.of(OnpuLibrary.JobView.self))],
        errors: [401, 404, 429]),
      use: job)
    v1.add(
      APIOperation(
        .get, "/v1/jobs/:jobId/result", summary: "A succeeded job's result (409 before)",
        tag: "onpu", responses: [(200, Schemas.of(OnpuLibrary.JobResult.self))],
        errors: [401, 404, 409, 429]),
      use: result)
    v1.add(
      APIOperation(
        .post, "/v1/jobs/:jobId/ack",
        summary: "Take the job off the pending and recent lists (its song stays)", tag: "onpu",
        responses: [(200, Schemas.of(Acknowledged.self))], errors: [401, 404, 429]),
      use: acknowledge)
    let since: (name: String, schema: JSON, required: Bool) = (
      "since", ["type": "integer", "minimum": 0], false
    )
    let limit: (name: String, schema: JSON, required: Bool) = (
      "limit", ["type": "integer"], false
    )
    v1.add(
      APIOperation(
        .get, "/v1/jobs/recent", summary: "Jobs finished after `since` (ms), oldest first",
        tag: "onpu", query: [since, limit], responses: [(200, Schemas.of(Changes.self))],
        errors: [400, 401, 429]), use: recent)
    v1.add(
      APIOperation(
        .get, "/v1/jobs/pending/longpoll",
        summary: "Waits up to `timeout` seconds for a change after `since`", tag: "onpu",
        query: [("timeout", ["type": "integer"], false), since, limit],
        responses: [(200, Schemas.of(Changes.self))], errors: [400, 401, 429]), use: longPoll)
  }

  struct OK: Codable {
    var ok: Bool
    var sub: String
  }

  struct QueueView: Codable {
    var database: String
    var counts: [String: Int]
  }

  struct Created: Codable {
    var jobId: String
    var status: OnpuJob.Status
  }

  struct Acknowledged: Codable {
    var ok: Bool
  }

  struct Changes: Codable {
    var changes: [OnpuJob.Change]
    var hasPending: Bool?
  }

  struct JobInput: Decodable, JSONSchemaRefined {
    var title: String?
    var artist: String?
    var lyrics: String

    static let schemaRefinements: [String: JSON] = [
      "title": ["maxLength": 200], "artist": ["maxLength": 200],
      "lyrics": [
        "minLength": 1, "maxLength": 20_000,
        .init(stringLiteral: InputLimits.lengthCheckedByRoute): true,
      ],
    ]
  }

  @Sendable func me(_ request: Request, _ context: AppRequestContext) async throws -> Response {
    JSONBody.response(OK(ok: true, sub: try context.requireCaller().user.id))
  }

  @Sendable func queue(_ request: Request, _ context: AppRequestContext) async throws -> Response {
    _ = try context.requireCaller()
    let counts = try await env.database.jobCounts()
    return JSONBody.response(
      QueueView(
        database: env.database.kindName,
        counts: [
          "waiting": counts[.queued] ?? 0, "active": counts[.running] ?? 0, "delayed": 0,
          "failed": counts[.dead] ?? 0, "completed": counts[.succeeded] ?? 0, "paused": 0,
        ]))
  }

  @Sendable func createJob(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let user = try context.requireCaller().user
    let input = try await JSONBody.decode(
      JobInput.self, from: request, limit: Self.bodyLimit, route: "POST /v1/jobs")
    let (title, artist, lyrics) = try OnpuInput.job(
      title: input.title, artist: input.artist, lyrics: input.lyrics, settings: settings)
    let job = try await library.create(title: title, artist: artist, lyrics: lyrics, for: user)
    return JSONBody.response(Created(jobId: job.id, status: job.status))
  }

  @Sendable func job(_ request: Request, _ context: AppRequestContext) async throws -> Response {
    let job = try await callersJob(context)
    return JSONBody.response(try await library.view(job))
  }

  @Sendable func result(_ request: Request, _ context: AppRequestContext) async throws -> Response {
    let job = try await callersJob(context)
    let view = try await library.view(job)
    guard job.status == .succeeded else {
      throw APIErrorResponse(
        APIError(
          status: 409, code: "not_ready",
          message: "The job is \(job.status.rawValue); its result comes when it succeeds."))
    }
    guard let result = view.result else {
      throw APIErrorResponse(.notFound("result (the song was deleted)"))
    }
    return JSONBody.response(result)
  }

  @Sendable func acknowledge(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let job = try await callersJob(context)
    _ = try await env.database.onpuStore.acknowledgeOnpuJob(id: job.id, at: env.now())
    return JSONBody.response(Acknowledged(ok: true))
  }

  @Sendable func recent(_ request: Request, _ context: AppRequestContext) async throws -> Response {
    let user = try context.requireCaller().user
    let after = try Self.integer(request, "since", default: 0, clampedTo: 0...Int64.max)
    let count = try Self.integer(request, "limit", default: 50, clampedTo: 1...200)
    let changes = try await library.changes(
      for: user, since: after, finishedOnly: true, limit: Int(count))
    return JSONBody.response(Changes(changes: changes, hasPending: nil))
  }

  @Sendable func longPoll(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let user = try context.requireCaller().user
    let timeout = try Self.integer(request, "timeout", default: 20, clampedTo: 1...30)
    let after = try Self.integer(request, "since", default: 0, clampedTo: 0...Int64.max)
    let count = try Self.integer(request, "limit", default: 50, clampedTo: 1...200)
    let (changes, pending) = try await library.longPoll(
      for: user, since: after, limit: Int(count), timeout: .seconds(timeout), hub: hub)
    return JSONBody.response(Changes(changes: changes, hasPending: pending))
  }

  /// The job named in the path, when it is the caller's.
  private func callersJob(_ context: AppRequestContext) async throws -> OnpuJob {
    try await library.job(
      context.parameters.get("jobId") ?? "", for: try context.requireCaller().user)
  }

  static func integer(
    _ request: Request, _ name: String, default value: Int64, clampedTo range: ClosedRange<Int64>
  ) throws -> Int64 {
    guard let raw = request.uri.queryParameters.get(name), !raw.isEmpty else { return value }
    guard let number = Int64(raw) else {
      throw APIErrorResponse(.invalid(name, "\(name) must be a whole number."))
    }
    return min(max(number, range.lowerBound), range.upperBound)
  }
}

/// The checks every way of adding a song shares.
enum OnpuInput {
  static func job(
    title: String?, artist: String?, lyrics: String, settings: OnpuConfig
  ) throws -> (String, String, String) {
    let title = (title ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
    let artist = (artist ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
    let lyrics = lyrics.trimmingCharacters(in: .whitespacesAndNewlines)
    for (field, value) in [("title", title), ("artist", artist), ("lyrics", lyrics)]
    where value.unicodeScalars.contains(where: { $0.value == 0 }) {
      throw APIErrorResponse(
        .invalid(
          field,
          "A control character (NUL) in the \(field) cannot be saved; remove it and try again."
        ))
    }
    guard title.count <= 200 else {
      throw APIErrorResponse(.invalid("title", "Keep the title to 200 characters or fewer."))
    }
    guard artist.count <= 200 else {
      throw APIErrorResponse(
        .invalid("artist", "Keep the artist's name to 200 characters or fewer."))
    }
    guard !lyrics.isEmpty else {
      throw APIErrorResponse(.invalid("lyrics", "Paste at least one line of lyrics."))
    }
    guard lyrics.count <= settings.maxLyricsCharacters else {
      throw APIErrorResponse(
        APIError(
          status: 413, code: "lyrics_too_large",
          message:
            "These lyrics have \(lyrics.count) characters; a song can have at most \(settings.maxLyricsCharacters).",
          field: "lyrics"))
    }
    let lines = lyrics.split(whereSeparator: \.isNewline).count
    guard lines <= settings.maxLines else {
      throw APIErrorResponse(
        .invalid(
          "lyrics",
          "These lyrics have \(lines) lines; a song can have at most \(settings.maxLines)."))
    }
    return (title, artist, lyrics)
  }
}
