import HearthCore
import HearthPlatform

extension HearthEnvironment {
  /// Returns once `settled` holds, counting again each time a worker of this process settles
  /// a job, or once no job has settled for `patience` (a test then finds what was done).
  public func untilJobs(
    patience: Duration = .seconds(10), _ settled: ([JobStatus: Int]) -> Bool
  ) async throws {
    while true {
      let seen = await jobSettled.generation
      if settled(try await database.jobCounts()) { return }
      await jobSettled.wait(since: seen, timeout: patience)
      if await jobSettled.generation == seen { return }
    }
  }

  /// Returns once no job is queued or running (or none has settled for `patience`).
  public func untilNoJobWaits(patience: Duration = .seconds(10)) async throws {
    try await untilJobs(patience: patience) {
      $0[.queued, default: 0] + $0[.running, default: 0] == 0
    }
  }
}
