import Foundation
import HTTPTypes
import HearthCore
import HearthTesting
import HummingbirdTesting
import OnpuAnalysis
import OnpuCore
import Testing

@testable import HearthPlatform
@testable import OnpuApp

/// The learner's reading corrections over real HTTP, with the real analyzer.
@Suite struct OnpuReadingsAPITests {
  /// Adds a song through /v1 and waits for it; returns the job and the song.
  static func addSong(
    _ client: some TestClientProtocol, _ lyrics: String, token: String
  ) async throws -> (job: String, song: String) {
    let before = try await client.json(.get, "/api/onpu/songs", token: token)
    let known = Set((before["songs"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String })
    let created = try await client.json(
      .post, "/v1/jobs", ["title": "Song", "lyrics": lyrics], token: token)
    let job = try #require(created["jobId"] as? String)
    _ = try await OnpuAPITests.waitForJob(client, job, token: token)
    let after = try await client.json(.get, "/api/onpu/songs", token: token)
    let songs = (after["songs"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
    return (job, try #require(songs.first { !known.contains($0) }))
  }

  /// The words of a line of the song, as the song API gives them.
  static func line(
    _ client: some TestClientProtocol, _ song: String, _ index: Int, token: String
  ) async throws -> [[String: Any]] {
    let reply = try await client.json(.get, "/api/onpu/songs/\(song)", token: token)
    let lines = try #require(reply["lyricsData"] as? [String: Any])
    return try #require((lines["\(index)"] as? [String: Any])?["words"] as? [[String: Any]])
  }

  static func word(_ words: [[String: Any]], _ surface: String) throws -> [String: Any] {
    try #require(words.first { $0["kanji"] as? String == surface })
  }

  static func query(_ surface: String) -> String {
    surface.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? surface
  }

  @Test func aCorrectionReadsEverywhereInTheSongAndOutlivesReprocessing() async throws {
    let server = try await TestServer()
    try await server.run(.live) { client in
      let ann = try await client.signup("ann@example.com")
      let bob = try await client.signup("bob@example.com")
      let lyrics = "運命(さだめ)を信じて\n地球の明日\n地球は青い"
      let (job, song) = try await Self.addSong(client, lyrics, token: ann.access)
      let path = "/api/onpu/songs/\(song)/readings"

      let listed = try await client.json(.get, path, token: ann.access)
      let words = try #require(listed["words"] as? [[String: Any]])
      #expect(words.compactMap { $0["surface"] as? String }.contains("地球"))
      let fate = try #require(words.first { $0["surface"] as? String == "運命" })
      #expect(fate["readingSource"] as? String == "lyrics" && fate["reading"] as? String == "さだめ")

      // A reading the dictionary does not know for the word: its pitch is unknown.
      let put = try await client.json(
        .put, path, ["surface": "地球", "reading": "ホシ"], token: ann.access)
      #expect(put.status == 200)
      let corrected = try #require(
        (put["words"] as? [[String: Any]])?.first { $0["surface"] as? String == "地球" })
      #expect(corrected["reading"] as? String == "ほし")
      #expect(corrected["readingSource"] as? String == "learner")
      #expect(corrected["pitchUnknown"] as? Bool == true)
      #expect((corrected["correction"] as? [String: Any])?["allSongs"] as? Bool == false)
      for index in [1, 2] {
        let earth = try Self.word(try await Self.line(client, song, index, token: ann.access), "地球")
        #expect(earth["furigana"] as? String == "ほし" && earth["pitchUnknown"] as? Bool == true)
        #expect(earth["readingSource"] as? String == "learner")
      }

      // A reading the dictionary knows for the word keeps the dictionary's accent for it.
      let analyzer = try OnpuLibrary(env: server.env).analyzer.get()
      let analysed = try #require(analyzer.analyze(line: "地球の明日").words.last)
      let other = try #require(
        analyzer.tagger.entries(of: "明日").compactMap { $0.kana.map(Mora.hiragana) }
          .first { $0 != analysed.reading })
      _ = try await client.json(.put, path, ["surface": "明日", "reading": other], token: ann.access)
      let tomorrow = try Self.word(try await Self.line(client, song, 1, token: ann.access), "明日")
      #expect(tomorrow["furigana"] as? String == other && tomorrow["pitchUnknown"] == nil)
      #expect(tomorrow["readingSource"] as? String == "learner")

      // The app's result tells the learner's readings from the lyrics' ruby.
      let result = try await client.json(.get, "/v1/jobs/\(job)/result", token: ann.access)
      let notes = try #require(result["words"] as? [String: [[String: Any]]])
      #expect(notes["0"]?.first?["readingSource"] as? String == "lyrics")
      #expect(notes["2"]?.first?["readingSource"] as? String == "learner")

      // Deriving the song again (a new analyzer, reprocessing) keeps the corrections.
      let library = OnpuLibrary(env: server.env)
      try await library.rederive(
        try #require(try await server.env.database.onpuStore.onpuSong(id: song)))
      let again = try Self.word(try await Self.line(client, song, 2, token: ann.access), "地球")
      #expect(again["furigana"] as? String == "ほし")

      // Another person's song is not there for them.
      for method in [HTTPRequest.Method.get, .put, .delete] {
        let reply = try await client.json(
          method, method == .delete ? path + "?surface=" + Self.query("地球") : path,
          method == .put ? ["surface": "地球", "reading": "ほし"] : nil, token: bob.access)
        #expect(reply.status == 404)
      }

      // Undoing gives the dictionary's reading back.
      let undone = try await client.json(
        .delete, path + "?surface=" + Self.query("地球"), token: ann.access)
      #expect(undone.status == 200)
      let plain = try Self.word(try await Self.line(client, song, 2, token: ann.access), "地球")
      #expect(plain["furigana"] as? String == "ちきゅう" && plain["readingSource"] == nil)
      let twice = try await client.json(
        .delete, path + "?surface=" + Self.query("地球"), token: ann.access)
      #expect(twice.status == 404)
    }
  }

  @Test func badCorrectionsAreRefusedNamingTheField() async throws {
    let server = try await TestServer()
    try await server.run(.live) { client in
      let ann = try await client.signup("ann@example.com")
      let (_, song) = try await Self.addSong(client, "地球は青い", token: ann.access)
      let path = "/api/onpu/songs/\(song)/readings"
      let cases: [([String: Any], Int, String)] = [
        (["surface": "地球", "reading": "  "], 400, "reading"),
        (["surface": "地球", "reading": "hoshi"], 422, "reading"),
        (["surface": "地球", "reading": "星"], 422, "reading"),
        (["surface": "宇宙", "reading": "そら"], 422, "surface"),
        (["surface": "は", "reading": "わ"], 422, "surface"),
        (["surface": "", "reading": "ほし"], 400, "surface"),
      ]
      for (body, status, field) in cases {
        let reply = try await client.json(.put, path, body, token: ann.access)
        #expect(reply.status == status && reply.errorField == field, "\(body)")
      }
      let missing = try await client.json(.delete, path, token: ann.access)
      #expect(missing.status == 400 && missing.errorField == "surface")
      let listed = try await client.json(.get, "/api/onpu/readings", token: ann.access)
      #expect((listed["corrections"] as? [Any])?.isEmpty == true)
    }
  }

  @Test func allSongsCorrectionsReachEverySongButRubyAndThisSongWin() async throws {
    let server = try await TestServer()
    try await server.run(.live) { client in
      let ann = try await client.signup("ann@example.com")
      let (_, ruby) = try await Self.addSong(client, "運命(さだめ)を信じて", token: ann.access)
      let (_, plain) = try await Self.addSong(client, "運命の人", token: ann.access)
      let fate = { (song: String) async throws -> [String: Any] in
        try Self.word(try await Self.line(client, song, 0, token: ann.access), "運命")
      }
      let dictionary = try await fate(plain)["furigana"] as? String

      let put = try await client.json(
        .put, "/api/onpu/songs/\(plain)/readings",
        ["surface": "運命", "reading": "いのち", "allSongs": true], token: ann.access)
      #expect(put.status == 200)
      #expect(try await fate(plain)["furigana"] as? String == "いのち")
      #expect(try await fate(ruby)["furigana"] as? String == "さだめ")
      let listed = try await client.json(.get, "/api/onpu/readings", token: ann.access)
      let corrections = try #require(listed["corrections"] as? [[String: Any]])
      #expect(corrections.count == 1 && corrections[0]["allSongs"] as? Bool == true)
      // A song added later reads it too.
      let (_, later) = try await Self.addSong(client, "運命だ", token: ann.access)
      #expect(try await fate(later)["furigana"] as? String == "いのち")

      // This song's own correction wins over its ruby.
      _ = try await client.json(
        .put, "/api/onpu/songs/\(ruby)/readings", ["surface": "運命", "reading": "うんめい"],
        token: ann.access)
      #expect(try await fate(ruby)["readingSource"] as? String == "learner")
      #expect(try await fate(ruby)["furigana"] as? String == "うんめい")

      let removed = try await client.json(
        .delete, "/api/onpu/readings?surface=" + Self.query("運命"), token: ann.access)
      #expect(removed.status == 204)
      for song in [plain, later] {
        #expect(try await fate(song)["furigana"] as? String == dictionary)
        #expect(try await fate(song)["readingSource"] == nil)
      }
      #expect(try await fate(ruby)["furigana"] as? String == "うんめい")
    }
  }

  @Test func theReadingsPageCorrectsAndUndoesWithPlainForms() async throws {
    let server = try await TestServer()
    try await server.run(.live) { client in
      let ann = try await client.signup("ann@example.com")
      let bob = try await client.signup("bob@example.com")
      let (_, song) = try await Self.addSong(client, "地球は青い", token: ann.access)
      let path = "/onpu/songs/\(song)/readings"
      func send(_ method: HTTPRequest.Method, _ uri: String, _ form: String = "", token: String)
        async throws -> JSONReply
      {
        try await client.raw(
          method, uri, body: form.isEmpty ? nil : Data(form.utf8),
          headers: [
            .authorization: "Bearer \(token)",
            .contentType: "application/x-www-form-urlencoded",
          ])
      }
      let page = try await send(.get, path, token: ann.access)
      #expect(page.status == 200 && page.text.contains("Reading of 地球"))
      #expect(page.text.contains("Dictionary"))
      #expect(try await send(.get, path, token: bob.access).status == 404)

      let earth = Self.query("地球")
      let refused = try await send(.post, path, "surface=\(earth)&reading=star", token: ann.access)
      #expect(refused.status == 422 && refused.text.contains("aria-invalid=\"true\""))
      #expect(refused.text.contains("hiragana or katakana"))
      let saved = try await send(
        .post, path, "surface=\(earth)&reading=\(Self.query("ほし"))&allSongs=1",
        token: ann.access)
      #expect(saved.status == 302)
      let after = try await send(.get, path, token: ann.access)
      #expect(after.text.contains("Yours, all songs") && after.text.contains("Undo for all songs"))
      #expect(
        try await send(.post, path, "surface=\(earth)&reading=ok", token: bob.access).status
          == 404)
      let undone = try await send(
        .post, path + "/undo", "surface=\(earth)&allSongs=1", token: ann.access)
      #expect(undone.status == 302)
      let listed = try await client.json(.get, "/api/onpu/readings", token: ann.access)
      #expect((listed["corrections"] as? [Any])?.isEmpty == true)
      let songPage = try await client.raw(
        .get, "/onpu/songs/\(song)", headers: [.authorization: "Bearer \(ann.access)"])
      #expect(songPage.text.contains("href=\"\(path)\""))
    }
  }

  @Test func correctionsMadeAtOnceAllReachTheSong() async throws {
    let server = try await TestServer()
    try await server.run(.live) { client in
      let ann = try await client.signup("ann@example.com")
      let (_, song) = try await Self.addSong(client, "地球の明日と運命", token: ann.access)
      let path = "/api/onpu/songs/\(song)/readings"
      let wanted = ["地球": "ほし", "明日": "あさって", "運命": "さだめ"]
      try await withThrowingTaskGroup(of: Int.self) { group in
        for (surface, reading) in wanted {
          group.addTask {
            try await client.json(
              .put, path, ["surface": surface, "reading": reading], token: ann.access
            ).status
          }
        }
        for try await status in group { #expect(status == 200) }
      }
      let words = try await Self.line(client, song, 0, token: ann.access)
      for (surface, reading) in wanted {
        #expect(try Self.word(words, surface)["furigana"] as? String == reading)
      }
    }
  }
}
