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
    let giveUp = ContinuousClock.now + .seconds(patience)
    while true {
      let seen = await env.jobSettled.generation
      let due = try await dueJobs()
      if due == 0 { return JSONBody.response(SettledBody(due: 0)) }
      guard ContinuousClock.now < giveUp else {
        throw APIErrorResponse(
          APIError(
            status: 503, code: "jobs_unsettled",
            message: "\(due) jobs are still due or running after \(patience) seconds."))
      }
      await env.jobSettled.wait(since: seen, timeout: .milliseconds(100))
    }
  }

  /// Returns once no job is running (claimed, held, or its outcome not yet recorded), or when
  /// `patience` has passed.
  func runningJobsFinish(patience: Duration) async throws {
    let giveUp = ContinuousClock.now + patience
    while ContinuousClock.now < giveUp {
      let seen = await env.jobSettled.generation
      let row = try await env.database.row(
        "SELECT count(*) AS running FROM jobs WHERE status = 'running'")
      if try (row?["running"] ?? 0) == 0 { return }
      await env.jobSettled.wait(since: seen, timeout: .milliseconds(100))
    }
    env.logger.warning("The test clock moves while jobs still run; their leases may lapse")
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
