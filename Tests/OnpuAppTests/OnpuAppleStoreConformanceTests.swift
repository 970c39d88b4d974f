import Foundation
import HearthPlatform
import HearthTesting
import OnpuApp
import Testing

/// The links from Apple IDs to accounts, on every backend.
@Suite(.serialized)
struct OnpuAppleStoreConformanceTests: StoreFixtures {
  static func link(_ subject: String, _ userID: String, at seconds: Int = 0) -> OnpuAppleLink {
    OnpuAppleLink(
      subject: subject, userID: userID, email: "\(subject)@privaterelay.appleid.com",
      createdAt: at(seconds))
  }

  @Test(arguments: StoreFactory.all)
  func anAppleIDAndAnAccountHaveOneLinkEach(_ factory: StoreFactory) async throws {
    try await factory.withDatabase { db in
      // Given two accounts, alice's linked to Apple ID a1
      for id in ["alice", "bob"] { try await db.createUser(Self.user(id)) }
      let store = db.onpuAppleStore
      #expect(try await store.linkApple(Self.link("a1", "alice")) == Self.link("a1", "alice"))
      // When a1 is linked again to bob, and alice links a second Apple ID
      let taken = try await store.linkApple(Self.link("a1", "bob", at: 5))
      let second = try await store.linkApple(Self.link("a2", "alice", at: 6))
      // Then the first link holds in both cases, and is what comes back
      #expect(taken == Self.link("a1", "alice"))
      #expect(second == Self.link("a1", "alice"))
      #expect(try await store.appleLink(subject: "a1")?.userID == "alice")
      #expect(try await store.appleLink(subject: "a2") == nil)
      #expect(try await store.appleLink(userID: "bob") == nil)
      // And once alice unlinks, bob may link a1
      #expect(try await store.unlinkApple(userID: "alice"))
      #expect(try await !store.unlinkApple(userID: "alice"))
      #expect(
        try await store.linkApple(Self.link("a1", "bob", at: 7)) == Self.link("a1", "bob", at: 7))
      #expect(try await store.appleLink(userID: "bob")?.subject == "a1")
    }
  }

  @Test(arguments: StoreFactory.all)
  func aLinkGoesWithItsAccount(_ factory: StoreFactory) async throws {
    try await factory.withDatabase { db in
      try await db.createUser(Self.user("alice"))
      _ = try await db.onpuAppleStore.linkApple(Self.link("a1", "alice"))
      try await db.deleteUser(id: "alice", formerlyOwned: [])
      #expect(try await db.onpuAppleStore.appleLink(subject: "a1") == nil)
    }
  }
}
