import Foundation
import HearthSQL

/// Records finished attempts in batches: the attempts that finish while one batch is written
/// go together in the next, so a busy worker writes many per statement and a quiet one writes
/// each at once.
package actor JobCompletions {
  /// Most completions per write.
  static let batchLimit = 500

  private let database: any JobStore
  private let now: @Sendable () -> Date
  private var pending: [(JobCompletion, CheckedContinuation<Bool, any Error>)] = []
  private var writing = false

  package init(database: any JobStore, now: @escaping @Sendable () -> Date) {
    self.database = database
    self.now = now
  }

  /// Completions waiting for the write in progress to end.
  package var waiting: Int { pending.count }

  /// Whether the completion was recorded: false when the job's token is no longer current.
  package func record(_ completion: JobCompletion) async throws -> Bool {
    try await withCheckedThrowingContinuation { continuation in
      pending.append((completion, continuation))
      guard !writing else { return }
      writing = true
      Task { await self.writePending() }
    }
  }

  private func writePending() async {
    while !pending.isEmpty {
      let batch = pending.prefix(Self.batchLimit)
      pending.removeFirst(batch.count)
      do {
        let recorded = try await database.complete(batch.map(\.0), at: now())
        for (completion, continuation) in batch {
          continuation.resume(returning: recorded.contains(completion.id))
        }
      } catch {
        for (_, continuation) in batch { continuation.resume(throwing: error) }
      }
    }
    writing = false
  }
}
