import Foundation
import HearthCore
import HearthTesting
import NIOConcurrencyHelpers
import Testing

@testable import HearthPlatform

/// Completions that finish while one write is in flight go together in the next write.
@Suite struct JobCompletionsTests {
  /// The real store, with each `complete` call counted; the first waits for `opened`, so that
  /// the others pile up behind it.
  struct CountedStore: JobStore {
    let store: any JobStore
    let batches = NIOLockedValueBox<[Int]>([])
    let gate = AsyncStream<Void>.makeStream()

    func open() { gate.continuation.yield() }

    func complete(_ completions: [JobCompletion], at: Date) async throws -> Set<String> {
      let first = batches.withLockedValue { batches in
        batches.append(completions.count)
        return batches.count == 1
      }
      if first {
        for await _ in gate.stream { break }
      }
      return try await store.complete(completions, at: at)
    }

    func enqueueMany(_ jobs: [NewJob], ids: [String], at: Date) async throws -> [Job] {
      try await store.enqueueMany(jobs, ids: ids, at: at)
    }
    func claim(queues: [String], limit: Int, token: String, leaseUntil: Date, at: Date)
      async throws -> [Job]
    {
      try await store.claim(
        queues: queues, limit: limit, token: token, leaseUntil: leaseUntil, at: at)
    }
    func heartbeat(id: String, token: String, leaseUntil: Date, at: Date) async throws -> Bool {
      try await store.heartbeat(id: id, token: token, leaseUntil: leaseUntil, at: at)
    }
    func fail(id: String, token: String, error: String, retryAt: Date?, at: Date) async throws
      -> Bool
    {
      try await store.fail(id: id, token: token, error: error, retryAt: retryAt, at: at)
    }
    func release(id: String, token: String, at: Date) async throws -> Bool {
      try await store.release(id: id, token: token, at: at)
    }
    func cancel(id: String, at: Date) async throws -> Bool {
      try await store.cancel(id: id, at: at)
    }
    func job(id: String) async throws -> Job? { try await store.job(id: id) }
    func jobCounts() async throws -> [JobStatus: Int] { try await store.jobCounts() }
  }

  @Test func completionsThatFinishTogetherAreWrittenTogether() async throws {
    let server = try await TestServer()
    let db = server.env.database
    let now = server.env.now()
    let ids = (0..<100).map { "j\($0)" }
    _ = try await db.enqueueMany(
      ids.map { _ in NewJob(queue: "q", runAt: now) }, ids: ids, at: now)
    let claimed = try await db.claim(
      queues: ["q"], limit: 100, token: "T", leaseUntil: now + 60, at: now)
    #expect(claimed.count == 100)

    let counted = CountedStore(store: db)
    let completions = JobCompletions(database: counted, now: { now + 1 })
    // One with a token that is not current: refused, without holding up the others
    let results = try await withThrowingTaskGroup(of: (String, Bool).self) { group in
      for id in ids {
        group.addTask {
          (id, try await completions.record(JobCompletion(id: id, token: id == "j7" ? "X" : "T")))
        }
      }
      // Every completion is in the first write or waiting behind it
      while await completions.waiting + (counted.batches.withLockedValue(\.first) ?? 0) < ids.count
      {
        await Task.yield()
      }
      counted.open()
      return try await group.reduce(into: [String: Bool]()) { $0[$1.0] = $1.1 }
    }

    #expect(results.count == 100)
    #expect(results.filter { !$0.value }.map(\.key) == ["j7"])
    #expect(try await db.jobCounts()[.succeeded] == 99)
    let batches = counted.batches.withLockedValue { $0 }
    #expect(batches.reduce(0, +) == 100)
    #expect(batches.count <= 5, "100 completions took \(batches.count) writes: \(batches)")
  }
}
