import Foundation
import HearthPlatform
import HearthTesting
import OnpuApp
import OnpuCore
import Testing

/// Onpu's study tables, on every backend.
@Suite(.serialized)
struct OnpuStudyStoreConformanceTests: StoreFixtures {
  static func card(
    _ id: String, owner: String = "alice", kind: StudyCardDraft.Kind = .word, key: String,
    at seconds: Int
  ) -> OnpuStudyCard {
    OnpuStudyCard(
      id: id, ownerID: owner, kind: kind, key: key, songID: "s1", note: #"{"word":"\#(key)"}"#,
      memory: .new(at: at(seconds)), createdAt: at(seconds))
  }

  @Test(arguments: StoreFactory.all)
  func cardsAreOnePerOwnerKindAndKey(_ factory: StoreFactory) async throws {
    try await factory.withDatabase { db in
      // Given two learners
      for id in ["alice", "bob"] { try await db.createUser(Self.user(id)) }
      let store = db.onpuStudyStore
      // When alice adds 夢 twice (as a word and as a kanji) and bob adds it once
      let first = try await store.addStudyCards([
        Self.card("c1", key: "夢|ゆめ", at: 1), Self.card("c2", kind: .kanji, key: "夢", at: 1),
      ])
      let again = try await store.addStudyCards([
        Self.card("c3", key: "夢|ゆめ", at: 2), Self.card("c4", key: "呼ぶ|よぶ", at: 2),
      ])
      let bobs = try await store.addStudyCards([Self.card("b1", owner: "bob", key: "夢|ゆめ", at: 3)])
      // Then a key an owner has already makes no second card; other owners have their own
      #expect(first.map(\.id) == ["c1", "c2"])
      #expect(again.map(\.id) == ["c4"])
      #expect(bobs.map(\.id) == ["b1"])
      #expect(try await store.studyCards(ownerID: "alice").map(\.id) == ["c1", "c2", "c4"])
      let stored = try #require(try await store.studyCard(id: "c1"))
      #expect(stored == Self.card("c1", key: "夢|ゆめ", at: 1))
      #expect(
        try await store.studyCard(ownerID: "alice", kind: "kanji", key: "夢")?.id == "c2")
      #expect(try await store.studyCard(ownerID: "bob", kind: "kanji", key: "夢") == nil)
    }
  }

  @Test(arguments: StoreFactory.all)
  func aReviewStoresTheCardAndItsLogOnce(_ factory: StoreFactory) async throws {
    try await factory.withDatabase { db in
      // Given a new card
      try await db.createUser(Self.user("alice"))
      let store = db.onpuStudyStore
      _ = try await store.addStudyCards([Self.card("c1", key: "夢|ゆめ", at: 0)])
      var card = try #require(try await store.studyCard(id: "c1"))
      // When it is graded good at 10 s
      let before = card.memory
      card.memory = FSRSScheduler().review(before, grade: .good, at: Self.at(10))
      card.reviews = 1
      let review = OnpuStudyReview(
        id: "r1", cardID: "c1", ownerID: "alice", grade: .good, reviewedAt: Self.at(10),
        stateBefore: before.state, after: card.memory)
      let recorded = try await store.recordStudyReview(review, card: card)
      // and a second grading of the same showing comes in
      var twice = review
      twice.id = "r2"
      let second = try await store.recordStudyReview(twice, card: card)
      // Then the card has its new memory, and only the first grading is logged
      #expect(recorded && !second)
      #expect(try await store.studyCard(id: "c1") == card)
      #expect(try await store.studyReviews(ownerID: "alice", since: Self.at(0)) == [review])
      #expect(try await store.studyReviews(ownerID: "alice", since: Self.at(11)).isEmpty)
    }
  }

  @Test(arguments: StoreFactory.all)
  func dueCardsLeaveOutWhatIsSetAside(_ factory: StoreFactory) async throws {
    try await factory.withDatabase { db in
      // Given four cards due at 0, 10, 20 and 30 s
      try await db.createUser(Self.user("alice"))
      let store = db.onpuStudyStore
      _ = try await store.addStudyCards(
        ["a", "b", "c", "d"].enumerated().map { index, id in
          Self.card(id, key: id, at: index * 10)
        })
      // When one is suspended, one known and one buried until 100 s
      #expect(try await store.setStudyCardStatus(id: "a", status: .suspended, buriedUntil: nil))
      #expect(try await store.setStudyCardStatus(id: "b", status: .known, buriedUntil: nil))
      #expect(
        try await store.setStudyCardStatus(id: "c", status: .active, buriedUntil: Self.at(100)))
      #expect(!(try await store.setStudyCardStatus(id: "zz", status: .known, buriedUntil: nil)))
      // Then only the active one is due, and the buried one comes back when its time passes
      #expect(
        try await store.dueStudyCards(ownerID: "alice", at: Self.at(50), limit: 10).map(\.id) == [
          "d"
        ])
      #expect(
        try await store.dueStudyCards(ownerID: "alice", at: Self.at(100), limit: 10).map(\.id)
          == ["c", "d"])
      #expect(
        try await store.dueStudyCards(ownerID: "alice", at: Self.at(100), limit: 1).map(\.id) == [
          "c"
        ])
      #expect(try await store.dueStudyCards(ownerID: "alice", at: Self.at(25), limit: 10).isEmpty)
      #expect(try await store.studyCard(id: "c")?.buriedUntil == Self.at(100))
    }
  }

  @Test(arguments: StoreFactory.all)
  func deletingTheAccountDeletesItsCardsAndReviews(_ factory: StoreFactory) async throws {
    try await factory.withDatabase { db in
      // Given a learner with a reviewed card
      try await db.createUser(Self.user("alice"))
      let store = db.onpuStudyStore
      var card = Self.card("c1", key: "夢|ゆめ", at: 0)
      _ = try await store.addStudyCards([card])
      card.memory = FSRSScheduler().review(card.memory, grade: .easy, at: Self.at(5))
      card.reviews = 1
      _ = try await store.recordStudyReview(
        OnpuStudyReview(
          id: "r1", cardID: "c1", ownerID: "alice", grade: .easy, reviewedAt: Self.at(5),
          stateBefore: .learning, after: card.memory), card: card)
      // When the account goes
      try await db.deleteUser(id: "alice")
      // Then so do its cards and reviews
      #expect(try await store.studyCard(id: "c1") == nil)
      #expect(try await store.studyReviews(ownerID: "alice", since: Self.at(0)).isEmpty)
    }
  }
}
