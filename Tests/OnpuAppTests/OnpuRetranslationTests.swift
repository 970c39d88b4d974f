import Foundation
import HearthCore
import HearthTesting
import HummingbirdTesting
import NIOConcurrencyHelpers
import OnpuCore
import Testing

@testable import HearthPlatform
@testable import OnpuApp

/// A song's translation can be done again on its own, through the real Gemini client and a
/// fake Gemini on loopback: after it failed, and for a song added before a translator was set up.
@Suite struct OnpuRetranslationTests {
  static let haiku = OnpuAPITests.haiku
  static let english = ["EN(古池や)", "EN(蛙飛び込む)", "EN(水の音)"]

  func server(gemini port: Int) async throws -> TestServer {
    try await TestServer { config in
      config.onpu.translator = .gemini
      config.onpu.geminiAPIKey = "key"
      config.onpu.geminiBaseURL = "http://127.0.0.1:\(port)/v1beta"
    }
  }

  /// Reads the song after each event its owner is sent, until its translation settled.
  static func waitForTranslation(
    _ client: some TestClientProtocol, _ id: String, token: String
  ) async throws -> JSONReply {
    try await client.afterEachEvent(token: token, until: "song \(id) translated") {
      let reply = try await client.json(.get, "/api/onpu/songs/\(id)", token: token)
      return reply["translationState"] as? String == "translating" ? nil : reply
    }
  }

  @Test func aFailedTranslationSaysWhyAndIsRetriedOnItsOwn() async throws {
    // Given a translator that turns the first request down
    let fake = FakeGemini { lines, number in
      number == 1 ? .status(400) : FakeGemini.translateAll(lines, number)
    }
    try await fake.application.test(.live) { gemini in
      let server = try await server(gemini: try #require(gemini.port))
      try await server.run(.live) { client in
        let ann = try await client.signup("ann@example.com")
        let eve = try await client.signup("eve@example.com")
        let created = try await client.json(
          .post, "/v1/jobs", ["title": "古池", "lyrics": Self.haiku], token: ann.access)
        let job = try #require(created["jobId"] as? String)
        _ = try await OnpuAPITests.waitForJob(client, job, token: ann.access)
        let list = try await client.json(.get, "/api/onpu/songs", token: ann.access)
        let id = try #require((list["songs"] as? [[String: Any]])?.first?["id"] as? String)

        // Then the song says its translation failed, and why, in words
        let failed = try await client.json(.get, "/api/onpu/songs/\(id)", token: ann.access)
        #expect(failed["translationState"] as? String == "failed")
        #expect(
          failed["translationError"] as? String
            == "The translator turned the request down. Try again later; if it keeps happening, ask the person who runs Onpu."
        )
        #expect(failed["canRetranslate"] as? Bool == true)
        let page = try await client.raw(
          .get, "/onpu/songs/\(id)", headers: [.authorization: "Bearer \(ann.access)"])
        #expect(page.text.contains("The translation failed, so this song has no English lines."))
        #expect(page.text.contains("The translator turned the request down."))
        #expect(page.text.contains(#"data-onpu-translate="\#(id)">Retry translation</button>"#))

        // When someone else asks, it is not their song
        let stranger = try await client.json(
          .post, "/api/onpu/songs/\(id)/translation", [:], token: eve.access)
        #expect(stranger.status == 404 && stranger.errorCode == "not_found")
        #expect(
          try await client.json(.post, "/api/onpu/songs/\(id)/translation", [:]).status == 401)

        // When the owner retries the translation
        let retried = try await client.json(
          .post, "/api/onpu/songs/\(id)/translation", [:], token: ann.access)
        #expect(retried.status == 202 && retried["translationState"] as? String == "translating")

        // Then the lines are translated, and a second retry has nothing to do
        let done = try await Self.waitForTranslation(client, id, token: ann.access)
        #expect(done["translationState"] as? String == "complete")
        #expect(done["translations"] as? [String] == Self.english)
        #expect(done["translationError"] == nil && done["canRetranslate"] as? Bool == false)
        let again = try await client.json(
          .post, "/api/onpu/songs/\(id)/translation", [:], token: ann.access)
        #expect(again.status == 409 && again.errorCode == "conflict")
        #expect(
          again.error?["message"] as? String
            == "Every line of this song is translated; there is nothing to translate again.")
        // The /v1 result has the new translations too
        let result = try await client.json(.get, "/v1/jobs/\(job)/result", token: ann.access)
        #expect(
          result["translations"] as? [String: String]
            == ["0": "EN(古池や)", "1": "EN(蛙飛び込む)", "2": "EN(水の音)"])
      }
    }
  }

  @Test func aSongAddedBeforeATranslatorWasSetUpOffersToTranslate() async throws {
    let fake = FakeGemini()
    try await fake.application.test(.live) { gemini in
      let server = try await server(gemini: try #require(gemini.port))
      try await server.run(.live) { client in
        let ann = try await client.signup("ann@example.com")
        // Given a song analysed when no translator was set up
        let id = try await Self.addUntranslatedSong(server, owner: ann.id)

        // Then its page offers to translate it, now that the server can
        let page = try await client.raw(
          .get, "/onpu/songs/\(id)", headers: [.authorization: "Bearer \(ann.access)"])
        #expect(page.text.contains("added before translations were set up on this server"))
        #expect(page.text.contains(#"data-onpu-translate="\#(id)">Translate</button>"#))

        // When the owner translates it
        let queued = try await client.json(
          .post, "/api/onpu/songs/\(id)/translation", [:], token: ann.access)
        #expect(queued.status == 202)
        let done = try await Self.waitForTranslation(client, id, token: ann.access)
        #expect(done["translationState"] as? String == "complete")
        #expect(done["translations"] as? [String] == Self.english)
        let translated = try await client.raw(
          .get, "/onpu/songs/\(id)", headers: [.authorization: "Bearer \(ann.access)"])
        #expect(translated.text.contains("EN(蛙飛び込む)"))
        #expect(!translated.text.contains("data-onpu-translate"))
      }
    }
  }

  @Test func withoutATranslatorThereIsNothingToRetry() async throws {
    let server = try await TestServer()
    try await server.run(.live) { client in
      let ann = try await client.signup("ann@example.com")
      let id = try await Self.addUntranslatedSong(server, owner: ann.id)
      let reply = try await client.json(
        .post, "/api/onpu/songs/\(id)/translation", [:], token: ann.access)
      #expect(reply.status == 409 && reply.errorCode == "conflict")
      #expect(
        reply.error?["message"] as? String
          == "No translator is set up on this server, so the song cannot be translated.")
      let song = try await client.json(.get, "/api/onpu/songs/\(id)", token: ann.access)
      #expect(song["translationState"] as? String == "off")
      #expect(song["canRetranslate"] as? Bool == false)
      let page = try await client.raw(
        .get, "/onpu/songs/\(id)", headers: [.authorization: "Bearer \(ann.access)"])
      #expect(page.text.contains("Translations are not available on this server."))
      #expect(!page.text.contains("data-onpu-translate"))
      let missing = try await client.json(
        .post, "/api/onpu/songs/no-such-song/translation", [:], token: ann.access)
      #expect(missing.status == 404)
    }
  }

  /// A song as a server without a translator stored it: translation state off.
  static func addUntranslatedSong(_ server: TestServer, owner: String) async throws -> String {
    let store = server.env.database.onpuStore
    let job = try await store.createOnpuJob(
      OnpuJob(
        id: "job-old", ownerID: owner, title: "古池", artist: "", lyrics: haiku,
        createdAt: server.env.now()))
    let analyzer = try OnpuLibrary(env: server.env).analyzer.get()
    let lines = OnpuLibrary.lines(of: haiku)
    let song = OnpuSong(
      id: "song-old", ownerID: owner, jobID: job.id, title: job.title, artist: "",
      lyrics: haiku, createdAt: server.env.now(),
      analysis: try OnpuSongCoding.analysis(
        lines: lines.map(analyzer.analyze(line:)),
        translations: Array(repeating: nil, count: lines.count), state: "off"))
    _ = try await store.finishOnpuJob(id: job.id, song: song, at: server.env.now())
    return song.id
  }
}
