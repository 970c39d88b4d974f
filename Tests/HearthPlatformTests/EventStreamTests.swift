import AsyncHTTPClient
import Foundation
import HearthPlatform
import HearthTesting
import HummingbirdTesting
import NIOCore
import Testing

/// The SSE stream over a real socket.
@Suite struct EventStreamTests {
  /// Reads SSE messages until `count` data lines arrived or the stream ended.
  static func readMessages(
    port: Int, token: String, lastEventID: String? = nil, query: String = "", count: Int,
    whileOpen: @escaping @Sendable () async throws -> Void = {}
  ) async throws -> (ids: [Int], types: [String], ended: Bool) {
    var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)/api/events\(query)")
    request.headers.add(name: "Authorization", value: "Bearer \(token)")
    request.headers.add(name: "Accept", value: "text/event-stream")
    if let lastEventID { request.headers.add(name: "Last-Event-ID", value: lastEventID) }
    let response = try await HTTPClient.shared.execute(request, timeout: .seconds(10))
    #expect(response.headers.first(name: "content-type") == "text/event-stream")
    let trigger = Task { try await whileOpen() }
    defer { trigger.cancel() }
    var ids: [Int] = []
    var types: [String] = []
    var buffer = ""
    var ended = true
    for try await chunk in response.body {
      buffer += String(buffer: chunk)
      while let end = buffer.range(of: "\n\n") {
        let message = buffer[..<end.lowerBound]
        buffer = String(buffer[end.upperBound...])
        for line in message.split(separator: "\n") {
          if line.hasPrefix("id: ") { ids.append(Int(line.dropFirst(4)) ?? -1) }
          if line.hasPrefix("data: "),
            let object = try? JSONSerialization.jsonObject(with: Data(line.dropFirst(6).utf8))
              as? [String: Any], let type = object["type"] as? String
          {
            types.append(type)
          }
        }
      }
      if types.count >= count {
        ended = false
        break
      }
    }
    return (ids, types, ended)
  }

  @Test func streamDeliversResumesAndStopsWhenTheSessionEnds() async throws {
    let server = try await TestServer()
    try await server.run(.live) { client in
      let port = try #require(client.port)
      let ann = try await client.signup("sse@example.com")
      let bob = try await client.signup("other@example.com")

      // Given an open stream, when Ann and Bob change their profiles
      // (the stream's cursor is taken before its head is sent, so changes made once the head
      // is here are after it)
      let live = try await Self.readMessages(port: port, token: ann.access, count: 2) {
        for name in ["One", "Two"] {
          _ = try await client.json(.patch, "/api/me", ["displayName": name], token: bob.access)
          _ = try await client.json(.patch, "/api/me", ["displayName": name], token: ann.access)
        }
      }
      // Then Ann receives her two events and none of Bob's
      #expect(live.types == ["account.updated", "account.updated"])
      #expect(live.ids.count == 2 && live.ids[0] < live.ids[1])

      // When resuming after the first, only the second arrives again
      let resumed = try await Self.readMessages(
        port: port, token: ann.access, lastEventID: String(live.ids[0]), count: 1)
      #expect(resumed.ids == [live.ids[1]])

      // When the session is revoked, the stream says so and ends
      let ended = try await Self.readMessages(port: port, token: ann.access, count: 2) {
        _ = try await client.json(.post, "/api/auth/logout", token: ann.access)
        _ = try await client.json(.patch, "/api/me", ["displayName": "Three"], token: bob.access)
      }
      #expect(ended.ended)
      #expect(ended.types == ["session.ended"])

      // And a stream asked to last one second ends by itself
      let started = ContinuousClock.now
      let short = try await Self.readMessages(
        port: port, token: bob.access, query: "?maxSeconds=1", count: 100)
      #expect(short.ended)
      #expect(ContinuousClock.now - started < .seconds(5))
    }
  }
}

@Suite struct ProbeJobTests {
  @Test func aProbeJobRunsInTheServerAndAnnouncesItselfOnce() async throws {
    let server = try await TestServer()
    try await server.run(.live) { client in
      let ann = try await client.signup("probe@example.com")
      let other = try await client.signup("probe-other@example.com")
      let start = try await client.json(.get, "/api/events/poll?timeout=0", token: ann.access)
      let cursor = try #require(start["cursor"] as? Int)
      let queued = try await client.json(
        .post, "/api/debug/jobs", ["sleepMs": 10, "idempotencyKey": "k1"], token: ann.access)
      #expect(queued.status == 202)
      let id = try #require((queued["job"] as? [String: Any])?["id"] as? String)
      let again = try await client.json(
        .post, "/api/debug/jobs", ["sleepMs": 10, "idempotencyKey": "k1"], token: ann.access)
      #expect((again["job"] as? [String: Any])?["id"] as? String == id)

      let status = try await client.afterEachEvent(token: ann.access, until: "the job ran") {
        let job = try await client.json(.get, "/api/debug/jobs/\(id)", token: ann.access)
        let status = (job["job"] as? [String: Any])?["status"] as? String
        return status == "succeeded" ? status : nil
      }
      #expect(status == "succeeded")
      let hidden = try await client.json(.get, "/api/debug/jobs/\(id)", token: other.access)
      #expect(hidden.status == 404)
      let events = try await client.json(
        .get, "/api/events/poll?after=\(cursor)&timeout=1", token: ann.access)
      let done = (events["events"] as? [[String: Any]] ?? []).filter {
        $0["type"] as? String == "debug.job.completed"
      }
      #expect(done.count == 1)
      #expect((done.first?["payload"] as? [String: Any])?["jobId"] as? String == id)
    }
  }
}

@Suite struct PrunedEventTests {
  @Test func aCursorOlderThanTheKeptEventsIsToldToStartAfresh() async throws {
    let server = try await TestServer()
    try await server.run { client in
      let ann = try await client.signup("pruned@example.com")
      for name in ["One", "Two", "Three"] {
        _ = try await client.json(.patch, "/api/me", ["displayName": name], token: ann.access)
      }
      let latest = try await server.env.database.latestSequence()
      try await Housekeeping.sweep(
        server.env.database, now: Date().addingTimeInterval(Housekeeping.eventsKept + 60))
      let stale = try await client.json(
        .get, "/api/events/poll?after=0&timeout=0", token: ann.access)
      #expect(stale.status == 410)
      #expect(stale.errorCode == "cursor_expired" && stale.errorField == "after")
      let current = try await client.json(
        .get, "/api/events/poll?after=\(latest - 1)&timeout=0", token: ann.access)
      #expect(current.status == 200)
    }
  }
}
