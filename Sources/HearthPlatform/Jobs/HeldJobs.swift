import Foundation
import Synchronization

/// Jobs a worker claimed ahead of its free slots, oldest first. A job whose lease lapsed (it may
/// be another worker's now) is never started.
package final class HeldJobs: Sendable {
  private let held = Mutex<[Job]>([])

  package init() {}

  package var count: Int { held.withLock { $0.count } }

  package func hold(_ jobs: some Sequence<Job>) {
    held.withLock { $0 += jobs }
  }

  /// Up to `limit` of the oldest held jobs whose lease is still theirs at `now`; the ones whose
  /// lease lapsed are dropped and counted.
  package func take(_ limit: Int, now: Date) -> (jobs: [Job], lapsed: Int) {
    held.withLock { held in
      var jobs: [Job] = []
      var lapsed = 0
      var used = 0
      for job in held where jobs.count < limit {
        used += 1
        if let leaseUntil = job.leaseUntil, leaseUntil > now {
          jobs.append(job)
        } else {
          lapsed += 1
        }
      }
      held.removeFirst(used)
      return (jobs, lapsed)
    }
  }

  /// Every held job, for their leases to be renewed or given back.
  package func snapshot() -> [Job] { held.withLock { $0 } }

  package func takeAll() -> [Job] {
    held.withLock { held in
      defer { held = [] }
      return held
    }
  }

  package func renewed(_ id: String, until leaseUntil: Date) {
    held.withLock { held in
      if let index = held.firstIndex(where: { $0.id == id }) {
        held[index].leaseUntil = leaseUntil
      }
    }
  }

  package func drop(_ id: String) {
    held.withLock { $0.removeAll { $0.id == id } }
  }
}
