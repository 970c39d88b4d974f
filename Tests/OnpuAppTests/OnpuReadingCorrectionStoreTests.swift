import Foundation
import HearthPlatform
import HearthTesting
import OnpuApp
import Testing

/// The learner's reading corrections in Onpu's store, on every backend.
@Suite(.serialized)
struct OnpuReadingCorrectionStoreTests: StoreFixtures {
  static func correction(
    _ surface: String, _ reading: String, song: String?, owner: String = "alice", at seconds: Int
  ) -> OnpuReadingCorrection {
    OnpuReadingCorrection(
      ownerID: owner, songID: song, surface: surface, reading: reading, createdAt: at(seconds))
  }

  @Test(arguments: StoreFactory.all)
  func correctionsAreOnePerSongOrAllSongsAndSurface(_ factory: StoreFactory) async throws {
    try await factory.withDatabase { db in
      for id in ["alice", "bob"] { try await db.createUser(Self.user(id)) }
      let store = db.onpuStore
      for (index, song) in ["s1", "s2"].enumerated() {
        _ = try await store.createOnpuJob(OnpuStoreConformanceTests.onpuJob("j\(index)", at: 1))
        _ = try await store.finishOnpuJob(
          id: "j\(index)", song: OnpuStoreConformanceTests.onpuSong(song, job: "j\(index)", at: 1),
          at: Self.at(1))
      }
      try await store.saveOnpuReadingCorrection(Self.correction("運命", "さだめ", song: "s1", at: 2))
      try await store.saveOnpuReadingCorrection(Self.correction("運命", "いのち", song: nil, at: 3))
      try await store.saveOnpuReadingCorrection(Self.correction("本気", "まじ", song: "s2", at: 4))
      try await store.saveOnpuReadingCorrection(
        Self.correction("地球", "ほし", song: nil, owner: "bob", at: 5))
      // Saving again for the same song (or all songs) and surface replaces the reading.
      try await store.saveOnpuReadingCorrection(Self.correction("運命", "うんめい", song: nil, at: 6))
      let alices = try await store.onpuReadingCorrections(ownerID: "alice")
      #expect(
        alices == [
          Self.correction("運命", "さだめ", song: "s1", at: 2),
          Self.correction("本気", "まじ", song: "s2", at: 4),
          Self.correction("運命", "うんめい", song: nil, at: 6),
        ])
      #expect(try await store.onpuReadingCorrections(ownerID: "bob").map(\.reading) == ["ほし"])

      #expect(
        try await store.deleteOnpuReadingCorrection(ownerID: "alice", songID: nil, surface: "運命"))
      #expect(
        try await !store.deleteOnpuReadingCorrection(ownerID: "alice", songID: nil, surface: "運命"))
      // Bob's correction is not Alice's to remove.
      #expect(
        try await !store.deleteOnpuReadingCorrection(ownerID: "alice", songID: nil, surface: "地球"))
      #expect(
        try await store.onpuReadingCorrections(ownerID: "alice").map(\.songID) == ["s1", "s2"])

      // A song's own corrections go with it; the owner's go with the account.
      #expect(try await store.deleteOnpuSong(id: "s1"))
      #expect(try await store.onpuReadingCorrections(ownerID: "alice").map(\.surface) == ["本気"])
      try await db.deleteUser(id: "bob")
      #expect(try await store.onpuReadingCorrections(ownerID: "bob").isEmpty)
    }
  }

  @Test(arguments: StoreFactory.all)
  func aSongsLinesAreReplacedAndAnnounced(_ factory: StoreFactory) async throws {
    try await factory.withDatabase { db in
      try await db.createUser(Self.user("alice"))
      let store = db.onpuStore
      _ = try await store.createOnpuJob(OnpuStoreConformanceTests.onpuJob("j1", at: 1))
      _ = try await store.finishOnpuJob(
        id: "j1", song: OnpuStoreConformanceTests.onpuSong("s1", job: "j1", at: 1),
        at: Self.at(1))
      let before = try await db.latestSequence()
      #expect(try await store.setOnpuSongLines(songID: "s1", lyricsData: "[[1]]", at: Self.at(2)))
      #expect(try await store.onpuSong(id: "s1")?.analysis?.lyricsData == "[[1]]")
      #expect(try await store.onpuSong(id: "s1")?.analysis?.translationState == "off")
      #expect(try await !store.setOnpuSongLines(songID: "gone", lyricsData: "[]", at: Self.at(3)))
      let events = try await db.events(after: before, limit: 10)
      #expect(events.map(\.type) == [OnpuStoreSupport.songEventType])
      #expect(events.first?.audience == .user("alice"))
      #expect(events.first?.payload.contains(#""lines":"changed""#) == true)
    }
  }
}
