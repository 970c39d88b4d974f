import AsyncHTTPClient
import Foundation
import NIOCore

struct CapacityStep: Codable, Sendable {
  var people: Int
  var seconds: Double
  var requests: Int
  var requestsPerSecond: Double
  var latency: Distribution
  var errors: Int
  var firstError: String?
  var streamsOpen: Int
  var eventsReceived: Int
  var byAction: [String: Distribution]

  func held(_ goal: Double) -> Bool { latency.p99 < goal && errors == 0 && requests > 0 }
}

struct CapacitySetup: Codable, Sendable {
  var name: String
  var serves: Int
  var workers: Int
  var database: String
  var steps: [CapacityStep]
  /// The most people a step held; nil when none did.
  var capacity: Int?
}

struct CapacityResult: Codable, Sendable {
  struct Share: Codable, Sendable {
    var action: String
    var percent: Int
  }
  var info: RunInfo
  var cores: Int
  var thinkMilliseconds: Int
  var stepSeconds: Int
  var goalMilliseconds: Double
  var mix: [Share]
  var setups: [CapacitySetup]
}

extension CapacitySuite {
  private struct Sample: Sendable {
    var action: CapacityAction
    var milliseconds: Double
  }

  /// Every person opens their stream, then acts until the step's time is up; what starts in its
  /// first fifth (the ramp) is not counted.
  func measureStep(_ people: [CapacityPerson], client: HTTPClient, streams: HTTPClient)
    async throws -> CapacityStep
  {
    let connected = Shared(0)
    let events = Shared(0)
    let failures = Shared<[String]>([])
    var readers: [Task<Void, Never>] = []
    let connectDeadline = monotonicNanos() + 120_000_000_000
    for (offset, person) in people.enumerated() {
      if offset % 500 == 0 {
        try await FanoutSuite.waitUntil(
          connected, reaches: offset, failures: failures, by: connectDeadline)
      }
      readers.append(
        Task {
          do {
            try await stream(person, client: streams, connected: connected, events: events)
          } catch is CancellationError {
          } catch {
            failures.with { $0.append("stream: \(error)") }
          }
        })
    }
    defer { for reader in readers { reader.cancel() } }
    try await FanoutSuite.waitUntil(
      connected, reaches: people.count, failures: failures, by: connectDeadline)

    let samples = Shared<[Sample]>([])
    let errors = Shared<[String]>([])
    let start = monotonicNanos()
    let counted = start + Int64(stepSeconds) * 200_000_000
    let end = start + Int64(stepSeconds) * 1_000_000_000
    let think = Double(thinkMilliseconds)
    await withTaskGroup(of: Void.self) { group in
      for person in people {
        group.addTask {
          var pause = Double.random(in: 0..<think)
          while true {
            try? await Task.sleep(for: .milliseconds(Int(pause)))
            let began = monotonicNanos()
            guard began < end else { return }
            let roll = Int.random(in: 0..<1_000_000)
            let action = CapacityAction.pick(roll)
            let failure = await act(action, person: person, roll: roll / 100, client: client)
            let took = milliseconds(monotonicNanos() - began)
            if began >= counted {
              samples.with { $0.append(Sample(action: action, milliseconds: took)) }
              if let failure { errors.with { $0.append("\(action.rawValue): \(failure)") } }
            }
            // Exponential pauses: people act independently of each other.
            pause = -think * log(1 - Double.random(in: 0..<1))
          }
        }
      }
    }
    let seconds = Double(end - counted) / 1e9
    let all = samples.value
    let open = connected.value
    for reader in readers { reader.cancel() }
    for reader in readers { await reader.value }
    return CapacityStep(
      people: people.count, seconds: seconds, requests: all.count,
      requestsPerSecond: Double(all.count) / seconds,
      latency: Distribution(all.map(\.milliseconds)),
      errors: errors.value.count + failures.value.count,
      firstError: errors.value.first ?? failures.value.first, streamsOpen: open,
      eventsReceived: events.value,
      byAction: Dictionary(grouping: all, by: \.action.rawValue).mapValues {
        Distribution($0.map(\.milliseconds))
      })
  }

  /// Nil when the answer was a success, else what went wrong.
  private func act(
    _ action: CapacityAction, person: CapacityPerson, roll: Int, client: HTTPClient
  ) async -> String? {
    do {
      let request = try action.request(for: person, base: base(of: person), roll: roll)
      let response = try await client.execute(request, timeout: .seconds(30))
      let body = try await response.body.collect(upTo: 1 << 24)
      guard (200..<400).contains(Int(response.status.code)) else {
        return "\(response.status): \(String(buffer: body).prefix(200))"
      }
      return nil
    } catch {
      return String(describing: error)
    }
  }

  private func stream(
    _ person: CapacityPerson, client: HTTPClient, connected: Shared<Int>, events: Shared<Int>
  ) async throws {
    var request = HTTPClientRequest(url: base(of: person) + "/api/events")
    request.headers.add(name: "Authorization", value: "Bearer \(person.accessToken)")
    request.headers.add(name: "Accept", value: "text/event-stream")
    request.headers.add(name: "X-Forwarded-For", value: person.address)
    let response = try await client.execute(request, timeout: .seconds(3600))
    guard response.status == .ok else { throw BenchError("GET /api/events: \(response.status)") }
    var pending = ""
    for try await chunk in response.body {
      pending += String(buffer: chunk)
      while let newline = pending.firstIndex(of: "\n") {
        let line = pending[..<newline]
        if line == ": connected" {
          connected.with { $0 += 1 }
        } else if line.hasPrefix("data: ") {
          events.with { $0 += 1 }
        }
        pending = String(pending[pending.index(after: newline)...])
      }
    }
  }
}
