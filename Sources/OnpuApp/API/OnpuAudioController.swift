import CanonicalJSON
import Foundation
import HearthCore
import HearthOpenAPI
import HearthPlatform
import Hummingbird
import OnpuCore

/// /api/onpu/songs/:songId/audio: a line or a word of the caller's song said by Open JTalk. POST
/// asks for it (and asks again while it is being made); the WAV file is served to the song's
/// owner only.
struct OnpuAudioController: Sendable {
  let library: OnpuLibrary
  let audio: OnpuAudio

  static let path = "\(OnpuLibraryAPIController.songPath)/audio"

  struct AudioInput: Codable {
    /// The line, from 0.
    var line: Int?
    /// A word of the song, as written in it; its dictionary form is said.
    var surface: String?
    /// Forget a failure and try again.
    var retry: Bool?
  }

  struct AudioView: Codable, Equatable {
    /// ready, preparing or failed.
    var status: String
    /// What the audio says.
    var text: String
    var url: String?
    var error: String?
  }

  func register(_ api: APIRouteTable) {
    api.add(
      APIOperation(
        .post, Self.path,
        summary: "Make (or find) the audio of a line or word of the song, as Open JTalk says it",
        tag: "onpu", requestBody: Schemas.of(AudioInput.self),
        responses: [(200, Schemas.of(AudioView.self))], errors: [400, 404, 409]),
      use: prepare)
    api.add(
      APIOperation(
        .get, "\(Self.path)/:file", summary: "A line's or word's audio (WAV)", tag: "onpu",
        responses: [(200, ["type": "string", "format": "binary"])], errors: [404],
        contentType: "audio/wav"), use: file)
  }

  @Sendable func prepare(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let song = try await callersSong(context)
    let input = try await JSONBody.decode(
      AudioInput.self, from: request, route: "POST \(Self.path)")
    let lines = try Self.lines(song)
    let text: String
    if let line = input.line {
      guard lines.indices.contains(line) else {
        throw APIErrorResponse(.invalid("line", "The song has no line \(line)."))
      }
      text = OnpuSpeech.text(of: lines[line])
    } else if let surface = input.surface {
      guard let word = Self.word(surface, in: lines) else {
        throw APIErrorResponse(.invalid("surface", "The song has no word “\(surface)”."))
      }
      text = OnpuSpeech.text(of: word)
    } else {
      throw APIErrorResponse(.missing("line"))
    }
    guard OnpuSpeech.isSayable(text) else {
      return JSONBody.response(
        AudioView(status: "failed", text: text, error: "There is nothing here to say."))
    }
    let view: AudioView
    switch try await audio.prepare(text, retry: input.retry == true) {
    case .ready:
      view = AudioView(
        status: "ready", text: text,
        url: "/api/onpu/songs/\(song.id)/audio/\(OnpuSpeech.key(text)).wav")
    case .preparing: view = AudioView(status: "preparing", text: text)
    case .failed(let why): view = AudioView(status: "failed", text: text, error: why)
    }
    return JSONBody.response(view)
  }

  @Sendable func file(_ request: Request, _ context: AppRequestContext) async throws -> Response {
    let song = try await callersSong(context)
    let name = context.parameters.get("file") ?? ""
    let key = String(name.dropLast(".wav".count))
    guard name.hasSuffix(".wav"), OnpuSpeech.isKey(key),
      Self.keys(try Self.lines(song)).contains(key),
      let bytes = try? Data(contentsOf: audio.file(key))
    else { throw APIErrorResponse(.notFound("audio")) }
    OnpuAudioCache.heard(audio.file(key))
    return Response(
      status: .ok,
      headers: [
        .contentType: "audio/wav", .cacheControl: "private, max-age=86400",
        .eTag: "\"\(key)\"",
      ], body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
  }

  static func lines(_ song: OnpuSong) throws -> [LyricsLine] {
    guard let analysis = song.analysis else {
      throw APIErrorResponse(.conflict("song", "The song is still being processed."))
    }
    return try OnpuSongCoding.lines(analysis)
  }

  static func word(_ surface: String, in lines: [LyricsLine]) -> LyricsWord? {
    let words = lines.flatMap(\.words)
    return words.first { $0.surface == surface }
      ?? words.first { $0.dictionaryForm.word == surface }
  }

  /// The files a song may serve: its lines' and its words'.
  static func keys(_ lines: [LyricsLine]) -> Set<String> {
    Set(
      lines.map { OnpuSpeech.key(OnpuSpeech.text(of: $0)) }
        + lines.flatMap(\.words).map { OnpuSpeech.key(OnpuSpeech.text(of: $0)) })
  }

  private func callersSong(_ context: AppRequestContext) async throws -> OnpuSong {
    let user = try context.requireCaller().user
    return try await library.song(context.parameters.get("songId") ?? "", for: user)
  }
}
