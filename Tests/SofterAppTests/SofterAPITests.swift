import Foundation
import HearthCore
import HearthTesting
import Hummingbird
import HummingbirdTesting
import NIOConcurrencyHelpers
import Testing

@testable import HearthPlatform
@testable import SofterApp

/// Softer end to end over HTTP: the server with its job worker, and a fake Lightward on loopback
/// that records every request.
@Suite struct SofterAPITests {
  struct Request: Sendable {
    var body: String
    var at: ContinuousClock.Instant
  }

  /// Answers the invitation with "accept"; on a turn, reads the last person's line: "busy"
  /// paces the first request (429, Retry-After: 1), "yield" gets YIELD, "too long" gets 422.
  static func fakeLightward(_ log: NIOLockedValueBox<[Request]>) -> some ApplicationProtocol {
    let router = Router()
    router.post("/api/plain") { request, context -> Response in
      let body = String(buffer: try await request.body.collect(upTo: 4 << 20))
      let earlier = log.withLockedValue { log in
        log.append(Request(body: body, at: .now))
        return log.filter { $0.body == body }.count - 1
      }
      func text(_ status: HTTPResponse.Status, _ text: String, _ headers: HTTPFields = [:])
        -> Response
      {
        Response(
          status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: text)))
      }
      if body.hasSuffix("accept or decline.") { return text(.ok, "Accept.") }
      if body.contains("write its cenotaph") { return text(.ok, "Here the room rests.") }
      // The last person's line: the body ends with it (or a first-round intro), then "(your turn)".
      let lines = body.components(separatedBy: "\n").dropLast(2).suffix(2)
      let said =
        lines.last?.hasSuffix("it's your turn.") == true ? lines.first ?? "" : lines.last ?? ""
      if said.hasSuffix("busy"), earlier == 0 {
        return text(.tooManyRequests, "paced", [.retryAfter: "1"])
      }
      if said.hasSuffix("yield") { return text(.ok, "YIELD") }
      if said.hasSuffix("too long") {
        return text(.unprocessableContent, "Conversation horizon has arrived. 🤲")
      }
      return text(.ok, "Hello, everyone.")
    }
    return Application(
      router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
  }

  @Test func threePeopleAndLightwardTakeTurnsUntilTheHorizon() async throws {
    let log = NIOLockedValueBox<[Request]>([])
    try await Self.fakeLightward(log).test(.live) { fake in
      let port = try #require(fake.port)
      let server = try await TestServer { config in
        config.softer.lightwardURL = "http://127.0.0.1:\(port)/api/plain"
        config.softer.lightwardTimeoutSeconds = 10
      }
      try await server.run(.live) { client in
        let isaac = try await client.signup("isaac@example.com")
        let abe = try await client.signup("abe@example.com")
        let eve = try await client.signup("eve@example.com")
        let mallory = try await client.signup("mallory@example.com")

        // An address that cannot be mailed fails creation, names the field, and leaves nothing
        // behind (an address with no account is invited by mail instead)
        let unknown = try await client.json(
          .post, "/api/softer/rooms",
          [
            "nickname": "Isaac",
            "participants": [["contact": "nobody@", "nickname": "No"]],
          ],
          token: isaac.access)
        #expect(unknown.status == 400 && unknown.errorCode == "invalid_field")
        #expect(unknown.errorField == "participants[0].contact")

        // The room's own voices, and a name someone has already, are refused, naming the field
        for (nickname, invitee, field) in [
          ("Narrator", "Abe", "nickname"), ("Isaac", "lightward", "participants[0].nickname"),
          ("Isaac", "isaac", "participants[0].nickname"),
        ] {
          let refused = try await client.json(
            .post, "/api/softer/rooms",
            [
              "nickname": nickname,
              "participants": [["contact": "abe@example.com", "nickname": invitee]],
            ],
            token: isaac.access)
          #expect(refused.status == 400 && refused.errorField == field, "\(nickname), \(invitee)")
        }
        #expect(
          (try await client.json(.get, "/api/softer/rooms", token: isaac.access)["rooms"] as? [Any])?
            .isEmpty == true)

        let created = try await client.json(
          .post, "/api/softer/rooms",
          [
            "nickname": "Isaac", "tier": 100,
            "participants": [
              ["contact": "abe@example.com", "nickname": "Abe"],
              ["contact": "EVE@example.com", "nickname": "Eve"],
            ],
          ], token: isaac.access)
        #expect(created.status == 201, "\(created.text)")
        let room = try #require(created["room"] as? [String: Any])
        let id = try #require(room["id"] as? String)
        #expect(room["state"] as? String == "pendingParticipants")
        #expect((room["lightward"] as? [String: Any])?["status"] as? String == "thinking")
        #expect(
          (room["participants"] as? [[String: Any]])?.map { $0["nickname"] as? String } == [
            "Isaac", "Lightward", "Abe", "Eve",
          ])

        func get(_ who: (access: String, refresh: String, id: String)) async throws -> [String: Any]
        {
          let reply = try await client.json(.get, "/api/softer/rooms/\(id)", token: who.access)
          guard reply.status == 200, let room = reply["room"] as? [String: Any] else {
            throw TestFailure("GET room: \(reply.status) \(reply.text)")
          }
          return room
        }
        func texts(_ room: [String: Any]) -> [String] {
          (room["messages"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
        }
        func waitUntil(_ what: String, _ condition: ([String: Any]) -> Bool) async throws
          -> [String: Any]
        {
          try await client.afterEachEvent(token: isaac.access, until: what) {
            let room = try await get(isaac)
            return condition(room) ? room : nil
          }
        }

        // Lightward accepts in a job; the invitees arrive; the room becomes active
        _ = try await waitUntil("Lightward arrived") { texts($0).contains("Lightward arrived.") }
        #expect(try await get(abe)["status"] as? String == "Waiting for 2 participants...")
        // Abe answers from the platform's invitations list; Eve from the room
        let invitations = try await client.json(.get, "/api/invitations", token: abe.access)
        let listed = invitations["invitations"] as? [[String: Any]] ?? []
        #expect(
          listed.contains { $0["app"] as? String == "softer" && $0["resourceId"] as? String == id })
        let accepted = try await client.json(
          .post, "/api/invitations/respond",
          ["app": "softer", "kind": "room", "resourceId": id, "decision": "accept"],
          token: abe.access)
        #expect(accepted.status == 200, "\(accepted.text)")
        #expect(
          (try await client.json(.get, "/api/invitations", token: abe.access)["invitations"]
            as? [Any])?.isEmpty == true)
        let active = try await client.json(.post, "/api/softer/rooms/\(id)/here", token: eve.access)
        #expect((active["room"] as? [String: Any])?["state"] as? String == "active")

        // Turns go in roster order; out of turn is 409 not_your_turn
        let early = try await client.json(
          .post, "/api/softer/rooms/\(id)/messages", ["text": "me first"], token: abe.access)
        #expect(early.status == 409 && early.errorCode == "not_your_turn")
        let sent = try await client.json(
          .post, "/api/softer/rooms/\(id)/messages", ["text": "hi"], token: isaac.access)
        #expect(sent.status == 201)
        var current = try await waitUntil("Lightward spoke") {
          texts($0).contains("Hello, everyone.")
        }
        #expect((current["turn"] as? [String: Any])?["nickname"] as? String == "Abe")
        let turnBody = try #require(log.withLockedValue { $0.last?.body })
        #expect(
          turnBody.contains(
            "In turn order:\n1. Isaac\n2. Lightward (that's you!)\n3. Abe\n4. Eve\n\n"))
        #expect(
          turnBody.hasSuffix(
            """
            *a Softer room*

            Narrator: Isaac opened a room with $100.
            Narrator: Lightward arrived.
            Narrator: Abe arrived.
            Narrator: Eve arrived.
            Isaac: hi
            Narrator: Lightward, it's your turn.

            (your turn)
            """))

        // A 429 is retried after its Retry-After, and only one answer is kept
        _ = try await client.json(
          .post, "/api/softer/rooms/\(id)/messages", ["text": "are you busy"], token: abe.access)
        _ = try await client.json(.post, "/api/softer/rooms/\(id)/pass", token: eve.access)
        _ = try await client.json(
          .post, "/api/softer/rooms/\(id)/messages", ["text": "so busy"], token: isaac.access)
        current = try await waitUntil("Lightward answered after pacing") {
          texts($0).filter { $0 == "Hello, everyone." }.count == 2
        }
        let paced = log.withLockedValue { log in log.filter { $0.body.contains("Isaac: so busy\n") }
        }
        #expect(paced.count == 2)
        if paced.count == 2 { #expect(paced[1].at - paced[0].at >= .seconds(1)) }

        // YIELD is "Lightward is listening." and passes the turn
        _ = try await client.json(.post, "/api/softer/rooms/\(id)/pass", token: abe.access)
        _ = try await client.json(.post, "/api/softer/rooms/\(id)/pass", token: eve.access)
        _ = try await client.json(
          .post, "/api/softer/rooms/\(id)/messages", ["text": "please yield"], token: isaac.access)
        current = try await waitUntil("Lightward listened") {
          texts($0).last == "Lightward is listening."
        }
        #expect((current["turn"] as? [String: Any])?["nickname"] as? String == "Abe")

        // A third account sees none of it
        #expect(
          try await client.json(.get, "/api/softer/rooms/\(id)", token: mallory.access).status
            == 404)
        #expect(
          try await client.json(.post, "/api/softer/rooms/\(id)/here", token: mallory.access).status
            == 404)
        #expect(
          (try await client.json(.get, "/api/softer/rooms", token: mallory.access)["rooms"]
            as? [Any])?.isEmpty == true)

        // A 422 is Lightward's last speech; it departs and the room ends
        _ = try await client.json(.post, "/api/softer/rooms/\(id)/pass", token: abe.access)
        _ = try await client.json(.post, "/api/softer/rooms/\(id)/pass", token: eve.access)
        _ = try await client.json(
          .post, "/api/softer/rooms/\(id)/messages", ["text": "this is too long"],
          token: isaac.access)
        current = try await waitUntil("the horizon") { $0["state"] as? String == "defunct" }
        #expect(
          texts(current).suffix(2) == [
            "Conversation horizon has arrived. 🤲", "Lightward departed.",
          ])
        #expect(current["status"] as? String == "Ended")

        // Only the originator may ask for the cenotaph
        #expect(
          try await client.json(.post, "/api/softer/rooms/\(id)/cenotaph", token: abe.access).status
            == 403)
        #expect(
          try await client.json(.post, "/api/softer/rooms/\(id)/cenotaph", token: isaac.access)
            .status == 202)
        current = try await waitUntil("the cenotaph") { $0["hasCenotaph"] as? Bool == true }
        #expect(texts(current).last == "Here the room rests.")

        // The room is part of each participant's account export, and of nobody else's
        let export = try await client.json(.get, "/api/me/export", token: abe.access)
        let exported = try #require((export["softer"] as? [[String: Any]])?.first)
        #expect(
          exported["id"] as? String == id
            && (exported["messages"] as? [Any])?.count == texts(current).count)
        #expect(
          (try await client.json(.get, "/api/me/export", token: mallory.access)["softer"] as? [Any])?
            .isEmpty == true)
      }
    }
  }

  @Test func typingHandsLeavingAndDeletingReachEveryone() async throws {
    let log = NIOLockedValueBox<[Request]>([])
    try await Self.fakeLightward(log).test(.live) { fake in
      let port = try #require(fake.port)
      let server = try await TestServer { config in
        config.softer.lightwardURL = "http://127.0.0.1:\(port)/api/plain"
      }
      try await server.run(.live) { client in
        let isaac = try await client.signup("isaac2@example.com")
        let abe = try await client.signup("abe2@example.com")
        let eve = try await client.signup("eve2@example.com")
        let created = try await client.json(
          .post, "/api/softer/rooms",
          [
            "nickname": "Isaac",
            "participants": [
              ["contact": "abe2@example.com", "nickname": "Abe"],
              ["contact": "eve2@example.com", "nickname": "Eve"],
            ],
          ], token: isaac.access)
        let id = try #require((created["room"] as? [String: Any])?["id"] as? String)
        func room(_ token: String) async throws -> JSONReply {
          try await client.json(.get, "/api/softer/rooms/\(id)", token: token)
        }
        try await client.afterEachEvent(token: isaac.access, until: "Lightward arrived") {
          let participants =
            (try await room(isaac.access)["room"] as? [String: Any])?["participants"]
            as? [[String: Any]]
          return participants?.contains(where: {
            $0["isLightward"] as? Bool == true && $0["arrived"] as? Bool == true
          }) == true ? () : nil
        }
        _ = try await client.json(.post, "/api/softer/rooms/\(id)/here", token: abe.access)
        _ = try await client.json(.post, "/api/softer/rooms/\(id)/here", token: eve.access)

        // Typing shows to the others, not to the typist, and reaches them as an event
        let cursor = try #require(
          try await client.json(.get, "/api/events/poll?timeout=0", token: isaac.access)["cursor"]
            as? Int)
        #expect(
          try await client.json(
            .post, "/api/softer/rooms/\(id)/composing", ["composing": true], token: abe.access
          ).status == 204)
        #expect(
          (try await room(isaac.access)["room"] as? [String: Any])?["composing"] as? String
            == "Abe is typing...")
        #expect((try await room(abe.access)["room"] as? [String: Any])?["composing"] == nil)
        let events = try await client.json(
          .get, "/api/events/poll?after=\(cursor)&timeout=1", token: isaac.access)
        #expect(
          (events["events"] as? [[String: Any]])?.contains {
            $0["type"] as? String == "softer.composing"
          } == true)
        _ = try await client.json(
          .post, "/api/softer/rooms/\(id)/composing", ["composing": false], token: abe.access)
        #expect((try await room(isaac.access)["room"] as? [String: Any])?["composing"] == nil)

        // Hands go up off turn only
        #expect(
          try await client.json(.post, "/api/softer/rooms/\(id)/hand", token: isaac.access)
            .errorCode == "your_turn")
        let hand = try await client.json(.post, "/api/softer/rooms/\(id)/hand", token: eve.access)
        let texts = ((hand["room"] as? [String: Any])?["messages"] as? [[String: Any]])?.compactMap
        { $0["text"] as? String }
        #expect(texts?.last == "Eve raised a hand.")

        // and come down again, for their owner only: anyone outside the room gets 404
        let outsider = try await client.signup("mal2@example.com")
        #expect(
          try await client.json(.delete, "/api/softer/rooms/\(id)/hand", token: outsider.access)
            .status == 404)
        let lowered = try await client.json(
          .delete, "/api/softer/rooms/\(id)/hand", token: eve.access)
        #expect(lowered.status == 200)
        #expect(
          ((lowered["room"] as? [String: Any])?["messages"] as? [[String: Any]])?.last?["text"]
            as? String == "Eve lowered their hand.")

        // Someone who is not the owner deletes: they leave (ending the room) and lose it
        #expect(
          try await client.json(.delete, "/api/softer/rooms/\(id)", token: eve.access).status == 204
        )
        #expect(try await room(eve.access).status == 404)
        let ended = try #require(try await room(isaac.access)["room"] as? [String: Any])
        #expect(ended["state"] as? String == "defunct")
        #expect(
          (ended["messages"] as? [[String: Any]])?.last?["text"] as? String == "Eve departed.")
        #expect(
          try await client.json(
            .post, "/api/softer/rooms/\(id)/messages", ["text": "hello?"], token: isaac.access
          ).status == 409)

        // The owner deletes it for everyone
        #expect(
          try await client.json(.delete, "/api/softer/rooms/\(id)", token: abe.access).status == 204
        )
        #expect(
          try await client.json(.delete, "/api/softer/rooms/\(id)", token: isaac.access).status
            == 204)
        #expect(try await room(isaac.access).status == 404)
      }
    }
  }
}
