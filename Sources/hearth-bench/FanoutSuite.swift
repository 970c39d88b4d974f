import AsyncHTTPClient
import Foundation
import HearthCore
import HearthEngines
import HearthHost
import HearthPlatform
import HearthSQLite
import HearthServer
import Hummingbird
import NIOCore
import ServiceLifecycle

struct FanoutRun: Codable, Sendable {
  /// nil: the in-process server; else the separate server measured, like "hearth serve".
  var server: String?
  var subscribers: Int
  var events: Int
  var intervalMilliseconds: Int
  /// Each gap is drawn from interval ± jitter (uniform), so appends do not phase-lock with a timer.
  var jitterMilliseconds: Int?
  var expectedDeliveries: Int
  var deliveries: Int
  /// Just before `appendEvent` to the arrival of the `data:` line, over every delivery.
  var latency: Distribution
  /// How long `appendEvent` itself took.
  var appendLatency: Distribution
  /// The separate server's resident memory (KiB): before the streams opened, with every stream
  /// open, and after the events were delivered.
  var residentBeforeKiB: Int?
  var residentOpenKiB: Int?
  var residentAfterKiB: Int?
}

struct FanoutResult: Codable, Sendable {
  var info: RunInfo
  var runs: [FanoutRun]
}

/// Starts a test-less, in-process Hearth on SQLite and a loopback port, for the fan-out suite.
struct LiveServer {
  let env: HearthEnvironment
  let port: Int
  let group: ServiceGroup
  let task: Task<Void, any Error>

  static func start(databasePath: String) async throws -> LiveServer {
    for suffix in ["", "-wal", "-shm"] {
      try? FileManager.default.removeItem(atPath: databasePath + suffix)
    }
    var config = HearthConfig.testing(databasePath: databasePath)
    config.port = try freeLoopbackPort()
    // One account holds every stream of the run.
    config.streamsPerAccount = 100_000
    config.connectionsPerAddress = 100_000
    let env = try await Bootstrap.environment(config)
    let application = HearthApplication(env: env).buildApplication()
    // What `runService` does, minus the signal handlers, so that the run can end gracefully.
    let group = ServiceGroup(
      configuration: .init(services: [application], gracefulShutdownSignals: [], logger: env.logger)
    )
    let task = Task { try await group.run() }
    return LiveServer(env: env, port: config.port, group: group, task: task)
  }

  /// Shuts down gracefully, or cancels after 10 s.
  func stop() async {
    await group.triggerGracefulShutdown()
    let task = task
    let watchdog = Task {
      try await Task.sleep(for: .seconds(10))
      task.cancel()
    }
    _ = await task.result
    watchdog.cancel()
    try? await env.database.close()
  }
}

/// Waits for GET /healthz, signs one person up and returns (user id, access token).
func waitAndSignUp(_ client: HTTPClient, base: String, email: String) async throws
  -> (String, String)
{
  let deadline = monotonicNanos() + 30_000_000_000
  while true {
    if let response = try? await client.execute(
      HTTPClientRequest(url: base + "/healthz"), timeout: .seconds(2)),
      response.status == .ok
    {
      break
    }
    guard monotonicNanos() < deadline else { throw BenchError("\(base)/healthz never answered") }
    try await Task.sleep(for: .milliseconds(100))
  }
  var request = HTTPClientRequest(url: base + "/api/auth/signup")
  request.method = .POST
  request.headers.add(name: "Content-Type", value: "application/json")
  let body: [String: String] = [
    "email": email, "displayName": "Bench", "password": "bench-password-\(UUID().uuidString)",
  ]
  request.body = .bytes(ByteBuffer(bytes: try JSONEncoder().encode(body)))
  let response = try await client.execute(request, timeout: .seconds(30))
  let data = Data(buffer: try await response.body.collect(upTo: 1 << 20))
  guard response.status == .created,
    let object = try JSONSerialization.jsonObject(with: data) as? [String: Any],
    let token = object["accessToken"] as? String,
    let user = object["user"] as? [String: Any], let id = user["id"] as? String
  else {
    throw BenchError(
      "sign-up answered \(response.status): \(String(decoding: data, as: UTF8.self))")
  }
  return (id, token)
}

func makeHTTPClient(connections: Int) -> HTTPClient {
  var configuration = HTTPClient.Configuration()
  configuration.connectionPool = .init(
    idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: connections)
  configuration.timeout = .init(connect: .seconds(10))
  return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
}

/// A `hearth serve` started by scripts/bench, for the run at scale: its own process, so its
/// memory per stream can be read.
struct SeparateServer {
  var url: String
  var pid: Int32
  /// Its SQLite file: events are appended there, and its event hub reads them.
  var databasePath: String
  var subscribers: Int
  var events: Int
  var interval: Int

  /// VmRSS of the process, in KiB.
  func resident() -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else {
      return nil
    }
    let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") }
    return line?.split(separator: " ").dropFirst().first.flatMap { Int($0) }
  }
}

struct FanoutSuite {
  var databasePath: String
  var subscriberCounts: [Int]
  var events: Int
  var interval: Int
  var jitter: Int
  var separate: SeparateServer?

  func run() async throws -> FanoutResult {
    var result = FanoutResult(info: .current(), runs: [])
    let server = try await LiveServer.start(databasePath: databasePath)
    let client = makeHTTPClient(connections: 8)
    do {
      let base = "http://127.0.0.1:\(server.port)"
      let (userID, token) = try await waitAndSignUp(client, base: base, email: "fanout@example.com")
      for count in subscriberCounts {
        result.runs.append(
          try await measure(
            base: base, events: server.env.database, userID: userID,
            token: token, subscribers: count, eventCount: events, interval: interval))
      }
    } catch {
      try? await client.shutdown()
      await server.stop()
      throw error
    }
    try await client.shutdown()
    await server.stop()
    if let separate { result.runs.append(try await measure(separate)) }
    return result
  }

  /// The run at scale, against the separate server, with its memory before, during and after.
  func measure(_ separate: SeparateServer) async throws -> FanoutRun {
    let client = makeHTTPClient(connections: 8)
    let database = try SQLiteDatabase(path: separate.databasePath)
    do {
      let (userID, token) = try await waitAndSignUp(
        client, base: separate.url, email: "fanout-scale@example.com")
      let before = separate.resident()
      var run = try await measure(
        base: separate.url, events: database, userID: userID, token: token,
        subscribers: separate.subscribers, eventCount: separate.events,
        interval: separate.interval, whenOpen: { separate.resident() })
      run.server = "hearth serve"
      run.residentBeforeKiB = before
      run.residentAfterKiB = separate.resident()
      try await client.shutdown()
      try await database.close()
      return run
    } catch {
      try? await client.shutdown()
      try? await database.close()
      throw error
    }
  }

  /// Opens the streams (in waves, so that the listen queue keeps up), then appends events to
  /// `events` and times each one's arrival on every stream.
  func measure(
    base: String, events store: any EventStore, userID: String,
    token: String, subscribers: Int, eventCount events: Int, interval: Int,
    whenOpen: () -> Int? = { nil }
  ) async throws -> FanoutRun {
    note("fanout: \(subscribers) subscribers, \(events) events \(interval)±\(jitter) ms apart")
    // sent[k]: monotonic time just before event k was appended.
    var sent = Array(repeating: Int64(0), count: events)
    // received[s][k]: monotonic time event k arrived at subscriber s, once it did.
    let received = Shared<[[Int64?]]>(
      Array(repeating: Array(repeating: nil, count: events), count: subscribers))
    let connected = Shared(0)
    let finished = Shared(0)
    let failures = Shared<[String]>([])

    var readers: [Task<Void, Never>] = []
    let connectDeadline = monotonicNanos() + 120_000_000_000
    for index in 0..<subscribers {
      if index % 500 == 0 {
        try await Self.waitUntil(connected, reaches: index, failures: failures, by: connectDeadline)
      }
      let probe = try StreamProbe(
        base: base, token: token, index: index, events: events, connected: connected)
      readers.append(
        Task {
          do {
            try await probe.read { arrivals in
              received.with { $0[index] = arrivals }
              finished.with { $0 += 1 }
            }
          } catch is CancellationError {
          } catch {
            failures.with { $0.append(String(describing: error)) }
            finished.with { $0 += 1 }
          }
        })
    }
    defer { for reader in readers { reader.cancel() } }

    try await Self.waitUntil(
      connected, reaches: subscribers, failures: failures, by: connectDeadline)
    try await Task.sleep(for: .milliseconds(300))
    let residentOpen = whenOpen()

    let clock = ContinuousClock()
    var next = clock.now
    var appendLatencies: [Double] = []
    for k in 0..<events {
      try await Task.sleep(until: next, clock: clock)
      next = next + .milliseconds(interval + Int.random(in: -jitter...jitter))
      let before = monotonicNanos()
      sent[k] = before
      try await store.appendEvent(
        NewEvent(type: "bench.tick", audience: .user(userID), payload: "{\"i\":\(k)}"),
        at: Date())
      appendLatencies.append(milliseconds(monotonicNanos() - before))
    }

    let deadline = monotonicNanos() + 10_000_000_000
    while finished.value < subscribers, monotonicNanos() < deadline {
      try await Task.sleep(for: .milliseconds(10))
    }
    for reader in readers { reader.cancel() }
    for reader in readers { await reader.value }
    if let failure = failures.value.first { note("fanout: a stream failed: \(failure)") }

    let arrivals = received.value
    let delays = arrivals.flatMap { arrivals in
      zip(arrivals, sent).compactMap { arrived, sentAt in arrived.map { $0 - sentAt } }
    }
    let slowest = (0..<events).map { k in
      arrivals.compactMap { $0[k].map { $0 - sent[k] } }.max().map(milliseconds) ?? -1
    }
    note(
      "fanout: each event's slowest delivery (ms): "
        + slowest.map { String(format: "%.0f", $0) }.joined(separator: " "))
    let run = FanoutRun(
      subscribers: subscribers, events: events, intervalMilliseconds: interval,
      jitterMilliseconds: jitter,
      expectedDeliveries: subscribers * events, deliveries: delays.count,
      latency: Distribution(delays.map(milliseconds)),
      appendLatency: Distribution(appendLatencies), residentOpenKiB: residentOpen)
    note(
      String(
        format: "fanout: %d/%d delivered, p50 %.1f ms, p99 %.1f ms, max %.1f ms",
        run.deliveries, run.expectedDeliveries, run.latency.p50, run.latency.p99,
        run.latency.max))
    return run
  }

  static func waitUntil(
    _ connected: Shared<Int>, reaches count: Int, failures: Shared<[String]>, by deadline: Int64
  ) async throws {
    while connected.value < count {
      if let failure = failures.value.first { throw BenchError("a stream failed: \(failure)") }
      guard monotonicNanos() < deadline else {
        throw BenchError("only \(connected.value) of \(count) streams connected")
      }
      try await Task.sleep(for: .milliseconds(10))
    }
  }
}
