import Foundation
import HearthPlatform
import HearthTesting
import OnpuApp
import Testing

/// Onpu's store, on every backend.
@Suite(.serialized)
struct OnpuStoreConformanceTests: StoreFixtures {
  static func onpuJob(_ id: String, owner: String = "alice", at seconds: Int) -> OnpuJob {
    OnpuJob(
      id: id, ownerID: owner, title: "Song \(id)", artist: "", lyrics: "夢の跡",
      createdAt: at(seconds))
  }

  static func onpuSong(_ id: String, job: String, owner: String = "alice", at seconds: Int)
    -> OnpuSong
  {
    OnpuSong(
      id: id, ownerID: owner, jobID: job, title: "Song \(job)", artist: "", lyrics: "夢の跡",
      createdAt: at(seconds),
      analysis: .init(lyricsData: "[]", translations: "[null]", translationState: "off"))
  }

  @Test(arguments: StoreFactory.all)
  func onpuJobsMoveThroughTheirStagesOnTheOwnersClock(_ factory: StoreFactory) async throws {
    try await factory.withDatabase { db in
      for id in ["alice", "bob"] { try await db.createUser(Self.user(id)) }
      let before = try await db.latestSequence()
      let first = try await db.onpuStore.createOnpuJob(Self.onpuJob("j1", at: 1))
      // Two changes in the same millisecond still get distinct, increasing change times.
      let second = try await db.onpuStore.createOnpuJob(Self.onpuJob("j2", at: 1))
      #expect(first.updatedAt == OnpuStoreSupport.milliseconds(Self.at(1)))
      #expect(second.updatedAt == first.updatedAt + 1)
      _ = try await db.onpuStore.createOnpuJob(Self.onpuJob("b1", owner: "bob", at: 1))

      let running = try #require(
        try await db.onpuStore.updateOnpuJob(
          id: "j1", from: [.queued], to: .running, stage: .translating, error: nil,
          at: Self.at(2)))
      #expect(running.status == .running && running.stage == .translating)
      #expect(try await db.onpuStore.onpuJob(id: "j1") == running)
      let events = try await db.events(after: before, limit: 10)
      #expect(events.map(\.type) == Array(repeating: OnpuStoreSupport.eventType, count: 4))
      #expect(events.last?.audience == .user("alice"))

      let pending = try await db.onpuStore.onpuJobs(
        ownerID: "alice", changedAfter: 0, pending: true, limit: 10)
      #expect(pending.map(\.id) == ["j2", "j1"])
      #expect(
        try await db.onpuStore.onpuJobs(
          ownerID: "alice", changedAfter: second.updatedAt, pending: nil, limit: 10
        )
        .map(\.id) == ["j1"])

      let finished = try #require(
        try await db.onpuStore.finishOnpuJob(
          id: "j1", song: Self.onpuSong("s1", job: "j1", at: 3), at: Self.at(3)))
      #expect(finished.status == .succeeded && finished.songID == "s1" && finished.stage == nil)
      // Finishing again (a worker that ran the job twice) stores nothing more.
      let again = try await db.onpuStore.finishOnpuJob(
        id: "j1", song: Self.onpuSong("s2", job: "j1", at: 4), at: Self.at(4))
      #expect(again == finished)
      #expect(try await db.onpuStore.onpuSongs(ownerID: "alice").map(\.id) == ["s1"])
      #expect(try await db.onpuStore.onpuSong(id: "s1")?.analysis?.translationState == "off")
      #expect(try await db.onpuStore.onpuSongs(ownerID: "alice").first?.analysis == nil)
      // A job moves only from the statuses the caller expects: a succeeded one does not go back.
      #expect(
        try await db.onpuStore.updateOnpuJob(
          id: "j1", from: [.queued, .running], to: .failed, stage: nil, error: "x",
          at: Self.at(5)) == nil)

      let done = try await db.onpuStore.onpuJobs(
        ownerID: "alice", changedAfter: 0, pending: false, limit: 10)
      #expect(done.map(\.id) == ["j1"])
      #expect(try await db.onpuStore.acknowledgeOnpuJob(id: "j1", at: Self.at(6)))
      #expect(
        try await db.onpuStore.onpuJobs(ownerID: "alice", changedAfter: 0, pending: nil, limit: 10)
          .map(\.id)
          == ["j2"])
      #expect(try await db.onpuStore.onpuSong(id: "s1") != nil)

      let failed = try #require(
        try await db.onpuStore.updateOnpuJob(
          id: "j2", from: [.queued, .running], to: .failed, stage: .lyricsData, error: "boom",
          at: Self.at(7)))
      #expect(failed.error == "boom")
      #expect(try await db.onpuStore.acknowledgeOnpuJob(id: "j2", at: Self.at(8)))
      let retried = try #require(
        try await db.onpuStore.updateOnpuJob(
          id: "j2", from: [.failed], to: .queued, stage: nil, error: nil, at: Self.at(9)))
      #expect(!retried.acknowledged)
      // A second retry at the same moment finds it queued already and changes nothing.
      #expect(
        try await db.onpuStore.updateOnpuJob(
          id: "j2", from: [.failed], to: .queued, stage: nil, error: nil, at: Self.at(9)) == nil)
      let removedAt = try #require(try await db.onpuStore.onpuJob(id: "j2")).updatedAt
      #expect(try await db.onpuStore.deleteOnpuJob(id: "j2", at: Self.at(10)))
      #expect(try await !db.onpuStore.deleteOnpuJob(id: "j2", at: Self.at(10)))
      // The clock does not step back to a deleted job's time, even with the wall clock behind.
      let after = try await db.onpuStore.createOnpuJob(Self.onpuJob("j3", at: 1))
      #expect(after.updatedAt == removedAt + 1)
      #expect(try await db.onpuStore.onpuJob(id: "j2") == nil)
      #expect(
        try await db.onpuStore.onpuJobs(ownerID: "bob", changedAfter: 0, pending: nil, limit: 1)
          .map(\.id)
          == ["b1"])
    }
  }

  @Test(arguments: StoreFactory.all)
  func onpuSongsAreFavoritedAndDeleted(_ factory: StoreFactory) async throws {
    try await factory.withDatabase { db in
      try await db.createUser(Self.user("alice"))
      for (index, id) in ["j1", "j2"].enumerated() {
        _ = try await db.onpuStore.createOnpuJob(Self.onpuJob(id, at: index))
        _ = try await db.onpuStore.finishOnpuJob(
          id: id, song: Self.onpuSong("s\(index + 1)", job: id, at: index), at: Self.at(index))
      }
      #expect(try await db.onpuStore.onpuSongs(ownerID: "alice").map(\.id) == ["s2", "s1"])
      #expect(try await db.onpuStore.setOnpuSongFavorite(id: "s1", favorite: true))
      #expect(try await db.onpuStore.onpuSong(id: "s1")?.favorite == true)
      #expect(try await !db.onpuStore.setOnpuSongFavorite(id: "nope", favorite: true))
      #expect(try await db.onpuStore.deleteOnpuSong(id: "s1"))
      #expect(try await db.onpuStore.onpuSongs(ownerID: "alice").map(\.id) == ["s2"])
      try await db.deleteUser(id: "alice")
      #expect(try await db.onpuStore.onpuSong(id: "s2") == nil)
      #expect(try await db.onpuStore.onpuJob(id: "j1") == nil)
    }
  }
}
