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

/// Onpu's /v1 API over real HTTP, with the real analyzer and a fake Gemini on loopback.
@Suite struct OnpuAPITests {
  static let haiku = "古池や\n蛙飛び込む\n水の音"

  /// Reads the job after each change the owner is told of, until `done` holds.
  static func waitForJob(
    _ client: some TestClientProtocol, _ id: String, token: String,
    until done: ([String: Any]) -> Bool = { ($0["status"] as? String) == "succeeded" }
  ) async throws -> JSONReply {
    try await client.afterEachEvent(token: token, until: "job \(id) got there") {
      let reply = try await client.json(.get, "/v1/jobs/\(id)", token: token)
      return done(reply.body) ? reply : nil
    }
  }

  @Test func aJobGoesFromQueuedToASongAndAckOnlyClearsTheLists() async throws {
    let server = try await TestServer()
    try await server.run(.live) { client in
      let ann = try await client.signup("ann@example.com")
      let created = try await client.json(
        .post, "/v1/jobs", ["title": "古池", "artist": "Bashō", "lyrics": Self.haiku],
        token: ann.access)
      #expect(created.status == 200 && created["status"] as? String == "queued")
      let id = try #require(created["jobId"] as? String)

      let done = try await Self.waitForJob(client, id, token: ann.access)
      #expect(done["stage"] == nil && done["error"] == nil)
      let result = try #require(done["result"] as? [String: Any])
      let lyricsData = try #require(result["lyricsData"] as? [String: String])
      let analyzer = try OnpuLibrary(env: server.env).analyzer.get()
      #expect(lyricsData.count == 3)
      #expect(lyricsData["2"] == CompactLyrics.encode(analyzer.analyze(line: "水の音")))
      // No translator is configured: the song is complete, without translations.
      #expect((result["translations"] as? [String: String])?.isEmpty == true)
      let direct = try await client.json(.get, "/v1/jobs/\(id)/result", token: ann.access)
      #expect(direct.status == 200 && (direct["lyricsData"] as? [String: String]) == lyricsData)

      let recent = try await client.json(.get, "/v1/jobs/recent?since=0", token: ann.access)
      let changes = try #require(recent["changes"] as? [[String: Any]])
      #expect(changes.map { $0["jobId"] as? String } == [id])
      let updatedAt = try #require(changes.first?["updatedAt"] as? Int)
      let later = try await client.json(
        .get, "/v1/jobs/recent?since=\(updatedAt)", token: ann.access)
      #expect((later["changes"] as? [Any])?.isEmpty == true)

      let ack = try await client.json(.post, "/v1/jobs/\(id)/ack", [:], token: ann.access)
      #expect(ack.status == 200 && ack["ok"] as? Bool == true)
      let afterAck = try await client.json(.get, "/v1/jobs/recent", token: ann.access)
      #expect((afterAck["changes"] as? [Any])?.isEmpty == true)
      // The song stays: the job still shows its result.
      let still = try await client.json(.get, "/v1/jobs/\(id)", token: ann.access)
      #expect(still["status"] as? String == "succeeded" && still["result"] != nil)
      let songs = try await server.env.database.onpuStore.onpuSongs(ownerID: ann.id)
      #expect(songs.map(\.title) == ["古池"])
    }
  }

  /// Ruby notation gives 運命 the reading さだめ, which UniDic lacks: its line goes out verbose,
  /// 運命 with no morae (a compact pitch map cannot say "unknown"), the result says so beside the
  /// lines, and so does the song's verbose lyricsData.
  @Test func aReadingTheLyricsGiveIsMarkedInTheResult() async throws {
    let server = try await TestServer()
    try await server.run(.live) { client in
      let ann = try await client.signup("ann@example.com")
      let created = try await client.json(
        .post, "/v1/jobs", ["lyrics": "運命(さだめ)を信じて\n水の音"], token: ann.access)
      let id = try #require(created["jobId"] as? String)
      let done = try await Self.waitForJob(client, id, token: ann.access)
      let result = try #require(done["result"] as? [String: Any])
      let lyricsData = try #require(result["lyricsData"] as? [String: Any])
      let line = try #require(lyricsData["0"] as? [String: [[String: Any]]])
      let fateWord = try #require(line["words"]?.first)
      #expect(fateWord["kanji"] as? String == "運命" && fateWord["furigana"] as? String == "さだめ")
      #expect(fateWord["mora"] == nil && fateWord["pitchUnknown"] as? Bool == true)
      #expect(lyricsData["1"] is String)
      let words = try #require(result["words"] as? [String: [[String: Any]]])
      #expect(words.keys.sorted() == ["0"])
      #expect(words["0"]?.first?["word"] as? Int == 0)
      #expect(words["0"]?.first?["readingSource"] as? String == "lyrics")
      #expect(words["0"]?.first?["pitchUnknown"] as? Bool == true)
      #expect(words["0"]?.dropFirst().first?["readingSource"] == nil)

      let song = try #require(
        try await server.env.database.onpuStore.onpuSongs(ownerID: ann.id).first)
      let page = try await client.json(.get, "/api/onpu/songs/\(song.id)", token: ann.access)
      let verbose = try #require(page["lyricsData"] as? [String: [String: [[String: Any]]]])
      let fate = try #require(verbose["0"]?["words"]?.first)
      #expect(fate["furigana"] as? String == "さだめ" && fate["readingSource"] as? String == "lyrics")
      #expect(verbose["1"]?["words"]?.allSatisfy { $0["readingSource"] == nil } == true)
    }
  }

  @Test func theLongPollWakesWhenAJobChanges() async throws {
    let fake = FakeGemini(hold: true)
    try await fake.application.test(.live) { gemini in
      let port = try #require(gemini.port)
      let clock = TestClock(realTime: true)
      let server = try await TestServer(clock: clock) { config in
        config.onpu.translator = .gemini
        config.onpu.geminiAPIKey = "key"
        config.onpu.geminiBaseURL = "http://127.0.0.1:\(port)/v1beta"
      }
      try await server.run(.live) { client in
        let ann = try await client.signup("ann@example.com")
        // Nothing pending: the answer is immediate and says so.
        let idle = try await client.json(
          .get, "/v1/jobs/pending/longpoll?timeout=30", token: ann.access)
        #expect(idle["hasPending"] as? Bool == false)

        let created = try await client.json(
          .post, "/v1/jobs", ["lyrics": Self.haiku], token: ann.access)
        let id = try #require(created["jobId"] as? String)
        let translating = try await Self.waitForJob(client, id, token: ann.access) {
          ($0["stage"] as? String) == "translating"
        }
        let since = try #require(translating["updatedAt"] as? Int)
        // A result asked for before the job succeeded is a conflict, and so is a retry.
        let early = try await client.json(.get, "/v1/jobs/\(id)/result", token: ann.access)
        #expect(early.status == 409 && early.errorCode == "not_ready")
        let retry = try await client.json(
          .post, "/api/onpu/jobs/\(id)/retry", [:], token: ann.access)
        #expect(retry.status == 409 && retry.errorField == "status")

        async let woken = client.json(
          .get, "/v1/jobs/pending/longpoll?timeout=30&since=\(since)", token: ann.access)
        // Once the request waits for the next event, the job moves on
        await server.app.hub.waiters(atLeast: 1)
        fake.release()
        let reply = try await woken
        let arrived = WallClock.now()
        let changes = try #require(reply["changes"] as? [[String: Any]])
        let change = try #require(changes.first)
        #expect(change["jobId"] as? String == id)
        let changedAt = try #require(change["updatedAt"] as? Int)
        #expect(changedAt > since)
        // The change (the job leaving the translating stage) woke the waiting request, long
        // before its 30 seconds were up (how fast is for the benchmarks, not a unit test).
        #expect(arrived - Int64(changedAt) < 5_000)

        let done = try await Self.waitForJob(client, id, token: ann.access)
        let result = try #require(done["result"] as? [String: Any])
        #expect(
          result["translations"] as? [String: String]
            == ["0": "EN(古池や)", "1": "EN(蛙飛び込む)", "2": "EN(水の音)"])
      }
    }
  }

  @Test func strangersAndBadRequestsGetClearErrors() async throws {
    let server = try await TestServer()
    try await server.run(.live) { client in
      let ann = try await client.signup("ann@example.com")
      let eve = try await client.signup("eve@example.com")
      let created = try await client.json(
        .post, "/v1/jobs", ["lyrics": Self.haiku], token: ann.access)
      let id = try #require(created["jobId"] as? String)

      #expect(try await client.json(.get, "/v1/auth/me").status == 401)
      #expect(try await client.json(.get, "/v1/jobs/\(id)", token: "nonsense").status == 401)
      for path in ["/v1/jobs/\(id)", "/v1/jobs/\(id)/result", "/v1/jobs/no-such-job"] {
        let reply = try await client.json(.get, path, token: eve.access)
        #expect(reply.status == 404 && reply.errorCode == "not_found", "\(path)")
      }
      #expect(
        try await client.json(.post, "/v1/jobs/\(id)/ack", [:], token: eve.access).status == 404)
      #expect(try await client.json(.post, "/v1/auth/apple", ["identityToken": "x"]).status == 404)

      let missing = try await client.json(.post, "/v1/jobs", ["title": "x"], token: ann.access)
      #expect(missing.status == 400 && missing.errorField == "lyrics")
      let nul = try await client.json(.post, "/v1/jobs", ["lyrics": "a\u{0}b"], token: ann.access)
      #expect(nul.status == 400 && nul.errorField == "lyrics")
      let blank = try await client.json(.post, "/v1/jobs", ["lyrics": " \n "], token: ann.access)
      #expect(blank.status == 400 && blank.errorField == "lyrics")
      let long = try await client.json(
        .post, "/v1/jobs", ["lyrics": String(repeating: "あ", count: 20_001)], token: ann.access)
      #expect(long.status == 413 && long.errorField == "lyrics")
      let huge = try await client.json(
        .post, "/v1/jobs", ["lyrics": String(repeating: "a", count: 300_000)], token: ann.access)
      #expect(huge.status == 413)
      let badSince = try await client.json(
        .get, "/v1/jobs/recent?since=yesterday", token: ann.access)
      #expect(badSince.status == 400 && badSince.errorField == "since")
      let me = try await client.json(.get, "/v1/auth/me", token: ann.access)
      #expect(me["sub"] as? String == ann.id && me["ok"] as? Bool == true)
    }
  }

  @Test func refreshedTokensKeepWorking() async throws {
    let server = try await TestServer()
    try await server.run(.live) { client in
      let ann = try await client.signup("ann@example.com")
      let refreshed = try await client.json(
        .post, "/api/auth/refresh", ["refreshToken": ann.refresh])
      let access = try #require(refreshed["accessToken"] as? String)
      let me = try await client.json(.get, "/v1/auth/me", token: access)
      #expect(me.status == 200 && me["sub"] as? String == ann.id)
    }
  }

  @Test func requestsOverTheLimitWaitWithRetryAfter() async throws {
    let server = try await TestServer { $0.onpu.requestsPerMinute = 5 }
    try await server.run(.live) { client in
      let ann = try await client.signup("ann@example.com")
      for _ in 0..<5 {
        #expect(try await client.json(.get, "/v1/auth/me", token: ann.access).status == 200)
      }
      let limited = try await client.json(.get, "/v1/auth/me", token: ann.access)
      #expect(limited.status == 429 && limited.errorCode == "rate_limited")
      #expect(Int(limited.headers[.retryAfter] ?? "") ?? 0 >= 1)
    }
  }

  @Test func theAppHeaderAndTheDevelopmentTokenWorkOnlyWhenConfigured() async throws {
    let server = try await TestServer { config in
      config.onpu.appHeader = "shared-secret"
      config.onpu.devBypassToken = "dev-token-0123456789"
    }
    try await server.run(.live) { client in
      let ann = try await client.signup("ann@example.com")
      let without = try await client.json(.get, "/v1/auth/me", token: ann.access)
      #expect(without.status == 401 && without.errorCode == "app_header")
      let app: HTTPFields = [HTTPField.Name("tarukingu")!: "shared-secret"]
      let with = try await client.json(.get, "/v1/auth/me", token: ann.access, headers: app)
      #expect(with.status == 200)
      var dev = app
      dev[HTTPField.Name("X-Dev-Token")!] = "dev-token-0123456789"
      let bypass = try await client.json(.get, "/v1/auth/me", headers: dev)
      #expect(bypass["sub"] as? String == OnpuGate.devUserID)
      dev[HTTPField.Name("X-Dev-Token")!] = "wrong"
      #expect(try await client.json(.get, "/v1/auth/me", headers: dev).status == 401)
      let queue = try await client.json(.get, "/v1/debug/queue", token: ann.access, headers: app)
      #expect(queue.status == 200 && queue["counts"] != nil)
    }
    let plain = try await TestServer()
    try await plain.run(.live) { client in
      var dev: HTTPFields = [:]
      dev[HTTPField.Name("X-Dev-Token")!] = "dev-token-0123456789"
      let ignored = try await client.json(.get, "/v1/auth/me", headers: dev)
      #expect(ignored.status == 401)
    }
  }
}

@Test func aJobUnchangedForHalfAnHourIsStalled() {
  let now = Date(timeIntervalSince1970: 1_800_000_000)
  var job = OnpuJob(
    id: "j", ownerID: "o", title: "", artist: "", lyrics: "あ", status: .running,
    createdAt: now, updatedAt: OnpuStoreSupport.milliseconds(now) - 31 * 60 * 1000)
  #expect(OnpuLibrary.isStalled(job, at: now))
  job.updatedAt = OnpuStoreSupport.milliseconds(now) - 29 * 60 * 1000
  #expect(!OnpuLibrary.isStalled(job, at: now))
  job.updatedAt = 0
  job.status = .failed
  #expect(!OnpuLibrary.isStalled(job, at: now))
}

enum WallClock {
  static func now() -> Int64 { Int64(Date().timeIntervalSince1970 * 1000) }
}
