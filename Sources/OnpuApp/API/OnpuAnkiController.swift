import CanonicalJSON
import Foundation
import HearthCore
import HearthOpenAPI
import HearthPlatform
import Hummingbird
import OnpuCore

/// Anki exports (.apkg): one song's words as a deck, or all the caller's songs as one deck.
struct OnpuAnkiController: Sendable {
  let library: OnpuLibrary
  let audio: OnpuAudio
  let costs: OnpuCosts
  var env: HearthEnvironment { library.env }

  static let contentType = "application/apkg"
  static let allSongsDeck = "Onpu songs"
  static let package: JSON = ["type": "string", "format": "binary"]

  func register(_ api: APIRouteTable) {
    api.add(
      APIOperation(
        .get, "\(OnpuLibraryAPIController.songPath)/anki",
        summary: "The song's words with kanji as an Anki deck (.apkg)", tag: "onpu",
        responses: [(200, Self.package)], errors: [404, 409], contentType: Self.contentType),
      limitedBy: costs.exports, use: song)
    api.add(
      APIOperation(
        .get, "/api/onpu/anki", summary: "The words of all your songs as one Anki deck (.apkg)",
        tag: "onpu", responses: [(200, Self.package)], contentType: Self.contentType),
      limitedBy: costs.exports, use: allSongs)
  }

  @Sendable func song(_ request: Request, _ context: AppRequestContext) async throws -> Response {
    let user = try context.requireCaller().user
    let id = context.parameters.get("songId") ?? ""
    let song: OnpuSong
    do {
      song = try await library.song(id, for: user)
    } catch let error as APIErrorResponse {
      // The id of a song still being made is its job's: it has no words yet.
      if let job = try? await library.job(id, for: user), job.status != .succeeded {
        throw APIErrorResponse(
          .conflict("song", "The song is still being processed; export it once it is ready."))
      }
      throw error
    }
    let ankiSong = try Self.ankiSong(song)
    let sounds = await sounds(ankiSong.lines)
    let package = AnkiPackage(
      deckName: song.title.isEmpty ? "Onpu song" : song.title,
      notes: AnkiSongNotes.notes(
        ankiSong, glossary: await library.glossary(), kanjiMeaning: kanjiMeaning(),
        sound: sounds.name),
      media: sounds.files)
    return try response(package, fileName: song.title)
  }

  @Sendable func allSongs(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let user = try context.requireCaller().user
    let glossary = await library.glossary()
    var songs: [AnkiSongNotes.Song] = []
    for listed in try await library.songs(for: user).reversed() {
      guard let song = try await env.database.onpuStore.onpuSong(id: listed.id),
        song.analysis != nil
      else { continue }
      songs.append(try Self.ankiSong(song))
    }
    let sounds = await sounds(songs.flatMap(\.lines))
    let meaning = kanjiMeaning()
    let notes = songs.flatMap {
      AnkiSongNotes.notes($0, glossary: glossary, kanjiMeaning: meaning, sound: sounds.name)
    }
    return try response(
      AnkiPackage(deckName: Self.allSongsDeck, notes: notes, media: sounds.files),
      fileName: Self.allSongsDeck)
  }

  struct Sounds {
    var names: [String: String] = [:]
    var files: [(name: String, bytes: [UInt8])] = []

    func name(_ word: LyricsWord) -> String? { names[OnpuSpeech.text(of: word)] }
  }

  /// The audio of each studied word, from the audio cache or made now; none when Open JTalk is
  /// not installed, and none for a word it cannot say.
  func sounds(_ lines: [LyricsLine]) async -> Sounds {
    var sounds = Sounds()
    guard case .success = audio.synthesizer else { return sounds }
    for word in AnkiSongNotes.studiedWords(lines) {
      let text = OnpuSpeech.text(of: word)
      guard sounds.names[text] == nil, OnpuSpeech.isSayable(text),
        let file = try? await audio.make(text), let bytes = try? Data(contentsOf: file)
      else { continue }
      let name = "onpu-\(OnpuSpeech.key(text)).wav"
      sounds.names[text] = name
      sounds.files.append((name, [UInt8](bytes)))
    }
    return sounds
  }

  /// The meanings of a word's kanji (会: meeting, meet), for a word the dictionary lacks.
  func kanjiMeaning() -> @Sendable (LyricsWord) -> String? {
    guard case .success(let analyzer) = library.analyzer else { return { _ in nil } }
    let dictionary = analyzer.dictionary
    return { word in
      let parts = word.kanjiCharacters.compactMap { kanji -> String? in
        guard let entry = dictionary[String(kanji)], !entry.meanings.isEmpty else { return nil }
        return "\(kanji): \(entry.meanings.prefix(2).joined(separator: ", "))"
      }
      return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }
  }

  static func ankiSong(_ song: OnpuSong) throws -> AnkiSongNotes.Song {
    guard let analysis = song.analysis else {
      throw APIErrorResponse(
        .conflict("song", "The song is still being processed; export it once it is ready."))
    }
    return AnkiSongNotes.Song(
      id: song.id, title: song.title, artist: song.artist,
      lines: try OnpuSongCoding.lines(analysis),
      translations: try OnpuSongCoding.translations(analysis))
  }

  private func response(_ package: AnkiPackage, fileName: String) throws -> Response {
    let bytes = try package.bytes(now: env.now())
    return Response(
      status: .ok,
      headers: [
        .contentType: Self.contentType,
        .contentDisposition: Self.contentDisposition(fileName),
      ], body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
  }

  /// An ASCII name for every client and the title itself (RFC 6266's filename*) for those that
  /// read it; characters a file system refuses become dashes.
  static func contentDisposition(_ title: String) -> String {
    let safe = String(
      title.map { "/\\:*?\"<>|".contains($0) || $0.isNewline ? "-" : $0 }
    ).trimmingCharacters(in: .whitespaces)
    let name = (safe.isEmpty ? "Onpu" : String(safe.prefix(100))) + ".apkg"
    let ascii = String(
      name.unicodeScalars.filter { $0.isASCII && $0.value >= 0x20 && $0 != "%" && $0 != "\"" }
        .map(Character.init))
    let fallback = ascii.count > ".apkg".count && !ascii.hasPrefix(".") ? ascii : "onpu.apkg"
    let encoded =
      name.addingPercentEncoding(
        withAllowedCharacters: CharacterSet(
          charactersIn:
            "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!#$&+-.^_`|~"))
      ?? fallback
    return "attachment; filename=\"\(fallback)\"; filename*=UTF-8''\(encoded)"
  }
}
