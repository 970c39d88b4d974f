import Foundation
import HearthCore
import HearthPlatform
import HearthTesting
import Testing

extension StoreConformanceTests {
  @Test(arguments: StoreFactory.all)
  func enqueueManyStoresInOrderAndKeepsIdempotencyKeys(_ factory: StoreFactory) async throws {
    try await factory.withDatabase { db in
      let first = try await db.enqueue(Self.newJob(key: "k1"), id: "j0", at: Self.at(0))
      let jobs = [
        Self.newJob(runAt: 3), Self.newJob(key: "k1"), Self.newJob(queue: "sms", key: "k1"),
        Self.newJob(key: "k2"), Self.newJob(runAt: 1, key: "k2"), Self.newJob(maxAttempts: 9),
      ]
      let stored = try await db.enqueueMany(
        jobs, ids: ["j1", "j2", "j3", "j4", "j5", "j6"], at: Self.at(1))

      // Each job comes back in its place: new ones as stored, a used key as the first job
      #expect(stored.map(\.id) == ["j1", "j0", "j3", "j4", "j4", "j6"])
      #expect(stored[1] == first)
      #expect(stored[0].runAt == Self.at(3))
      #expect(stored[0].status == .queued)
      #expect(stored[0].createdAt == Self.at(1))
      #expect(stored[5].maxAttempts == 9)
      for job in stored { #expect(try await db.job(id: job.id) == job) }
      #expect(try await db.job(id: "j2") == nil)
      #expect(try await db.job(id: "j5") == nil)
      #expect(try await db.jobCounts()[.queued, default: 0] == 5)
      #expect(try await db.enqueueMany([], ids: [], at: Self.at(2)).isEmpty)
    }
  }

  @Test(arguments: StoreFactory.all)
  func claimsABatchStalledJobsFirstThenTheOldest(_ factory: StoreFactory) async throws {
    try await factory.withDatabase { db in
      let jobs = (0..<6).map { Self.newJob(runAt: $0) } + [Self.newJob(runAt: 500)]
      _ = try await db.enqueueMany(jobs, ids: (0..<7).map { "j\($0)" }, at: Self.at(0))

      // One claim takes the three oldest due jobs under one token
      let batch = try await db.claim(
        queues: ["mail"], limit: 3, token: "A", leaseUntil: Self.at(30), at: Self.at(10))
      #expect(batch.map(\.id) == ["j0", "j1", "j2"])
      #expect(batch.allSatisfy { $0.status == .running && $0.completionToken == "A" })
      #expect(batch.allSatisfy { $0.attempts == 1 && $0.leaseUntil == Self.at(30) })

      // A's lease runs out with j1 finished: the stalled two come first, then the next queued
      #expect(try await db.complete(id: "j1", token: "A", at: Self.at(11)))
      let next = try await db.claim(
        queues: ["mail"], limit: 3, token: "B", leaseUntil: Self.at(90), at: Self.at(40))
      #expect(Set(next.prefix(2).map(\.id)) == ["j0", "j2"])
      #expect(next.map(\.id).last == "j3")
      #expect(next.first { $0.id == "j0" }?.attempts == 2)

      // Only what is due; then nothing
      let rest = try await db.claim(
        queues: ["mail"], limit: 10, token: "C", leaseUntil: Self.at(90), at: Self.at(40))
      #expect(rest.map(\.id) == ["j4", "j5"])
      #expect(
        try await db.claim(
          queues: ["mail"], limit: 10, token: "D", leaseUntil: Self.at(90), at: Self.at(40)
        ).isEmpty)
      #expect(
        try await db.claim(
          queues: ["mail"], limit: 0, token: "D", leaseUntil: Self.at(900), at: Self.at(600)
        ).isEmpty)
    }
  }

  @Test(arguments: StoreFactory.all)
  func completesABatchOnlyForCurrentTokensAndAnnouncesOnce(_ factory: StoreFactory) async throws {
    try await factory.withDatabase { db in
      _ = try await db.enqueueMany(
        (0..<4).map { _ in Self.newJob() }, ids: ["a", "b", "c", "d"], at: Self.at(0))
      _ = try await db.claim(
        queues: ["mail"], limit: 4, token: "old", leaseUntil: Self.at(30), at: Self.at(0))
      // c's lease ran out and B holds it now
      let taken = try await db.claim(
        queues: ["mail"], limit: 1, token: "B", leaseUntil: Self.at(100), at: Self.at(31))
      #expect(taken.map(\.id).count == 1)
      let stolen = try #require(taken.first?.id)

      func done(_ id: String, _ token: String) -> JobCompletion {
        JobCompletion(
          id: id, token: token,
          events: [NewEvent(type: "mail.sent", audience: .user("u"), payload: #"{"job":"\#(id)"}"#)]
        )
      }
      let all = ["a", "b", "c", "d"]
      let recorded = try await db.complete(
        all.map { done($0, "old") } + [done("missing", "old"), done("a", "forged")],
        at: Self.at(32))
      #expect(recorded == Set(all).subtracting([stolen]))
      #expect(try await db.job(id: stolen)?.status == .running)
      #expect(try await db.complete([done(stolen, "B")], at: Self.at(33)) == [stolen])
      // Again: nothing more is recorded, and each job announced its effect once
      #expect(try await db.complete(all.map { done($0, "old") }, at: Self.at(34)).isEmpty)
      let announced = try await db.events(after: 0, limit: 100).filter { $0.type == "mail.sent" }
      #expect(announced.count == 4)
      #expect(Set(announced.map(\.payload)) == Set(all.map { #"{"job":"\#($0)"}"# }))
      #expect(try await db.jobCounts()[.succeeded, default: 0] == 4)
    }
  }

  /// Four workers claim batches of up to 7 from 300 jobs at once: each job is claimed once.
  @Test(arguments: StoreFactory.all)
  func concurrentBatchClaimersTakeEachJobOnce(_ factory: StoreFactory) async throws {
    try await factory.withDatabase { db in
      let total = 300
      _ = try await db.enqueueMany(
        (0..<total).map { Self.newJob(runAt: $0 % 5) }, ids: (0..<total).map { "job-\($0)" },
        at: Self.at(0))
      let claimed = try await withThrowingTaskGroup(of: [String].self) { group in
        for worker in 0..<4 {
          group.addTask {
            var ids: [String] = []
            while true {
              let token = "w\(worker)-\(ids.count)"
              let batch = try await db.claim(
                queues: ["mail"], limit: 7, token: token, leaseUntil: Self.at(3600),
                at: Self.at(10))
              if batch.isEmpty { return ids }
              ids += batch.map(\.id)
              let recorded = try await db.complete(
                batch.map { JobCompletion(id: $0.id, token: token) }, at: Self.at(11))
              #expect(recorded == Set(batch.map(\.id)))
            }
          }
        }
        var all: [String] = []
        for try await ids in group { all += ids }
        return all
      }
      #expect(claimed.count == total)
      #expect(Set(claimed).count == total)
      #expect(try await db.jobCounts()[.succeeded, default: 0] == total)
    }
  }
}
