import Foundation
import HearthCore
import HearthPlatform
import HearthTesting
import Testing

extension StoreConformanceTests {
  static func newJob(
    runAt: Int = 0, queue: String = "mail", key: String? = nil, maxAttempts: Int = 5
  ) -> NewJob {
    NewJob(
      queue: queue, payload: #"{"to":"a@example.com"}"#, runAt: at(runAt), idempotencyKey: key,
      maxAttempts: maxAttempts)
  }

  @Test(arguments: StoreFactory.all)
  func enqueuesJobsOnceForAnIdempotencyKey(_ factory: StoreFactory) async throws {
    try await factory.withDatabase { db in
      let job = try await db.enqueue(Self.newJob(runAt: 5, key: "k1"), id: "j1", at: Self.at(0))
      #expect(
        job
          == Job(
            id: "j1", queue: "mail", payload: #"{"to":"a@example.com"}"#, status: .queued,
            attempts: 0, maxAttempts: 5, runAt: Self.at(5), leaseUntil: nil, completionToken: nil,
            lastError: nil, idempotencyKey: "k1", createdAt: Self.at(0), updatedAt: Self.at(0)))
      #expect(try await db.job(id: "j1") == job)

      // The same key in the same queue returns the first job; another queue or no key is new
      let again = try await db.enqueue(Self.newJob(runAt: 9, key: "k1"), id: "j2", at: Self.at(1))
      #expect(again == job)
      #expect(try await db.job(id: "j2") == nil)
      let otherQueue = try await db.enqueue(
        Self.newJob(queue: "sms", key: "k1"), id: "j3", at: Self.at(1))
      #expect(otherQueue.id == "j3")
      _ = try await db.enqueue(Self.newJob(), id: "j4", at: Self.at(1))
      _ = try await db.enqueue(Self.newJob(), id: "j5", at: Self.at(1))
      #expect(try await db.jobCounts()[.queued, default: 0] == 4)
    }
  }

  @Test(arguments: StoreFactory.all)
  func claimsOldestDueJobOfTheQueues(_ factory: StoreFactory) async throws {
    try await factory.withDatabase { db in
      _ = try await db.enqueue(Self.newJob(runAt: 5), id: "b", at: Self.at(0))
      _ = try await db.enqueue(Self.newJob(runAt: 1), id: "a", at: Self.at(0))
      _ = try await db.enqueue(Self.newJob(runAt: 100), id: "later", at: Self.at(0))
      _ = try await db.enqueue(
        Self.newJob(runAt: 0, queue: "other"), id: "elsewhere", at: Self.at(0))

      // Nothing is due before its runAt
      #expect(
        try await db.claim(queues: ["mail"], token: "t0", leaseUntil: Self.at(30), at: Self.at(0))
          == nil)
      let first = try await db.claim(
        queues: ["mail"], token: "t1", leaseUntil: Self.at(40), at: Self.at(10))
      #expect(first?.id == "a")
      #expect(first?.status == .running)
      #expect(first?.attempts == 1)
      #expect(first?.completionToken == "t1")
      #expect(first?.leaseUntil == Self.at(40))
      #expect(try await db.job(id: "a") == first)
      let second = try await db.claim(
        queues: ["mail"], token: "t2", leaseUntil: Self.at(40), at: Self.at(10))
      #expect(second?.id == "b")
      #expect(
        try await db.claim(queues: ["mail"], token: "t3", leaseUntil: Self.at(40), at: Self.at(10))
          == nil)
      #expect(
        try await db.claim(queues: [], token: "t3", leaseUntil: Self.at(40), at: Self.at(10)) == nil
      )
      let other = try await db.claim(
        queues: ["x", "other"], token: "t4", leaseUntil: Self.at(40), at: Self.at(10))
      #expect(other?.id == "elsewhere")

      #expect(try await db.complete(id: "a", token: "t1", at: Self.at(11)) == true)
      #expect(try await db.complete(id: "a", token: "t1", at: Self.at(12)) == false)
      #expect(try await db.job(id: "a")?.status == .succeeded)
      let counts = try await db.jobCounts()
      #expect(counts[.succeeded, default: 0] == 1)
      #expect(counts[.running, default: 0] == 2)
      #expect(counts[.queued, default: 0] == 1)
      #expect(counts[.dead, default: 0] == 0)
    }
  }

  @Test(arguments: StoreFactory.all)
  func expiredLeaseIsReclaimedWithNewToken(_ factory: StoreFactory) async throws {
    try await factory.withDatabase { db in
      _ = try await db.enqueue(Self.newJob(), id: "j1", at: Self.at(0))
      _ = try await db.claim(
        queues: ["mail"], token: "old", leaseUntil: Self.at(30), at: Self.at(0))

      // A heartbeat extends the lease
      #expect(
        try await db.heartbeat(id: "j1", token: "old", leaseUntil: Self.at(60), at: Self.at(20))
          == true)
      #expect(try await db.job(id: "j1")?.leaseUntil == Self.at(60))
      #expect(
        try await db.claim(queues: ["mail"], token: "new", leaseUntil: Self.at(90), at: Self.at(45))
          == nil)
      // After the lease, another worker takes it over
      let reclaimed = try await db.claim(
        queues: ["mail"], token: "new", leaseUntil: Self.at(120), at: Self.at(61))
      #expect(reclaimed?.id == "j1")
      #expect(reclaimed?.attempts == 2)
      #expect(reclaimed?.completionToken == "new")
      // The stalled worker's token no longer works
      #expect(
        try await db.heartbeat(id: "j1", token: "old", leaseUntil: Self.at(200), at: Self.at(62))
          == false)
      #expect(try await db.complete(id: "j1", token: "old", at: Self.at(62)) == false)
      #expect(
        try await db.fail(id: "j1", token: "old", error: "x", retryAt: nil, at: Self.at(62))
          == false)
      #expect(try await db.release(id: "j1", token: "old", at: Self.at(62)) == false)
      #expect(try await db.complete(id: "j1", token: "new", at: Self.at(63)) == true)
      #expect(try await db.job(id: "j1")?.status == .succeeded)
    }
  }

  @Test(arguments: StoreFactory.all)
  func stalledJobWithoutAttemptsLeftGoesDead(_ factory: StoreFactory) async throws {
    try await factory.withDatabase { db in
      _ = try await db.enqueue(Self.newJob(maxAttempts: 1), id: "j1", at: Self.at(0))
      _ = try await db.enqueue(Self.newJob(runAt: 50), id: "j2", at: Self.at(0))
      _ = try await db.claim(queues: ["mail"], token: "t1", leaseUntil: Self.at(30), at: Self.at(0))

      let next = try await db.claim(
        queues: ["mail"], token: "t2", leaseUntil: Self.at(90), at: Self.at(60))
      #expect(next?.id == "j2")
      #expect(try await db.job(id: "j1")?.status == .dead)
      #expect(try await db.complete(id: "j1", token: "t1", at: Self.at(61)) == false)
    }
  }

  @Test(arguments: StoreFactory.all)
  func failRetriesUntilMaxAttemptsThenDies(_ factory: StoreFactory) async throws {
    try await factory.withDatabase { db in
      _ = try await db.enqueue(Self.newJob(maxAttempts: 2), id: "j1", at: Self.at(0))
      _ = try await db.claim(queues: ["mail"], token: "t1", leaseUntil: Self.at(30), at: Self.at(0))

      #expect(
        try await db.fail(
          id: "j1", token: "t1", error: "boom", retryAt: Self.at(60), at: Self.at(1)) == true)
      var job = try #require(try await db.job(id: "j1"))
      #expect(job.status == .queued)
      #expect(job.runAt == Self.at(60))
      #expect(job.lastError == "boom")
      #expect(
        try await db.claim(queues: ["mail"], token: "t2", leaseUntil: Self.at(90), at: Self.at(59))
          == nil)
      job = try #require(
        try await db.claim(queues: ["mail"], token: "t2", leaseUntil: Self.at(90), at: Self.at(60)))
      #expect(job.attempts == 2)

      // The last attempt failing is final even with a retry time
      #expect(
        try await db.fail(
          id: "j1", token: "t2", error: "again", retryAt: Self.at(120), at: Self.at(61)) == true)
      job = try #require(try await db.job(id: "j1"))
      #expect(job.status == .dead)
      #expect(job.lastError == "again")
      #expect(
        try await db.claim(
          queues: ["mail"], token: "t3", leaseUntil: Self.at(200), at: Self.at(150)) == nil)

      // Without a retry time the job dies at once
      _ = try await db.enqueue(Self.newJob(), id: "j2", at: Self.at(0))
      _ = try await db.claim(
        queues: ["mail"], token: "t4", leaseUntil: Self.at(200), at: Self.at(150))
      #expect(
        try await db.fail(id: "j2", token: "t4", error: "fatal", retryAt: nil, at: Self.at(151))
          == true)
      #expect(try await db.job(id: "j2")?.status == .dead)
      #expect(try await db.jobCounts()[.dead, default: 0] == 2)
    }
  }

  @Test(arguments: StoreFactory.all)
  func releaseAndCancel(_ factory: StoreFactory) async throws {
    try await factory.withDatabase { db in
      _ = try await db.enqueue(Self.newJob(), id: "j1", at: Self.at(0))
      _ = try await db.enqueue(Self.newJob(runAt: 1), id: "j2", at: Self.at(0))
      _ = try await db.enqueue(Self.newJob(runAt: 2), id: "j3", at: Self.at(0))

      // Release puts the job back without counting the attempt
      _ = try await db.claim(queues: ["mail"], token: "t1", leaseUntil: Self.at(30), at: Self.at(5))
      #expect(try await db.release(id: "j1", token: "t1", at: Self.at(6)) == true)
      var job = try #require(try await db.job(id: "j1"))
      #expect(job.status == .queued)
      #expect(job.attempts == 0)
      #expect(job.completionToken == nil)
      #expect(try await db.release(id: "j1", token: "t1", at: Self.at(7)) == false)
      job = try #require(
        try await db.claim(queues: ["mail"], token: "t2", leaseUntil: Self.at(30), at: Self.at(8)))
      #expect(job.id == "j1")
      #expect(job.attempts == 1)

      // Cancel stops a running or queued job, once; its token then fails
      #expect(try await db.cancel(id: "j1", at: Self.at(9)) == true)
      #expect(try await db.complete(id: "j1", token: "t2", at: Self.at(10)) == false)
      #expect(try await db.cancel(id: "j2", at: Self.at(9)) == true)
      #expect(try await db.cancel(id: "j2", at: Self.at(10)) == false)
      #expect(try await db.cancel(id: "missing", at: Self.at(10)) == false)
      #expect(try await db.job(id: "j2")?.status == .cancelled)
      let next = try await db.claim(
        queues: ["mail"], token: "t3", leaseUntil: Self.at(30), at: Self.at(10))
      #expect(next?.id == "j3")
      #expect(try await db.complete(id: "j3", token: "t3", at: Self.at(11)) == true)
      #expect(try await db.cancel(id: "j3", at: Self.at(12)) == false)
      let counts = try await db.jobCounts()
      #expect(counts[.cancelled, default: 0] == 2)
      #expect(counts[.succeeded, default: 0] == 1)
    }
  }

  /// Two workers drain 200 jobs concurrently: every job is claimed exactly once.
  @Test(arguments: StoreFactory.all)
  func concurrentClaimersTakeEachJobOnce(_ factory: StoreFactory) async throws {
    try await factory.withDatabase { db in
      let total = 200
      for index in 0..<total {
        _ = try await db.enqueue(Self.newJob(runAt: index % 7), id: "job-\(index)", at: Self.at(0))
      }

      let claimed = try await withThrowingTaskGroup(of: [String].self) { group in
        for worker in 0..<2 {
          group.addTask {
            var ids: [String] = []
            var count = 0
            while let job = try await db.claim(
              queues: ["mail"], token: "w\(worker)-\(count)", leaseUntil: Self.at(3600),
              at: Self.at(10))
            {
              count += 1
              ids.append(job.id)
              #expect(
                try await db.complete(id: job.id, token: job.completionToken ?? "", at: Self.at(11))
              )
            }
            return ids
          }
        }
        var all: [String] = []
        for try await ids in group { all += ids }
        return all
      }

      #expect(claimed.count == total)
      #expect(Set(claimed) == Set((0..<total).map { "job-\($0)" }))
      #expect(try await db.jobCounts()[.succeeded, default: 0] == total)
    }
  }
}
