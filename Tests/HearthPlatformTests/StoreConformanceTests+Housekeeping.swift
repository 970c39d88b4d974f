import Foundation
import HearthCore
import HearthPlatform
import HearthTesting
import Testing

extension StoreConformanceTests {
  @Test(arguments: StoreFactory.all)
  func housekeepingDeletesOnlyWhatHasServedItsTime(_ factory: StoreFactory) async throws {
    try await factory.withDatabase { db in
      let day: TimeInterval = 86400
      let now = Self.at(0).addingTimeInterval(100 * day)
      let old = now.addingTimeInterval(-40 * day)
      let recent = now.addingTimeInterval(-day)
      try await db.createUser(Self.user("alice"))
      for _ in 0..<3 {
        try await db.appendEvent(NewEvent(type: "old", audience: .user("alice")), at: old)
      }
      let kept = try await db.appendEvent(
        NewEvent(type: "recent", audience: .user("alice")), at: recent)

      _ = try await db.enqueue(Self.newJob(), id: "done-long-ago", at: old)
      let claimed = try #require(
        try await db.claim(queues: ["mail"], token: "t", leaseUntil: old + 60, at: old))
      #expect(try await db.complete(id: claimed.id, token: "t", at: old))
      _ = try await db.enqueue(Self.newJob(), id: "waiting-long", at: old)

      var ended = Self.session("ended", userID: "alice")
      ended.expiresAt = old
      try await db.createSession(ended)
      var live = Self.session("live", userID: "alice")
      live.expiresAt = now.addingTimeInterval(day)
      try await db.createSession(live)

      let swept = try await Housekeeping.sweep(db, now: now)
      #expect(swept == Housekeeping.Swept(events: 3, jobs: 1, sessions: 1))
      #expect(try await db.events(after: 0, limit: 10).map(\.sequence) == [kept])
      #expect(try await db.job(id: "done-long-ago") == nil)
      #expect(try await db.job(id: "waiting-long")?.status == .queued)
      #expect(try await db.session(id: "ended") == nil)
      #expect(try await db.session(id: "live") != nil)

      // Long after everything, the newest event stays, so sequences never start again
      let later = try await Housekeeping.sweep(db, now: now.addingTimeInterval(365 * day))
      #expect(later.events == 0)
      #expect(try await db.latestSequence() == kept)
    }
  }
}
