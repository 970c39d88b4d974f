import CanonicalJSON
import Foundation
import HearthCore
import HearthOpenAPI
import HearthSQL
import Hummingbird

/// Probe jobs for checking the job system end to end; not served in production.
package struct DiagnosticsController: Sendable {
  package static let queue = "hearth.probe"
  package let env: HearthEnvironment

  package init(env: HearthEnvironment) {
    self.env = env
  }

  package struct Probe: Codable {
    var userID: String
    var sleepMs: Int
  }

  package struct ProbeInput: Decodable, JSONSchemaRefined {
    var sleepMs: Int?
    var idempotencyKey: String?
    /// Probes to enqueue at once, with `enqueueMany`.
    var count: Int?

    package static let schemaRefinements: [String: JSON] = [
      "sleepMs": ["minimum": 0, "maximum": 5000],
      "count": ["minimum": 1, "maximum": 100],
    ]
  }

  package struct JobBody: Codable {
    var id, status: String
    var attempts, maxAttempts: Int
    var lastError: String?

    init(_ job: Job) {
      id = job.id
      status = job.status.rawValue
      attempts = job.attempts
      maxAttempts = job.maxAttempts
      lastError = job.lastError
    }
  }

  /// `{"job": ...}`, the answer of both routes; enqueueing a `count` adds every job as `jobs`.
  package struct JobEnvelope: Codable {
    var job: JobBody
    var jobs: [JobBody]?
  }

  /// Sleeps, then announces `debug.job.completed` to its owner, once.
  package static func handler() -> JobHandler {
    { context in
      let probe = try JSONDecoder().decode(Probe.self, from: Data(context.job.payload.utf8))
      try await Task.sleep(for: .milliseconds(probe.sleepMs))
      context.emit(
        NewEvent(
          type: "debug.job.completed", audience: .user(probe.userID),
          payload: #"{"jobId":"\#(context.job.id)","attempt":\#(context.job.attempts)}"#))
    }
  }

  package struct ClockInput: Decodable, JSONSchemaRefined {
    var advanceSeconds: Double?

    package static let schemaRequired = ["advanceSeconds"]
    package static let schemaRefinements: [String: JSON] = [
      "advanceSeconds": ["minimum": 0, "maximum": 31_536_000]
    ]
  }

  package struct ClockBody: Codable {
    var now: Date
  }

  package func register(_ api: APIRouteTable) {
    api.add(
      APIOperation(
        .post, "/api/debug/jobs", summary: "Enqueue a probe job (development only)",
        tag: "diagnostics",
        requestBody: Schemas.of(ProbeInput.self),
        responses: [(202, Schemas.of(JobEnvelope.self))], errors: [400, 401, 413]),
      use: enqueueProbe)
    api.add(
      APIOperation(
        .get, "/api/debug/jobs/:id", summary: "A probe job's state (development only)",
        tag: "diagnostics", responses: [(200, Schemas.of(JobEnvelope.self))], errors: [401, 404]),
      use: probeJob)
    api.add(
      APIOperation(
        .get, "/api/debug/settled",
        summary: "Wait until no job is due or running, up to timeout seconds (development only)",
        tag: "diagnostics",
        query: [("timeout", ["type": "integer", "minimum": 0, "maximum": 30], false)],
        responses: [(200, Schemas.of(SettledBody.self))], errors: [400, 401, 503]),
      use: settled)
    guard env.clockShift != nil else { return }
    api.add(
      APIOperation(
        .post, "/api/debug/clock",
        summary: "Move the server's clock forward (HEARTH_TEST_CLOCK, development only)",
        tag: "diagnostics", requestBody: Schemas.of(ClockInput.self),
        responses: [(200, Schemas.of(ClockBody.self))], errors: [400, 401, 413]),
      use: advanceClock)
  }

  @Sendable func advanceClock(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    _ = try context.requireCaller()
    let input = try await JSONBody.decode(
      ClockInput.self, from: request, route: "POST /api/debug/clock")
    guard let seconds = input.advanceSeconds, (0...31_536_000).contains(seconds) else {
      throw APIErrorResponse(
        .invalid("advanceSeconds", "advanceSeconds must be from 0 to 31536000 (a year)."))
    }
    // A job still running would look abandoned once the clock passed its lease, and run twice.
    if seconds > 0 { try await runningJobsFinish(patience: .seconds(5)) }
    env.clockShift?.advance(by: seconds)
    await env.jobWakeup.signal()
    return JSONBody.response(ClockBody(now: env.now()))
  }

  @Sendable func enqueueProbe(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let caller = try context.requireCaller()
    let input = try await JSONBody.decode(
      ProbeInput.self, from: request, route: "POST /api/debug/jobs")
    let sleep = input.sleepMs ?? 0
    guard (0...5000).contains(sleep) else {
      throw APIErrorResponse(.invalid("sleepMs", "sleepMs must be from 0 to 5000."))
    }
    let count = input.count ?? 1
    guard (1...100).contains(count) else {
      throw APIErrorResponse(.invalid("count", "count must be from 1 to 100."))
    }
    let key = input.idempotencyKey.map { caller.user.id + ":" + $0 }
    guard (key?.count ?? 0) <= 200 else {
      throw APIErrorResponse(.invalid("idempotencyKey", "idempotencyKey is too long."))
    }
    guard key == nil || input.count == nil else {
      throw APIErrorResponse(.invalid("count", "count cannot go with an idempotencyKey."))
    }
    let payload = try JSONEncoder().encode(Probe(userID: caller.user.id, sleepMs: sleep))
    let job = NewJob(
      queue: Self.queue, payload: String(decoding: payload, as: UTF8.self), runAt: env.now(),
      idempotencyKey: key)
    guard input.count != nil else {
      let stored = try await env.enqueue(job)
      return JSONBody.response(JobEnvelope(job: JobBody(stored)), status: .accepted)
    }
    let stored = try await env.enqueueMany(Array(repeating: job, count: count))
    return JSONBody.response(
      JobEnvelope(job: JobBody(stored[0]), jobs: stored.map(JobBody.init)), status: .accepted)
  }

  /// The probe job named in the path, when the caller enqueued it.
  @Sendable func probeJob(_ request: Request, _ context: AppRequestContext) async throws -> Response
  {
    let caller = try context.requireCaller()
    guard let id = context.parameters.get("id"), let job = try await env.database.job(id: id),
      job.queue == Self.queue,
      let probe = try? JSONDecoder().decode(Probe.self, from: Data(job.payload.utf8)),
      probe.userID == caller.user.id
    else { throw APIErrorResponse(.notFound("job")) }
    return JSONBody.response(JobEnvelope(job: JobBody(job)))
  }
}
