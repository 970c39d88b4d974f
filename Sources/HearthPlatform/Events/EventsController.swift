import CanonicalJSON
import Foundation
import HTTPTypes
import HearthCore
import HearthOpenAPI
import HearthSQL
import Hummingbird
import NIOConcurrencyHelpers
import NIOCore
import ServiceLifecycle

/// GET /api/events (Server-Sent Events) and GET /api/events/poll (long-poll).
package struct EventsController: Sendable {
  package let env: HearthEnvironment
  package let hub: EventHub
  package let metrics: HearthMetrics

  package init(env: HearthEnvironment, hub: EventHub, metrics: HearthMetrics) {
    self.env = env
    self.hub = hub
    self.metrics = metrics
  }
  package let openStreams = OpenStreams()
  package var feed: EventFeed { EventFeed(database: env.database, hub: hub) }

  package struct PolledEvent: Codable {
    var sequence: Int64
    var type: String
    var payload: JSONPayload
  }

  /// An already-encoded JSON object, written out as it is.
  package struct JSONPayload: Codable, Sendable, JSONSchemaDescribed {
    var json: String
    package init(json: String) { self.json = json }
    package func encode(to encoder: any Encoder) throws {
      try JSONParser.parse(Array(json.utf8)).encode(to: encoder)
    }
    package init(from decoder: any Decoder) throws {
      json = try decoder.singleValueContainer().decode(JSON.self).canonicalString()
    }

    package static let jsonSchema: JSON = ["type": "object"]
    package static let schemaExample = JSONPayload(json: "{}")
  }

  package struct PollResult: Codable {
    var events: [PolledEvent]
    var cursor: Int64
  }

  package func register(_ api: APIRouteTable) {
    api.add(
      APIOperation(
        .get, "/api/events", summary: "Live events as Server-Sent Events", tag: "events",
        query: [
          ("after", Schemas.integer, false),
          ("maxSeconds", ["type": "integer", "minimum": 1, "maximum": 86400], false),
        ],
        responses: [(200, Schemas.streamMessage)], errors: [400, 401, 410, 429],
        contentType: "text/event-stream"), use: liveEvents)
    api.add(
      APIOperation(
        .get, "/api/events/poll", summary: "Events after a cursor, waiting up to timeout seconds",
        tag: "events",
        query: [
          ("after", Schemas.integer, false),
          ("timeout", ["type": "integer", "minimum": 0, "maximum": 30], false),
        ],
        responses: [(200, Schemas.of(PollResult.self))], errors: [400, 401, 410]), use: poll)
  }

  @Sendable func liveEvents(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let caller = try context.requireCaller()
    let start = try await startCursor(request)
    let limit = try Self.integer(request, "maxSeconds", range: 1...86400)
    var admitted = openStreams.open(caller.user.id, most: env.config.streamsPerAccount)
    if !admitted {
      // A stream learns its browser has gone (another page, a closed tab) only when it next
      // writes: wake every stream to write a keep-alive now, and count again as they close.
      hub.wakeAll()
      for _ in 0..<10 where !admitted {
        try await Task.sleep(for: .milliseconds(50))
        admitted = openStreams.open(caller.user.id, most: env.config.streamsPerAccount)
      }
    }
    guard admitted else {
      throw APIErrorResponse(
        APIError(
          status: 429, code: "too_many_streams",
          message:
            "This account has \(env.config.streamsPerAccount) live streams open already; close one (a tab, a sync --watch) first."
        ), headers: [.retryAfter: "5"])
    }
    return stream(
      caller: caller, from: start, for: limit.map { .seconds($0) }, channel: context.channel)
  }

  @Sendable func poll(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let caller = try context.requireCaller()
    let start = try await startCursor(request)
    let timeout = try Self.integer(request, "timeout", range: 0...30) ?? 25
    let deadline = ContinuousClock.now + .seconds(timeout)
    var cursor = start
    while true {
      let (events, next) = try await feed.next(after: cursor, for: caller.user.id)
      cursor = next
      let now = ContinuousClock.now
      if !events.isEmpty || now >= deadline {
        return JSONBody.response(
          PollResult(
            events: events.map(\.event).map {
              PolledEvent(sequence: $0.sequence, type: $0.type, payload: .init(json: $0.payload))
            }, cursor: cursor))
      }
      await hub.wait(after: cursor, timeout: deadline - now)
    }
  }

  private static let keepAlive = ByteBuffer(string: ": keep-alive\n\n")

  /// The hub's frames as they are: one event's is written without a copy.
  static func frames(_ events: [FramedEvent]) -> ByteBuffer {
    if events.count == 1 { return events[0].frame }
    var buffer = ByteBuffer()
    buffer.reserveCapacity(events.reduce(0) { $0 + $1.frame.readableBytes })
    for framed in events { buffer.writeImmutableBuffer(framed.frame) }
    return buffer
  }

  package func startCursor(_ request: Request) async throws -> Int64 {
    if let header = request.headers[.lastEventID] {
      guard let value = Int64(header), value >= 0 else {
        throw APIErrorResponse(.invalid("Last-Event-ID", "Last-Event-ID must be an event number."))
      }
      return try await resumable(value, field: "Last-Event-ID")
    }
    if let after = try Self.integer(request, "after", range: 0...Int.max) {
      return try await resumable(Int64(after), field: "after")
    }
    return try await env.database.latestSequence()
  }

  /// `cursor`, unless events after it were already pruned (`Housekeeping.eventsKept`): then
  /// resuming would skip them, so the client is told to start afresh with 410.
  func resumable(_ cursor: Int64, field: String) async throws -> Int64 {
    let first: Int64? = try await env.database.row("SELECT MIN(seq) AS first FROM events")?[
      "first"]
    if let first, cursor < first - 1 {
      throw APIErrorResponse(
        APIError(
          status: 410, code: "cursor_expired",
          message:
            "Events after \(cursor) are no longer kept (\(Int(Housekeeping.eventsKept / 86400)) days); reload the current state and follow from now.",
          field: field))
    }
    return cursor
  }

  package static func integer(_ request: Request, _ name: String, range: ClosedRange<Int>) throws
    -> Int?
  {
    guard let raw = request.uri.queryParameters.get(name) else { return nil }
    guard let value = Int(raw), range.contains(value) else {
      throw APIErrorResponse(
        .invalid(
          name, "\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound)."))
    }
    return value
  }

  /// Streams until the client goes, the session ends, the server stops, or `duration` passes
  /// (a client then reconnects with Last-Event-ID and misses nothing).
  package func stream(
    caller: Caller, from start: Int64, for duration: Duration?, channel: any Channel
  ) -> Response {
    // A stream's closure lives as long as the stream: it keeps only what the loop reads.
    let (callers, database, now) = (env.callers, env.database, env.now)
    let (userID, sessionID) = (caller.user.id, caller.session.id)
    let hub = hub
    let feed = feed
    let metrics = metrics
    let openStreams = openStreams
    let body = ResponseBody { writer in
      metrics.streamsOpen(1)
      defer {
        metrics.streamsOpen(-1)
        openStreams.close(userID)
      }
      var cursor = start
      let stopping = NIOLockedValueBox(false)
      try await writer.write(ByteBuffer(string: "retry: 2000\n: connected\n\n"))
      try await withGracefulShutdownHandler {
        var checkedSession = ContinuousClock.now
        var sessionMayHaveEnded = false
        let deadline = duration.map { ContinuousClock.now + $0 }
        while !Task.isCancelled, !stopping.withLockedValue({ $0 }) {
          if let deadline, ContinuousClock.now >= deadline { break }
          if sessionMayHaveEnded || ContinuousClock.now - checkedSession > .seconds(5) {
            // From the caller cache, which forgets a session as soon as the hub reads its change.
            var live = Self.liveInMemory(sessionID, callers: callers, at: now())
            if live == nil {
              live = try await callers.session(id: sessionID, in: database)?.session.isLive(
                at: now())
            }
            guard live == true else { break }
            checkedSession = ContinuousClock.now
            sessionMayHaveEnded = false
          }
          let found: ([FramedEvent], Int64)
          if let known = feed.nextInMemory(after: cursor, for: userID) {
            found = known
          } else {
            found = try await feed.next(after: cursor, for: userID)
          }
          let (events, next) = found
          cursor = next
          if events.contains(where: { $0.event.type == AccountEvents.sessionEnded }) {
            sessionMayHaveEnded = true
          }
          if !events.isEmpty {
            try await writer.write(Self.frames(events))
            metrics.eventsDelivered(events.count)
          }
          let before = hub.latest
          if cursor < before || sessionMayHaveEnded { continue }
          let keepAlive = ContinuousClock.now + .seconds(15)
          let timeout = min(keepAlive, deadline ?? keepAlive) - ContinuousClock.now
          var idle = true
          if let held = await hub.follow(
            channel, userID: userID, from: cursor, timeout: timeout, metrics: metrics)
          {
            cursor = held.cursor
            // A keep-alive through the writer waits until a stalled connection drains.
            idle = held.ending == .stalled || (held.ending == .time && !held.wrote)
          } else {
            await hub.wait(after: cursor, timeout: timeout)
            idle = hub.latest == before
          }
          if hub.stopped { break }
          if idle, !stopping.withLockedValue({ $0 }) { try await writer.write(Self.keepAlive) }
        }
      } onGracefulShutdown: {
        stopping.withLockedValue { $0 = true }
        hub.wakeAll()
      }
      try await writer.finish(nil)
    }
    return Response(
      status: .ok,
      headers: [
        .contentType: "text/event-stream", .cacheControl: "no-cache",
        .init("X-Accel-Buffering")!: "no",
      ], body: body)
  }
}

extension EventsController {
  /// Whether the session is live, from the caller cache alone; nil when it does not hold it.
  @inline(never)  // Its temporaries stay on the thread's stack, out of the stream's async frame.
  static func liveInMemory(_ sessionID: String, callers: CallerCache, at date: Date) -> Bool? {
    callers.cachedSession(id: sessionID).map { $0.session.isLive(at: date) }
  }
}

extension HTTPField.Name {
  package static let lastEventID = HTTPField.Name("Last-Event-ID")!
}

/// Live streams open per account in this process, so that one account cannot hold every
/// connection the server has.
package final class OpenStreams: Sendable {
  private let counts = NIOLockedValueBox<[String: Int]>([:])

  package init() {}

  /// Counts one more stream for `userID`, unless it has `most` open already.
  package func open(_ userID: String, most: Int) -> Bool {
    counts.withLockedValue { counts in
      guard counts[userID, default: 0] < most else { return false }
      counts[userID, default: 0] += 1
      return true
    }
  }

  package func close(_ userID: String) {
    counts.withLockedValue { counts in
      let left = counts[userID, default: 1] - 1
      counts[userID] = left > 0 ? left : nil
    }
  }

  package func count(_ userID: String) -> Int { counts.withLockedValue { $0[userID] ?? 0 } }
}
