import Foundation
import HTTPTypes
import HearthCore
import HearthTesting
import HummingbirdTesting
import OnpuCore
import Testing

@testable import HearthAccounts
@testable import HearthPlatform
@testable import OnpuApp

/// /api/onpu/study over real HTTP, on a song the real analyzer read, with a hand-moved clock.
@Suite struct OnpuStudyAPITests {
  static let lyrics = "君の名前を呼んだ\n夢の中で君を呼ぶ"

  /// A server whose clock the test moves, and a signed-up learner with one analyzed song.
  static func withSong(
    schemaChecked: Bool = true,
    _ body:
      @escaping @Sendable (any TestClientProtocol, ManualNow, String, String) async throws
      -> Void
  ) async throws {
    let now = ManualNow("2026-03-02T09:00:00Z")
    let server = try await TestServer(apps: testedApps, now: { now.date })
    try await server.run(.live, schemaChecked: schemaChecked) { client in
      let ann = try await client.signup("ann@example.com")
      let created = try await client.json(
        .post, "/v1/jobs", ["title": "呼ぶ", "lyrics": Self.lyrics], token: ann.access)
      let job = try #require(created["jobId"] as? String)
      let done = try await OnpuAPITests.waitForJob(client, job, token: ann.access)
      #expect(done["status"] as? String == "succeeded")
      let songs = try await client.json(.get, "/api/onpu/songs", token: ann.access)
      let song = try #require((songs["songs"] as? [[String: Any]])?.first?["id"] as? String)
      try await body(client, now, ann.access, song)
    }
  }

  static func dueCards(_ client: some TestClientProtocol, _ token: String) async throws
    -> [[String: Any]]
  {
    let due = try await client.json(.get, "/api/onpu/study/due", token: token)
    #expect(due.status == 200)
    return due["cards"] as? [[String: Any]] ?? []
  }

  @Test func aSongsWordsBecomeCardsThatAreGradedOnFSRSsSteps() async throws {
    try await Self.withSong { client, now, token, song in
      // When the song's words are added, twice
      let added = try await client.json(.post, "/api/onpu/study/songs/\(song)", token: token)
      let again = try await client.json(.post, "/api/onpu/study/songs/\(song)", token: token)
      // Then the second time adds nothing; 呼ん and 呼ぶ are one card; particles none
      let count = try #require(added["added"] as? Int)
      #expect(added.status == 200 && count == added["cards"] as? Int && count > 4)
      #expect(again["added"] as? Int == 0 && again["cards"] as? Int == count)
      let cards = try await Self.dueCards(client, token)
      #expect(cards.count == count)
      let words = cards.compactMap { ($0["back"] as? [String: Any])?["word"] as? String }
      #expect(words.filter { $0 == "呼ぶ" }.count == 1)
      #expect(!words.contains("を") && !words.contains("の"))
      #expect(words.contains("夢") && words.contains("名前"))

      // When the first card is graded good
      let first = try #require(cards.first)
      let id = try #require(first["id"] as? String)
      let intervals = try #require(first["intervals"] as? [[String: Any]])
      #expect(intervals.map { $0["label"] as? String } == ["1 min", "6 min", "10 min", "8 d"])
      let graded = try await client.json(
        .post, "/api/onpu/study/cards/\(id)/review", ["grade": "good"], token: token)
      // Then it waits for the second learning step, ten minutes, and is no longer due
      let card = try #require(graded["card"] as? [String: Any])
      #expect(graded.status == 200 && card["state"] as? String == "learning")
      #expect(card["due"] as? String == "2026-03-02T09:10:00Z")
      #expect(try await Self.dueCards(client, token).count == count - 1)
      let twice = try await client.json(
        .post, "/api/onpu/study/cards/\(id)/review", ["grade": "good"], token: token)
      #expect(twice.status == 409 && twice.errorField == "card")

      // When ten minutes pass and it is graded good again, it graduates to review
      now.set("2026-03-02T09:10:00Z")
      let graduated = try await client.json(
        .post, "/api/onpu/study/cards/\(id)/review", ["grade": "good"], token: token)
      let review = try #require(graduated["card"] as? [String: Any])
      #expect(review["state"] as? String == "review" && review["reviews"] as? Int == 2)
      let progress = try await client.json(.get, "/api/onpu/study/progress", token: token)
      let days = try #require(progress["reviewsPerDay"] as? [[String: Any]])
      #expect(days.last?["count"] as? Int == 2 && progress["dueNow"] as? Int == count - 1)
    }
  }

  @Test func oneWordIsAddedByPlaceOrAsWritten() async throws {
    try await Self.withSong { client, _, token, song in
      // When 呼ん is added by its place (line 0, word 4), then 呼ぶ as written
      let byPlace = try await client.json(
        .post, "/api/onpu/study/cards", ["songId": song, "line": 0, "word": 4], token: token)
      let bySurface = try await client.json(
        .post, "/api/onpu/study/cards", ["songId": song, "surface": "呼ぶ"], token: token)
      // Then the first makes the card and the second finds the same one
      let card = try #require(byPlace["card"] as? [String: Any])
      #expect(byPlace.status == 201 && byPlace["added"] as? Bool == true)
      let back = try #require(card["back"] as? [String: Any])
      #expect(back["word"] as? String == "呼ぶ" && back["surface"] as? String == "呼ん")
      #expect((back["meaning"] as? String)?.contains("to call") == true)
      let front = try #require(card["front"] as? [String: Any])
      #expect(front["line"] as? String == "君の名前を呼んだ")
      #expect(bySurface.status == 200 && bySurface["added"] as? Bool == false)
      #expect((bySurface["card"] as? [String: Any])?["id"] as? String == card["id"] as? String)
    }
  }

  @Test func badInputNamesTheFieldAndAnotherLearnersCardIsNotFound() async throws {
    try await Self.withSong(schemaChecked: false) { client, _, token, song in
      _ = try await client.json(.post, "/api/onpu/study/songs/\(song)", token: token)
      let id = try #require(try await Self.dueCards(client, token).first?["id"] as? String)
      // Bad grades, places and actions are 400s naming their field
      let checks: [(String, [String: Any], String)] = [
        ("/api/onpu/study/cards/\(id)/review", ["grade": "meh"], "grade"),
        ("/api/onpu/study/cards/\(id)/review", ["grade": 3], "grade"),
        ("/api/onpu/study/cards/\(id)/action", ["action": "burn"], "action"),
        ("/api/onpu/study/cards", ["songId": song, "line": 9, "word": 0], "line"),
        ("/api/onpu/study/cards", ["songId": song, "line": 0, "word": 99], "word"),
        ("/api/onpu/study/cards", ["songId": song, "line": 0], "word"),
        ("/api/onpu/study/cards", ["songId": song, "line": 0, "word": 1], "word"),
        ("/api/onpu/study/cards", ["songId": song, "surface": "猫"], "surface"),
      ]
      for (path, body, field) in checks {
        let reply = try await client.json(.post, path, body, token: token)
        #expect(reply.status == 400 && reply.errorField == field, "\(path) \(body)")
      }
      // Another learner sees neither the card nor the song
      let bob = try await client.signup("bob@example.com")
      for (method, path, body) in [
        (HTTPRequest.Method.get, "/api/onpu/study/cards/\(id)", [String: Any]?.none),
        (.post, "/api/onpu/study/cards/\(id)/review", ["grade": "good"]),
        (.post, "/api/onpu/study/cards/\(id)/action", ["action": "know"]),
        (.post, "/api/onpu/study/songs/\(song)", nil),
        (.post, "/api/onpu/study/cards", ["songId": song, "surface": "夢"]),
      ] {
        let reply = try await client.json(method, path, body, token: bob.access)
        #expect(reply.status == 404, "\(method) \(path)")
      }
      #expect(try await Self.dueCards(client, bob.access).isEmpty)
    }
  }

  @Test func buriedSuspendedAndKnownCardsLeaveTheReview() async throws {
    try await Self.withSong { client, now, token, song in
      _ = try await client.json(.post, "/api/onpu/study/songs/\(song)", token: token)
      let cards = try await Self.dueCards(client, token)
      let ids = try cards.prefix(3).map { try #require($0["id"] as? String) }
      // When one is buried, one suspended and one known
      for (id, action) in zip(ids, ["bury", "suspend", "know"]) {
        let reply = try await client.json(
          .post, "/api/onpu/study/cards/\(id)/action", ["action": action], token: token)
        #expect(reply.status == 200)
      }
      // Then none is due; the buried one comes back at the learner's next midnight (Paris)
      let due = try await Self.dueCards(client, token).compactMap { $0["id"] as? String }
      #expect(Set(due).isDisjoint(with: ids) && due.count == cards.count - 3)
      now.set("2026-03-02T23:00:00Z")
      // (signed in again: the access token did not last the day)
      let login = try await client.json(
        .post, "/api/auth/login", ["email": "ann@example.com", "password": "correct horse"])
      let token = try #require(login["accessToken"] as? String)
      let tomorrow = try await Self.dueCards(client, token).compactMap { $0["id"] as? String }
      #expect(tomorrow.contains(ids[0]) && !tomorrow.contains(ids[1]) && !tomorrow.contains(ids[2]))
      // and a suspended card can be restored
      _ = try await client.json(
        .post, "/api/onpu/study/cards/\(ids[1])/action", ["action": "restore"], token: token)
      #expect(try await Self.dueCards(client, token).contains { $0["id"] as? String == ids[1] })
    }
  }
}
