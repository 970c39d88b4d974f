import AsyncHTTPClient
import Foundation
import NIOCore

/// How many people one setup holds: people who each keep an event stream open and, between
/// pauses of `think` on average, do one action of `CapacityAction`'s mix. The count grows step by
/// step until the p99 of every request in a step reaches `goal` or a request fails; the most
/// people a step held is the setup's capacity.
struct CapacitySuite {
  var name: String
  var urls: [String]
  var databaseURL: String
  var secret: String
  var serves: Int
  var workers: Int
  var plan: [Int]
  var stepSeconds: Int
  var thinkMilliseconds: Int
  var goal: Double = 100

  func run() async throws -> CapacitySetup {
    let writer = try CapacityPeopleWriter(databaseURL: databaseURL, secret: secret)
    let client = makeHTTPClient(connections: 256)
    let streams = makeHTTPClient(connections: (plan.max() ?? 1) + 8)
    do {
      let setup = try await measure(writer: writer, client: client, streams: streams)
      try await shutdown(writer, client, streams)
      return setup
    } catch {
      try? await shutdown(writer, client, streams)
      throw error
    }
  }

  private func shutdown(_ writer: CapacityPeopleWriter, _ clients: HTTPClient...) async throws {
    for client in clients { try await client.shutdown() }
    try await writer.close()
  }

  private func measure(writer: CapacityPeopleWriter, client: HTTPClient, streams: HTTPClient)
    async throws -> CapacitySetup
  {
    var people: [CapacityPerson] = []
    var steps: [CapacityStep] = []
    var held: Int?
    var failed: Int?
    func step(_ count: Int) async throws {
      try await grow(&people, to: count, writer: writer, client: client)
      let step = try await measureStep(
        Array(people.prefix(count)), client: client, streams: streams)
      steps.append(step)
      note(
        String(
          format: "capacity %@: %d people, %.0f requests/s, p99 %.1f ms, %d errors", name,
          count, step.requestsPerSecond, step.latency.p99, step.errors))
      if step.held(goal) {
        held = max(held ?? 0, count)
      } else {
        failed = min(failed ?? .max, count)
      }
    }
    try await grow(&people, to: 1, writer: writer, client: client)
    try await warm(people[0], client: client)
    for count in plan {
      try await step(count)
      if failed != nil { break }
    }
    // Twice halfway between the most held and the fewest not held.
    for _ in 0..<2 {
      guard let low = held, let high = failed, high - low > max(2, low / 8) else { break }
      try await step((low + high) / 2)
    }
    return CapacitySetup(
      name: name, serves: serves, workers: workers,
      database: databaseURL.hasPrefix("sqlite") ? "SQLite" : "PostgreSQL", steps: steps,
      capacity: held)
  }

  func base(of person: CapacityPerson) -> String { urls[person.index % urls.count] }

  /// Onpu's dictionaries and analyzer loaded before anything is timed, on every serve.
  private func warm(_ person: CapacityPerson, client: HTTPClient) async throws {
    for url in urls {
      try await OnpuFirstUse(base: url, token: person.accessToken, songs: 1).run()
    }
  }

  /// Adds people up to `count`, each with an Auralyst journal to write in.
  private func grow(
    _ people: inout [CapacityPerson], to count: Int, writer: CapacityPeopleWriter,
    client: HTTPClient
  ) async throws {
    guard people.count < count else { return }
    let start = people.count
    let added = try await withThrowingTaskGroup(of: CapacityPerson.self) { group in
      var added: [CapacityPerson] = []
      var next = start
      func add() {
        let index = next
        next += 1
        group.addTask {
          var person = try await writer.person(index)
          person.journalID = try await journal(for: person, client: client)
          return person
        }
      }
      while next < min(count, start + 16) { add() }
      while let person = try await group.next() {
        added.append(person)
        if next < count { add() }
      }
      return added
    }
    people += added.sorted { $0.index < $1.index }
  }

  private func journal(for person: CapacityPerson, client: HTTPClient) async throws -> String {
    var request = HTTPClientRequest(url: base(of: person) + "/api/auralyst/journals")
    request.method = .POST
    request.headers.add(name: "Authorization", value: "Bearer \(person.accessToken)")
    request.headers.add(name: "Content-Type", value: "application/json")
    request.headers.add(name: "X-Forwarded-For", value: person.address)
    request.body = .bytes(ByteBuffer(string: #"{"title": "Journal"}"#))
    let created = try await jsonObject(client, request)
    guard let journal = created["journal"] as? [String: Any], let id = journal["id"] as? String
    else { throw BenchError("creating a journal answered no journal id: \(created)") }
    return id
  }
}
