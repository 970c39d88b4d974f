import Foundation
import HearthCore
import HearthEngines
import HearthPlatform
import HearthPostgres
import HearthSQL
import HearthTesting
import Testing

/// One behaviour, every backend: each test runs once per `StoreFactory` on a fresh database.
/// Serialized because the PostgreSQL cases share one database, reset before each test.
/// The share, event and job tests are in the `StoreConformanceTests+*.swift` files; each app's
/// store has its own suite in its test target.
@Suite(.serialized)
struct StoreConformanceTests: StoreFixtures {
  @Test(arguments: StoreFactory.all)
  func migratingAgainChangesNothing(_ factory: StoreFactory) async throws {
    try await factory.withDatabase { db in
      try await db.createUser(Self.user("alice"))
      try await db.migrate([])
      async let first: Void = db.migrate([])
      async let second: Void = db.migrate([])
      _ = try await (first, second)
      #expect(try await db.user(id: "alice") == Self.user("alice"))
      #expect(!db.kindName.isEmpty)
    }
  }

  // MARK: - Accounts

  @Test(arguments: StoreFactory.all)
  func createsAndFindsUsers(_ factory: StoreFactory) async throws {
    try await factory.withDatabase { db in
      let alice = Self.user("alice", phone: "+14155550100")
      var bob = Self.user("bob", createdAt: 10)
      bob.isAdmin = true
      bob.disabled = true
      try await db.createUser(alice)
      try await db.createUser(bob)

      #expect(try await db.user(id: "alice") == alice)
      #expect(try await db.user(email: "bob@example.com") == bob)
      #expect(try await db.user(phone: "+14155550100") == alice)
      #expect(try await db.user(id: "nobody") == nil)
      #expect(try await db.user(email: "nobody@example.com") == nil)
      #expect(try await db.user(phone: "+14155550199") == nil)
      #expect(try await db.users().sorted { $0.id < $1.id } == [alice, bob])
      try await db.ping()
    }
  }

  @Test(arguments: StoreFactory.all)
  func rejectsDuplicateEmailAndPhone(_ factory: StoreFactory) async throws {
    try await factory.withDatabase { db in
      try await db.createUser(Self.user("alice", phone: "+14155550100"))

      var sameEmail = Self.user("bob")
      sameEmail.email = "alice@example.com"
      await #expect(throws: StoreError.duplicate("email")) { try await db.createUser(sameEmail) }
      let samePhone = Self.user("carol", phone: "+14155550100")
      await #expect(throws: StoreError.duplicate("phone")) { try await db.createUser(samePhone) }
      // Two people without a phone are fine.
      try await db.createUser(Self.user("dave"))
      try await db.createUser(Self.user("erin"))
      #expect(try await db.users().count == 3)
    }
  }

  @Test(arguments: StoreFactory.all)
  func updatesUsers(_ factory: StoreFactory) async throws {
    try await factory.withDatabase { db in
      try await db.createUser(Self.user("alice"))
      try await db.createUser(Self.user("bob", phone: "+14155550101"))

      // When every field but id and createdAt changes
      let original = Self.user("alice")
      var alice = Self.user("alice", phone: "+14155550100")
      alice.email = "alice.new@example.com"
      alice.displayName = "Alice N."
      alice.passwordHash = "new-hash"
      alice.timeZone = "UTC"
      alice.isAdmin = true
      alice.disabled = true
      try await db.updateUser(alice, from: original)
      #expect(try await db.user(id: "alice") == alice)
      #expect(try await db.user(email: "alice@example.com") == nil)

      // Then taking someone else's email or phone is refused
      var taken = alice
      taken.email = "bob@example.com"
      await #expect(throws: StoreError.duplicate("email")) {
        try await db.updateUser(taken, from: alice)
      }
      taken = alice
      taken.phone = "+14155550101"
      await #expect(throws: StoreError.duplicate("phone")) {
        try await db.updateUser(taken, from: alice)
      }
      #expect(try await db.user(id: "alice") == alice)

      // And a phone can be removed
      var withoutPhone = alice
      withoutPhone.phone = nil
      try await db.updateUser(withoutPhone, from: alice)
      #expect(try await db.user(id: "alice")?.phone == nil)

      // A change made from a stale copy writes only its own field: an administrator's enable
      // and a new password, made meanwhile, stay
      var stale = withoutPhone
      var enabled = withoutPhone
      enabled.disabled = false
      enabled.passwordHash = "reset-hash"
      try await db.updateUser(enabled, from: withoutPhone)
      stale.displayName = "Alice from an old tab"
      try await db.updateUser(stale, from: withoutPhone)
      let now = try #require(try await db.user(id: "alice"))
      #expect(now.displayName == "Alice from an old tab")
      #expect(!now.disabled && now.passwordHash == "reset-hash")

      // And an account that is gone is not found
      var ghost = Self.user("ghost")
      ghost.displayName = "Nobody"
      await #expect(throws: StoreError.notFound) {
        try await db.updateUser(ghost, from: Self.user("ghost"))
      }
    }
  }

  @Test(arguments: StoreFactory.all)
  func deletingUserRemovesSessionsSharesAndParticipations(_ factory: StoreFactory) async throws {
    try await factory.withDatabase { db in
      for id in ["alice", "bob"] { try await db.createUser(Self.user(id)) }
      try await db.createSession(Self.session("s1", userID: "alice"))
      try await db.createSession(Self.session("s2", userID: "bob"))
      let owned = ResourceRef(app: "lists", kind: "list", id: "alices")
      let other = ResourceRef(app: "lists", kind: "list", id: "bobs")
      try await db.createShare(
        Share(resource: owned, ownerID: "alice", title: "A", createdAt: Self.at(0)))
      try await db.createShare(
        Share(resource: other, ownerID: "bob", title: "B", createdAt: Self.at(0)))
      try await db.putParticipant(
        Participant(
          resource: owned, userID: "bob", status: .accepted, permission: .readOnly,
          invitedBy: "alice", updatedAt: Self.at(1)))
      try await db.putParticipant(
        Participant(
          resource: other, userID: "alice", status: .accepted, permission: .readWrite,
          invitedBy: "bob", updatedAt: Self.at(1)))

      try await db.deleteUser(id: "alice")

      #expect(try await db.user(id: "alice") == nil)
      #expect(try await db.session(id: "s1") == nil)
      #expect(try await db.sessions(userID: "alice").isEmpty)
      #expect(try await db.share(owned) == nil)
      #expect(try await db.participants(owned).isEmpty)
      #expect(try await db.access(owned, userID: "bob") == .none)
      #expect(try await db.participant(other, userID: "alice") == nil)
      // Bob's things stay
      #expect(try await db.session(id: "s2") != nil)
      #expect(try await db.share(other) != nil)
      #expect(try await db.user(id: "bob") != nil)
    }
  }

  // MARK: - Sessions

  @Test(arguments: StoreFactory.all)
  func createsFindsAndTouchesSessions(_ factory: StoreFactory) async throws {
    try await factory.withDatabase { db in
      try await db.createUser(Self.user("alice"))
      let web = Self.session("s1", userID: "alice")
      let refresh = Self.session("s2", userID: "alice", kind: .refresh, createdAt: 5)
      try await db.createSession(web)
      try await db.createSession(refresh)

      #expect(try await db.session(id: "s1") == web)
      #expect(try await db.session(tokenHash: "token-s2") == refresh)
      #expect(try await db.session(tokenHash: "token-nope") == nil)
      #expect(try await Set(db.sessions(userID: "alice").map(\.id)) == ["s1", "s2"])

      try await db.touchSession(id: "s1", at: Self.at(60))
      #expect(try await db.session(id: "s1")?.lastSeenAt == Self.at(60))

      // A second session with the same token hash is refused
      var clash = Self.session("s3", userID: "alice")
      clash.tokenHash = "token-s1"
      await #expect(throws: StoreError.self) { try await db.createSession(clash) }
    }
  }

  @Test(arguments: StoreFactory.all)
  func revokesOnlyOwnLiveSessions(_ factory: StoreFactory) async throws {
    try await factory.withDatabase { db in
      for id in ["alice", "bob"] { try await db.createUser(Self.user(id)) }
      try await db.createSession(Self.session("s1", userID: "alice"))
      try await db.createSession(Self.session("old", userID: "alice", expiresAt: 10))

      // Bob cannot revoke Alice's session
      #expect(try await db.revokeSession(id: "s1", userID: "bob", at: Self.at(20)) == false)
      #expect(try await db.session(id: "s1")?.revokedAt == nil)
      // An expired session is not live
      #expect(try await db.revokeSession(id: "old", userID: "alice", at: Self.at(20)) == false)
      // Alice can, once
      #expect(try await db.revokeSession(id: "s1", userID: "alice", at: Self.at(20)) == true)
      #expect(try await db.session(id: "s1")?.revokedAt == Self.at(20))
      #expect(try await db.revokeSession(id: "s1", userID: "alice", at: Self.at(30)) == false)
      #expect(try await db.session(id: "s1")?.revokedAt == Self.at(20))
      #expect(try await db.revokeSession(id: "missing", userID: "alice", at: Self.at(20)) == false)
    }
  }

  @Test(arguments: StoreFactory.all)
  func aRotationEndsTheOldSessionOnlyWithItsSuccessor(_ factory: StoreFactory) async throws {
    try await factory.withDatabase { db in
      try await db.createUser(Self.user("alice"))
      try await db.createSession(Self.session("s1", userID: "alice", kind: .refresh))
      try await db.createSession(Self.session("s2", userID: "alice", kind: .refresh))
      // The successor cannot be stored (its token hash is taken): the old session stays live
      var clash = Self.session("s3", userID: "alice", kind: .refresh)
      clash.tokenHash = "token-s2"
      await #expect(throws: (any Error).self) {
        _ = try await db.rotateSession(id: "s1", userID: "alice", at: Self.at(20), to: clash)
      }
      #expect(try await db.session(id: "s1")?.revokedAt == nil)
      #expect(try await db.session(id: "s3") == nil)
      // A good successor: the old ends and the new starts together, once
      let next = Self.session("s4", userID: "alice", kind: .refresh)
      #expect(try await db.rotateSession(id: "s1", userID: "alice", at: Self.at(20), to: next))
      #expect(try await db.session(id: "s1")?.revokedAt == Self.at(20))
      #expect(try await db.session(id: "s4") == next)
      let again = Self.session("s5", userID: "alice", kind: .refresh)
      #expect(
        try await db.rotateSession(id: "s1", userID: "alice", at: Self.at(21), to: again) == false)
      #expect(try await db.session(id: "s5") == nil)
    }
  }

  @Test(arguments: StoreFactory.all)
  func revokesSessionsByKind(_ factory: StoreFactory) async throws {
    try await factory.withDatabase { db in
      for id in ["alice", "bob"] { try await db.createUser(Self.user(id)) }
      try await db.createSession(Self.session("w1", userID: "alice"))
      try await db.createSession(Self.session("r1", userID: "alice", kind: .refresh))
      try await db.createSession(Self.session("p1", userID: "alice", kind: .passwordReset))
      try await db.createSession(Self.session("b1", userID: "bob"))

      try await db.revokeSessions(userID: "alice", kind: .refresh, at: Self.at(5))
      #expect(try await db.session(id: "r1")?.revokedAt == Self.at(5))
      #expect(try await db.session(id: "w1")?.revokedAt == nil)

      try await db.revokeSessions(userID: "alice", kind: nil, at: Self.at(9))
      #expect(try await db.session(id: "w1")?.revokedAt == Self.at(9))
      #expect(try await db.session(id: "p1")?.revokedAt == Self.at(9))
      #expect(try await db.session(id: "r1")?.revokedAt == Self.at(5))  // kept its first time
      #expect(try await db.session(id: "b1")?.revokedAt == nil)
    }
  }

  // MARK: - PostgreSQL only

  /// A statement that cannot get a connection in time is answered unavailable (503) instead of
  /// waiting in the pool's queue; the statements holding the connections still finish.
  @Test(.enabled(if: StoreFactory.postgresURL != nil))
  func aStatementWaitingTooLongForAConnectionIsUnavailable() async throws {
    let url = try #require(StoreFactory.postgresURL)
    let db = try PostgresDatabase(url: url, maximumConnections: 2, leaseLimit: .milliseconds(500))
    let (holding, hold) = AsyncStream<Void>.makeStream()
    let releases = (0..<2).map { _ in AsyncStream<Void>.makeStream() }
    let holders = releases.map { release, _ in
      Task {
        try await db.transaction { connection in
          hold.yield()
          for await _ in release { break }
          return try await connection.rows("SELECT 1", logger: db.logger).count
        }
      }
    }
    var held = holding.makeAsyncIterator()
    for _ in holders { await held.next() }
    await #expect(throws: StoreError.unavailable) { try await db.ping() }
    for ((_, released), holder) in zip(releases, holders) {
      released.yield()
      #expect(try await holder.value == 1)
    }
    try await db.ping()
    try await db.close()
  }

  /// Two processes starting at once on an empty database: the advisory lock lets one migrate
  /// while the other waits, then finds nothing left to do.
  @Test(.enabled(if: StoreFactory.postgresURL != nil))
  func concurrentFirstMigrationsOnPostgres() async throws {
    try await SharedPostgres.exclusively {
      let url = try #require(StoreFactory.postgresURL)
      let first = try PostgresDatabase(url: url)
      let second = try PostgresDatabase(url: url)
      try await first.resetSchema()
      async let one: Void = first.migrate([])
      async let two: Void = second.migrate([])
      var failure: (any Error)?
      do {
        _ = try await (one, two)
        #expect(try await second.latestSequence() == 0)
      } catch { failure = error }
      try await first.close()
      try await second.close()
      if let failure { throw failure }
    }
  }

  /// LISTEN/NOTIFY: an append through one pool wakes a listener on another, as between two
  /// `hearth serve` processes on one database.
  @Test(.enabled(if: StoreFactory.postgresURL != nil))
  func appendsWakeListenersOfOtherProcesses() async throws {
    try await SharedPostgres.exclusively {
      let url = try #require(StoreFactory.postgresURL)
      let writer = try PostgresDatabase(url: url)
      let listener = try PostgresDatabase(url: url)
      try await writer.resetSchema()
      try await writer.migrate([])
      let (wakes, wake) = AsyncStream<Void>.makeStream()
      let listening = Task { try await listener.listenForEvents { _ in wake.yield() } }
      var woken = wakes.makeAsyncIterator()
      // The listener wakes once when it starts; wait for that before appending
      #expect(await woken.next() != nil)
      let sent = ContinuousClock.now
      try await writer.appendEvent(NewEvent(type: "ping", audience: .user("u")), at: Self.at(0))
      let again = await woken.next()
      let elapsed = ContinuousClock.now - sent
      listening.cancel()
      try await writer.close()
      try await listener.close()
      #expect(again != nil)
      #expect(elapsed < .seconds(1))
    }
  }

  @Test func badPostgresURLsNameTheVariableAndHideThePassword() async throws {
    let bad = [
      "", "mysql://u:secret@h/db", "postgres://h/db", "postgres://u:secret@h",
      "postgres://u:secret@h/db?sslmode=maybe", "postgres://u:secret@h/db?foo=bar",
    ]
    for url in bad {
      #expect("\(url)") {
        _ = try PostgresDatabase(url: url)
      } throws: { error in
        "\(error)".contains("HEARTH_DATABASE_URL") && !"\(error)".contains("secret")
      }
    }
    for url in [
      "postgres://u:p%40ss@localhost:5433/db?sslmode=disable",
      "postgresql://u@127.0.0.1/db?sslmode=require",
    ] {
      try await PostgresDatabase(url: url).close()
    }
  }
}
