import HearthCore
import HearthOpenAPI
import HearthSQL
import Hummingbird

extension DiagnosticsController {
  /// How long `settled` waits for the jobs before it gives up, unless `timeout` says.
  static let settlePatience = 20

  /// `{"due": 0}`: no job is due or running.
  package struct SettledBody: Codable {
    var due: Int
  }

  /// Answers once no job is due or running, so that a test reads a quiet server instead of
  /// sleeping; 503 with the count when the jobs have not settled within `timeout` seconds.
  @Sendable func settled(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    _ = try context.requireCaller()
    let patience =
      try EventsController.integer(request, "timeout", range: 0...30) ?? Self.settlePatience
    let due = try await untilNone(of: dueJobs, patience: .seconds(patience))
    guard due == 0 else {
      throw APIErrorResponse(
        APIError(
          status: 503, code: "jobs_unsettled",
          message: "\(due) jobs are still due or running after \(patience) seconds."))
    }
    return JSONBody.response(SettledBody(due: 0))
  }

  /// Returns once no job is running (claimed, held, or its outcome not yet recorded), or when
  /// `patience` has passed.
  func runningJobsFinish(patience: Duration) async throws {
    let running = try await untilNone(of: runningJobs, patience: patience)
    if running > 0 {
      env.logger.warning("The test clock moves while jobs still run; their leases may lapse")
    }
  }

  /// Looks again at `count` each time a job settles, until it is 0 or `patience` has passed;
  /// the last count.
  private func untilNone(of count: () async throws -> Int, patience: Duration) async throws -> Int {
    let giveUp = ContinuousClock.now + patience
    while true {
      let seen = await env.jobSettled.generation
      let left = try await count()
      if left == 0 || ContinuousClock.now >= giveUp { return left }
      await env.jobSettled.wait(since: seen, timeout: .milliseconds(100))
    }
  }

  private func runningJobs() async throws -> Int {
    let row = try await env.database.row(
      "SELECT count(*) AS running FROM jobs WHERE status = 'running'")
    return try row?["running"] ?? 0
  }

  private func dueJobs() async throws -> Int {
    let row = try await env.database.row(
      """
      SELECT count(*) AS due FROM jobs
      WHERE status = 'running' OR (status = 'queued' AND run_at <= \(env.now()))
      """)
    return try row?["due"] ?? 0
  }
}
