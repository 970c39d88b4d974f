import CanonicalJSON
import Foundation
import HearthCore
import HearthOpenAPI
import HearthPlatform
import Hummingbird
import OnpuCore

/// /api/onpu: the library (songs with their analysis, favorites), the processing list (retry,
/// remove) and the kanji dictionary, for the pages and any other client.
struct OnpuLibraryAPIController: Sendable {
  let library: OnpuLibrary
  let costs: OnpuCosts
  var env: HearthEnvironment { library.env }

  static let songPath = "/api/onpu/songs/:songId"

  struct SongSummary: Codable {
    var id: String
    var title: String
    var artist: String
    var favorite: Bool
    var createdAt: Date

    init(_ song: OnpuSong) {
      id = song.id
      title = song.title
      artist = song.artist
      favorite = song.favorite
      createdAt = song.createdAt
    }
  }

  struct SongBody: Codable, JSONSchemaRefined {
    var song: SongSummary
    /// One per line; null where a line has none.
    var translations: [String?]
    /// complete, partial, failed or off; translating while it is done again.
    var translationState: String
    /// Why the translator gave nothing, in words; only after a failed call.
    var translationError: String?
    /// Whether POST …/translation would translate the missing lines now.
    var canRetranslate: Bool

    static let schemaRefinements: [String: JSON] = [
      "translations": ["items": ["type": ["string", "null"]]]
    ]
  }

  struct SongList: Codable { var songs: [SongSummary] }
  struct TranslationStatus: Codable {
    var songId: String
    var translationState: String
  }
  struct SongEnvelope: Codable { var song: SongSummary }
  struct KanjiList: Codable { var kanji: [KanjiEntry] }
  struct KanjiEnvelope: Codable {
    var kanji: KanjiEntry
    /// The kanji's classical radical spelled out, when KANJIDIC2 gives one.
    var radical: KangxiRadical?
  }

  /// The song answer: SongBody's schema with the spliced `lyricsData` added. That part is
  /// stated, not reflected: OnpuCore writes it by hand (LyricsData.referenceJSON()), an object
  /// of lines keyed "0".."N-1", from types the app does not see.
  static var songSchema: JSON {
    guard case .object(var schema) = Schemas.of(SongBody.self),
      case .object(var properties)? = schema["properties"],
      case .array(let required)? = schema["required"]
    else { return Schemas.of(SongBody.self) }
    properties["lyricsData"] = referenceLyricsData
    schema["properties"] = .object(properties)
    schema["required"] = .array(required + ["lyricsData"])
    return .object(schema)
  }

  static let referenceLyricsData: JSON = {
    func object(_ properties: [(String, JSON)]) -> JSON {
      Schemas.object(properties, required: properties.map { $0.0 })
    }
    func array(_ items: JSON) -> JSON { ["type": "array", "items": items] }
    let boolean: JSON = ["type": "boolean"]
    let reading = object([("kanji", Schemas.string), ("reading", Schemas.string)])
    let mora = object([("text", Schemas.string), ("isHigh", boolean)])
    let word = Schemas.object(
      [
        ("kanji", Schemas.nullableString), ("furigana", Schemas.string),
        ("kanjiFurigana", array(reading)), ("mora", array(mora)),
        ("readingSource", ["type": "string", "enum": ["lyrics", "learner"]]),
        ("pitchUnknown", boolean),
      ], required: ["kanji", "furigana", "kanjiFurigana", "mora"])
    return ["type": "object", "additionalProperties": object([("words", array(word))])]
  }()

  /// The song, with the reference's verbose lyricsData (lines keyed "0".."N-1") beside it.
  static func songResponse(_ song: OnpuSong, _ analysis: OnpuSong.Analysis, canRetranslate: Bool)
    throws -> Response
  {
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .iso8601
    let base = try encoder.encode(
      SongBody(
        song: SongSummary(song), translations: try OnpuSongCoding.translations(analysis),
        translationState: analysis.translationState, translationError: analysis.translationError,
        canRetranslate: canRetranslate))
    let lyricsData = LyricsData(lines: try OnpuSongCoding.lines(analysis)).referenceJSON()
    var body = String(decoding: base, as: UTF8.self)
    body.removeLast()
    body += #","lyricsData":"# + String(decoding: lyricsData, as: UTF8.self) + "}"
    return Response(
      status: .ok, headers: [.contentType: "application/json; charset=utf-8"],
      body: .init(byteBuffer: ByteBuffer(string: body)))
  }

  struct FavoriteInput: Decodable { var favorite: Bool }

  func register(_ api: APIRouteTable) {
    api.add(
      APIOperation(
        .get, "/api/onpu/songs", summary: "Your songs, newest first", tag: "onpu",
        query: [("q", Schemas.string, false)],
        responses: [(200, Schemas.of(SongList.self))]), use: songs)
    api.add(
      APIOperation(
        .get, Self.songPath, summary: "A song with its lines, readings, pitch and translations",
        tag: "onpu", responses: [(200, Self.songSchema)], errors: [404]), use: song)
    api.add(
      APIOperation(
        .patch, Self.songPath, summary: "Mark or unmark a favorite", tag: "onpu",
        requestBody: Schemas.of(FavoriteInput.self),
        responses: [(200, Schemas.of(SongEnvelope.self))], errors: [400, 404]), use: setFavorite)
    api.add(
      APIOperation(
        .delete, Self.songPath, summary: "Delete a song", tag: "onpu", responses: [(204, nil)],
        errors: [404]), use: deleteSong)
    api.add(
      APIOperation(
        .post, "\(Self.songPath)/translation",
        summary:
          "Translate the song's untranslated lines again (after a failed or partial translation, or when a translator was set up later)",
        tag: "onpu", responses: [(202, Schemas.of(TranslationStatus.self))],
        errors: [404, 409]), limitedBy: costs.analysis, use: retranslate)
    api.add(
      APIOperation(
        .post, "/api/onpu/jobs/:jobId/retry", summary: "Try a failed job again", tag: "onpu",
        responses: [(200, Schemas.of(OnpuJob.Change.self))], errors: [404, 409]),
      limitedBy: costs.analysis, use: retryJob)
    api.add(
      APIOperation(
        .delete, "/api/onpu/jobs/:jobId", summary: "Remove a job from the processing list",
        tag: "onpu", responses: [(204, nil)], errors: [404]), use: deleteJob)
    api.add(
      APIOperation(
        .get, "/api/onpu/kanji", summary: "Search the kanji dictionary", tag: "onpu",
        authenticated: false, query: [("q", Schemas.string, true)],
        responses: [(200, Schemas.of(KanjiList.self))], errors: [400, 503]),
      limitedBy: costs.searches, use: searchKanji)
    api.add(
      APIOperation(
        .get, "/api/onpu/kanji/:literal", summary: "One kanji", tag: "onpu",
        authenticated: false, responses: [(200, Schemas.of(KanjiEnvelope.self))],
        errors: [404, 503]),
      use: kanji)
  }

  // MARK: - Songs

  @Sendable func songs(_ request: Request, _ context: AppRequestContext) async throws -> Response {
    let user = try context.requireCaller().user
    let songs = try await library.songs(
      for: user, matching: request.uri.queryParameters.get("q") ?? "")
    return JSONBody.response(SongList(songs: songs.map(SongSummary.init)))
  }

  @Sendable func song(_ request: Request, _ context: AppRequestContext) async throws -> Response {
    let song = try await callersSong(context)
    guard let analysis = song.analysis else { throw APIErrorResponse(.notFound("song")) }
    return try Self.songResponse(
      song, analysis, canRetranslate: library.canRetranslate(analysis))
  }

  /// Queues the song's missing translations; 409 when there is nothing to translate, it is
  /// being translated, or no translator is set up.
  @Sendable func retranslate(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let song = try await callersSong(context)
    guard song.analysis != nil else { throw APIErrorResponse(.notFound("song")) }
    try await library.retranslate(song)
    return JSONBody.response(
      TranslationStatus(songId: song.id, translationState: OnpuLibrary.translating),
      status: .accepted)
  }

  @Sendable func setFavorite(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let song = try await callersSong(context)
    let input = try await JSONBody.decode(
      FavoriteInput.self, from: request, route: "PATCH \(Self.songPath)")
    _ = try await env.database.onpuStore.setOnpuSongFavorite(
      id: song.id, favorite: input.favorite)
    var updated = song
    updated.favorite = input.favorite
    return JSONBody.response(SongEnvelope(song: SongSummary(updated)))
  }

  @Sendable func deleteSong(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let song = try await callersSong(context)
    _ = try await env.database.onpuStore.deleteOnpuSong(id: song.id)
    return Response(status: .noContent)
  }

  /// The song named in the path, when it is the caller's.
  private func callersSong(_ context: AppRequestContext) async throws -> OnpuSong {
    let user = try context.requireCaller().user
    return try await library.song(context.parameters.get("songId") ?? "", for: user)
  }

  // MARK: - Jobs

  @Sendable func retryJob(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let job = try await callersJob(context)
    return JSONBody.response(OnpuJob.Change(try await library.retry(job)))
  }

  @Sendable func deleteJob(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let job = try await callersJob(context)
    _ = try await env.database.onpuStore.deleteOnpuJob(id: job.id, at: env.now())
    return Response(status: .noContent)
  }

  /// The job named in the path, when it is the caller's.
  private func callersJob(_ context: AppRequestContext) async throws -> OnpuJob {
    let user = try context.requireCaller().user
    return try await library.job(context.parameters.get("jobId") ?? "", for: user)
  }

  // MARK: - Kanji

  @Sendable func searchKanji(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let query = request.uri.queryParameters.get("q") ?? ""
    guard !query.trimmingCharacters(in: .whitespaces).isEmpty, query.count <= 100 else {
      throw APIErrorResponse(.invalid("q", "q is a kanji, a reading or an English word."))
    }
    if KangxiRadical.isQuery(query), KangxiRadical.query(query) == nil {
      throw APIErrorResponse(
        .invalid("q", "q=radical:N takes a radical number from 1 to 214 or the radical itself."))
    }
    return JSONBody.response(KanjiList(kanji: try dictionary().search(query, limit: 60)))
  }

  @Sendable func kanji(_ request: Request, _ context: AppRequestContext) async throws -> Response {
    let literal = context.parameters.get("literal") ?? ""
    guard let entry = try dictionary()[literal.removingPercentEncoding ?? literal] else {
      throw APIErrorResponse(.notFound("kanji"))
    }
    return JSONBody.response(
      KanjiEnvelope(kanji: entry, radical: entry.radical.flatMap(KangxiRadical.init(number:))))
  }

  func dictionary() throws -> KanjiDictionary {
    switch library.analyzer {
    case .success(let analyzer): return analyzer.dictionary
    case .failure(let failure):
      throw APIErrorResponse(
        APIError(status: 503, code: "dictionary_missing", message: failure.description))
    }
  }
}
