import Foundation
import Synchronization

/// Jobs a worker claimed ahead of its free slots: oldest first, each with the time its lease
/// runs out, so that a job whose lease lapsed (and may be another worker's now) is never started.
package final class HeldJobs: Sendable {
  private struct Held {
    var job: Job
    var leaseUntil: Date
  }

  private let held = Mutex<[Held]>([])

  package init() {}

  package var count: Int { held.withLock { $0.count } }

  package func hold(_ jobs: some Sequence<Job>, leaseUntil: Date) {
    held.withLock { $0 += jobs.map { Held(job: $0, leaseUntil: leaseUntil) } }
  }

  /// Up to `limit` of the oldest held jobs whose lease is still theirs at `now`; the ones whose
  /// lease lapsed are dropped and counted.
  package func take(_ limit: Int, now: Date) -> (jobs: [Job], lapsed: Int) {
    held.withLock { held in
      var jobs: [Job] = []
      var lapsed = 0
      var used = 0
      for entry in held where jobs.count < limit {
        used += 1
        if entry.leaseUntil > now { jobs.append(entry.job) } else { lapsed += 1 }
      }
      held.removeFirst(used)
      return (jobs, lapsed)
    }
  }

  /// Every held job, for their leases to be renewed or given back.
  package func snapshot() -> [Job] { held.withLock { $0.map(\.job) } }

  package func takeAll() -> [Job] {
    held.withLock { held in
      defer { held = [] }
      return held.map(\.job)
    }
  }

  package func renewed(_ id: String, until leaseUntil: Date) {
    held.withLock { held in
      if let index = held.firstIndex(where: { $0.job.id == id }) {
        held[index].leaseUntil = leaseUntil
      }
    }
  }

  package func drop(_ id: String) {
    held.withLock { $0.removeAll { $0.job.id == id } }
  }
}
