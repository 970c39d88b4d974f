import Foundation
import HearthCore
import HearthPlatform
import OnpuAnalysis
import OnpuCore

/// The learner's corrections of the readings songs sing: stored per song or for all of the
/// learner's songs, put on every time a song's lines are derived from its lyrics (a new song,
/// a correction, a new analyzer), so they outlive any reprocessing.
extension OnpuLibrary {
  /// A word of a song that holds kanji, as the song reads it now.
  struct WordReading: Codable, Equatable {
    var surface: String
    var reading: String
    /// "lyrics" (ruby in the lyrics), "learner" (a correction), or absent (the dictionary).
    var readingSource: LyricsWord.ReadingSource?
    var pitchUnknown: Bool
    /// The learner's correction that names the word, if any: this song's, else all songs'.
    var correction: Correction?
  }

  struct Correction: Codable, Equatable {
    var surface: String
    var reading: String
    var allSongs: Bool
    /// The song of a correction of one song.
    var songId: String?

    init(_ stored: OnpuReadingCorrection) {
      surface = stored.surface
      reading = stored.reading
      allSongs = stored.songID == nil
      songId = stored.songID
    }
  }

  struct ReadingInput: Codable {
    var surface: String
    var reading: String
    /// True: the reading holds in every song of yours (unless a song's ruby says otherwise).
    var allSongs: Bool?
  }

  static func readings(_ corrections: [OnpuReadingCorrection], songID: String?)
    -> [LearnerReadings.Reading]
  {
    corrections.filter { $0.songID == nil || $0.songID == songID }.map {
      .init(surface: $0.surface, reading: $0.reading, isForThisSong: $0.songID != nil)
    }
  }

  /// The lines of the lyrics with the owner's corrections that hold for the song (nil: a new
  /// song, which only those of all songs name).
  func linesWithCorrections(
    _ lyrics: String, ownerID: String, songID: String?, analyzer: LyricsAnalyzer
  ) async throws -> [LyricsLine] {
    let corrections = try await database.onpuStore.onpuReadingCorrections(ownerID: ownerID)
    let readings = Self.readings(corrections, songID: songID)
    return Self.lines(of: lyrics).map { analyzer.analyze(line: $0, readings: readings) }
  }

  /// Derives the song's lines again from its lyrics with the corrections that hold now, and
  /// announces it to pages showing the song. When the corrections changed while it worked (two
  /// at once), it derives them again: the last lines written are those of the last corrections.
  func rederive(_ song: OnpuSong) async throws {
    let analyzer = try self.analyzer.get()
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    var used = try await corrections(of: song)
    for _ in 0..<3 {
      let readings = Self.readings(used, songID: song.id)
      let lines = Self.lines(of: song.lyrics).map {
        analyzer.analyze(line: $0, readings: readings)
      }
      guard
        try await database.onpuStore.setOnpuSongLines(
          songID: song.id, lyricsData: String(decoding: try encoder.encode(lines), as: UTF8.self),
          at: env.now())
      else { return }
      let now = try await corrections(of: song)
      if now == used { return }
      used = now
    }
  }

  private func corrections(of song: OnpuSong) async throws -> [OnpuReadingCorrection] {
    try await database.onpuStore.onpuReadingCorrections(ownerID: song.ownerID).filter {
      $0.songID == nil || $0.songID == song.id
    }
  }

  /// The song's words that hold kanji, once each in order of first appearance.
  func wordReadings(_ song: OnpuSong) async throws -> [WordReading] {
    guard let analysis = song.analysis else { throw APIErrorResponse(.notFound("song")) }
    let corrections = try await database.onpuStore.onpuReadingCorrections(ownerID: song.ownerID)
    var seen: Set<String> = []
    var words: [WordReading] = []
    for word in try OnpuSongCoding.lines(analysis).flatMap(\.words) where word.kanji != nil {
      guard seen.insert(word.surface).inserted else { continue }
      let correction =
        corrections.first { $0.songID == song.id && $0.surface == word.surface }
        ?? corrections.first { $0.songID == nil && $0.surface == word.surface }
      words.append(
        WordReading(
          surface: word.surface, reading: word.reading, readingSource: word.readingSource,
          pitchUnknown: word.isPitchUnknown == true, correction: correction.map(Correction.init)))
    }
    return words
  }

  /// Stores the correction and derives again the songs it changes: this one, or every song of
  /// the owner whose lyrics hold the word. A correction of all songs replaces this song's own.
  func correctReading(_ input: ReadingInput, in song: OnpuSong) async throws {
    let surface = input.surface.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !surface.isEmpty else { throw APIErrorResponse(.missing("surface")) }
    guard !input.reading.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
      throw APIErrorResponse(.missing("reading", "Write the reading in kana."))
    }
    guard let reading = LearnerReadings.kanaReading(input.reading), reading.count <= 100 else {
      throw APIErrorResponse(
        Self.unprocessable("reading", "Write the reading in hiragana or katakana only."))
    }
    guard surface.contains(where: LyricsWord.isKanji),
      let analysis = song.analysis,
      try Self.holds(surface, in: OnpuSongCoding.lines(analysis))
    else {
      throw APIErrorResponse(
        Self.unprocessable("surface", "“\(surface)” is not a word with kanji in this song."))
    }
    let allSongs = input.allSongs == true
    try await database.onpuStore.saveOnpuReadingCorrection(
      OnpuReadingCorrection(
        ownerID: song.ownerID, songID: allSongs ? nil : song.id, surface: surface,
        reading: reading, createdAt: env.now()))
    if allSongs {
      _ = try await database.onpuStore.deleteOnpuReadingCorrection(
        ownerID: song.ownerID, songID: song.id, surface: surface)
    }
    try await rederive(allSongs ? songs(holding: surface, ownerID: song.ownerID) : [song])
  }

  /// Removes the correction (of this song, or of all songs) and derives the songs again;
  /// false when there was none.
  func removeCorrection(surface: String, songID: String?, ownerID: String) async throws -> Bool {
    guard
      try await database.onpuStore.deleteOnpuReadingCorrection(
        ownerID: ownerID, songID: songID, surface: surface)
    else { return false }
    if let songID, let song = try await database.onpuStore.onpuSong(id: songID) {
      try await rederive([song])
    } else {
      try await rederive(songs(holding: surface, ownerID: ownerID))
    }
    return true
  }

  private func rederive(_ songs: [OnpuSong]) async throws {
    for song in songs { try await rederive(song) }
  }

  private func songs(holding surface: String, ownerID: String) async throws -> [OnpuSong] {
    var holding: [OnpuSong] = []
    for listed in try await database.onpuStore.onpuSongs(ownerID: ownerID)
    where RubyNotation(parsing: listed.lyrics).text.contains(surface)
      || listed.lyrics.contains(surface)
    {
      if let song = try await database.onpuStore.onpuSong(id: listed.id) { holding.append(song) }
    }
    return holding
  }

  /// The surface is a word of a line, or a run of words written together.
  static func holds(_ surface: String, in lines: [LyricsLine]) -> Bool {
    lines.contains { line in
      line.words.indices.contains { start in
        var joined = ""
        for word in line.words[start...] {
          joined += word.surface
          if joined == surface { return true }
          if joined.count >= surface.count { return false }
        }
        return false
      }
    }
  }

  static func unprocessable(_ field: String, _ message: String) -> APIError {
    APIError(status: 422, code: "invalid_field", message: message, field: field)
  }
}

extension LyricsAnalyzer {
  /// The line as `analyze(line:)` reads it, with the learner's readings put on after the
  /// lyrics' own.
  func analyze(line: String, readings: [LearnerReadings.Reading]) -> LyricsLine {
    let ruby = RubyNotation(parsing: line)
    guard readings.contains(where: { ruby.text.contains($0.surface) }) else {
      return analyze(line: line)
    }
    let entries: @Sendable (String) -> [Morpheme] = { [tagger] in tagger.entries(of: $0) }
    let given = GivenReadings(entries: entries).apply(ruby, to: tagger.parse(ruby.text))
    return LyricsLineBuilder(aligner: dictionary.readingAligner).line(
      LearnerReadings(entries: entries).apply(readings, to: given))
  }
}
