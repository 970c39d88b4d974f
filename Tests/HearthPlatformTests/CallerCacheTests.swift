import Foundation
import HearthCore
import HearthTesting
import NIOConcurrencyHelpers
import Testing

@testable import HearthPlatform

/// The caller cache answers from memory only while the event hub reads, and forgets an account
/// on any of its `AccountEvents`, which every account and session change appends.
@Suite(.serialized)
struct CallerCacheTests: StoreFixtures {
  @Test(arguments: StoreFactory.all)
  func everyAccountAndSessionChangeAppendsItsEvent(_ factory: StoreFactory) async throws {
    try await factory.withDatabase { db in
      for id in ["alice", "bob"] { try await db.createUser(Self.user(id)) }
      for id in ["s1", "s2", "s3"] { try await db.createSession(Self.session(id, userID: "alice")) }
      var start = try await db.latestSequence()
      func appended() async throws -> [String] {
        let events = try await db.events(after: start, limit: 10)
        start = events.last?.sequence ?? start
        return events.map { "\($0.type) \($0.audience) \($0.payload)" }
      }
      var renamed = Self.user("alice")
      renamed.displayName = "Alice"
      try await db.updateUser(renamed, from: Self.user("alice"))
      #expect(try await appended() == [#"account.updated user("alice") {}"#])
      try await db.setEmailVerified(userID: "alice", at: Self.at(5))
      #expect(try await appended() == [#"account.updated user("alice") {}"#])
      #expect(try await db.user(id: "alice")?.emailVerifiedAt == Self.at(5))
      try await db.setEmailVerified(userID: "alice", at: Self.at(6))
      #expect(try await appended() == [], "already confirmed: nothing changed")
      try await db.setEmailVerified(userID: "alice", at: nil)
      #expect(try await appended() == [#"account.updated user("alice") {}"#])
      #expect(try await db.user(id: "alice")?.emailVerifiedAt == nil)
      #expect(try await db.revokeSession(id: "s1", userID: "alice", at: Self.at(10)))
      #expect(try await appended() == [#"session.ended user("alice") {"sessionId":"s1"}"#])
      #expect(try await db.revokeSession(id: "s1", userID: "alice", at: Self.at(11)) == false)
      #expect(try await appended() == [])
      let next = Self.session("s4", userID: "alice")
      #expect(try await db.rotateSession(id: "s2", userID: "alice", at: Self.at(12), to: next))
      #expect(try await appended() == [#"session.ended user("alice") {"sessionId":"s2"}"#])
      try await db.revokeSessions(userID: "alice", kind: nil, at: Self.at(13))
      #expect(try await appended() == [#"session.ended user("alice") {}"#])
      try await db.revokeSessions(userID: "alice", kind: nil, at: Self.at(14))
      #expect(try await appended() == [], "nothing ended, nothing to tell")
      try await db.deleteUser(id: "bob")
      let digest = AccountEvents.digest("bob")
      #expect(
        try await appended() == [
          #"account.deleted resource(HearthPlatform.ResourceRef(app: "hearth", kind: "account", id: "\#(digest)")) {}"#
        ])
    }
  }

  @Test(arguments: StoreFactory.all)
  func answersFromMemoryOnlyWhileTheHubReads(_ factory: StoreFactory) async throws {
    try await factory.withDatabase { db in
      try await db.createUser(Self.user("alice"))
      try await db.createSession(Self.session("s1", userID: "alice"))
      let clock = NIOLockedValueBox(ContinuousClock.now)
      let cache = CallerCache(trust: .seconds(2), now: { clock.withLockedValue { $0 } })
      // Not trusted yet: every lookup reads, and nothing is kept.
      #expect(try await cache.session(id: "s1", in: db)?.user.displayName == "Person alice")
      #expect(cache.count == 0)
      cache.hubRead([])
      #expect(try await cache.session(tokenHash: "token-s1", in: db)?.session.id == "s1")
      #expect(cache.count == 1)
      // A change no event tells of (a raw write) stays unseen while trusted (the hub has just
      // read)...
      try await db.transaction { tx in
        try await tx.execute("UPDATE users SET display_name = 'Changed' WHERE id = 'alice'")
      }
      cache.hubRead([])
      #expect(try await cache.session(id: "s1", in: db)?.user.displayName == "Person alice")
      // ...until the account's event is read,
      let event = Event(
        sequence: 1, type: AccountEvents.updated, audience: .user("alice"), payload: "{}",
        createdAt: Self.at(0))
      cache.hubRead([event])
      #expect(cache.count == 0)
      #expect(try await cache.session(id: "s1", in: db)?.user.displayName == "Changed")
      // or PostgreSQL's notification of it arrives,
      try await db.transaction { tx in
        try await tx.execute("UPDATE users SET display_name = 'Again' WHERE id = 'alice'")
      }
      cache.hubNotified("42 alice")
      #expect(try await cache.session(tokenHash: "token-s1", in: db)?.user.displayName == "Again")
      // or the hub stops reading for longer than the trust lasts.
      try await db.transaction { tx in
        try await tx.execute("UPDATE users SET display_name = 'Late' WHERE id = 'alice'")
      }
      clock.withLockedValue { $0 += .milliseconds(2100) }
      #expect(try await cache.session(id: "s1", in: db)?.user.displayName == "Late")
      #expect(cache.count == 0)
      // Another account's events, and notifications naming none, forget nothing.
      cache.hubRead([])
      _ = try await cache.session(id: "s1", in: db)
      cache.hubNotified("43")
      cache.hubRead([
        Event(
          sequence: 2, type: AccountEvents.sessionEnded, audience: .user("bob"), payload: "{}",
          createdAt: Self.at(0)),
        Event(
          sequence: 3, type: "note.added", audience: .user("alice"), payload: "{}",
          createdAt: Self.at(0)),
      ])
      #expect(cache.count == 1)
      // A deleted account's event names only its digest.
      cache.hubRead([
        Event(
          sequence: 4, type: AccountEvents.deleted,
          audience: AccountEvents.deleted(userID: "alice").audience, payload: "{}",
          createdAt: Self.at(0))
      ])
      #expect(cache.count == 0)
    }
  }

  @Test(arguments: StoreFactory.all)
  func keepsAtMostItsCapacity(_ factory: StoreFactory) async throws {
    try await factory.withDatabase { db in
      try await db.createUser(Self.user("alice"))
      let cache = CallerCache(capacity: 3)
      cache.hubRead([])
      for index in 0..<10 {
        try await db.createSession(Self.session("s\(index)", userID: "alice"))
        _ = try await cache.session(id: "s\(index)", in: db)
        #expect(cache.count <= 3)
      }
      #expect(try await cache.session(id: "missing", in: db) == nil)
    }
  }

  @Test func aSignedOutTokenIsRefusedOnTheNextRequest() async throws {
    let server = try await TestServer()
    try await server.run { client in
      let signup = try await client.json(
        .post, "/api/auth/signup",
        ["email": "cache@example.com", "displayName": "Cache", "password": "a long passphrase"])
      let token = try #require(signup["accessToken"] as? String)
      for _ in 0..<3 { #expect(try await client.json(.get, "/api/me", token: token).status == 200) }
      #expect(server.env.callers.count == 1, "the session is kept once the hub has read")
      #expect(try await client.json(.post, "/api/auth/logout", token: token).status == 204)
      #expect(try await client.json(.get, "/api/me", token: token).status == 401)
    }
  }
}
