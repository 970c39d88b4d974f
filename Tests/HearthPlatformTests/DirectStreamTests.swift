import Foundation
import HearthTesting
import Logging
import NIOCore
import NIOEmbedded
import NIOHTTPTypes
import Testing

@testable import HearthPlatform

/// The hub writes a person's events to their stream's connection itself, and gives the stream
/// back to its task, at the right position, wherever it must not go on alone.
@Suite struct DirectStreamTests {
  struct Harness {
    let db: any HearthDatabase
    let hub: EventHub
    let channel: NIOAsyncTestingChannel

    init() async throws {
      let server = try await TestServer()
      db = server.env.database
      hub = EventHub(database: db, logger: Logger(label: "test"))
      await hub.poll()
      channel = NIOAsyncTestingChannel()
      try await channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 9)).get()
    }

    func append(_ type: String, _ audience: Audience) async throws -> Int64 {
      try await db.appendEvent(NewEvent(type: type, audience: audience), at: Date())
    }

    /// Follows from `cursor` while `during` appends, and returns how the hub gave it back.
    func follow(from cursor: Int64, during: () async throws -> Void) async throws -> DirectStream? {
      async let held = hub.follow(
        channel, userID: "u", from: cursor, timeout: .seconds(3600), metrics: HearthMetrics())
      await hub.waiters(atLeast: 1)
      try await during()
      await hub.poll()
      return await held
    }

    /// The sequences of the frames written to the connection so far.
    func written() async throws -> [Int64] {
      var sequences: [Int64] = []
      while let part = try await channel.readOutbound(as: HTTPResponsePart.self) {
        guard case .body(let buffer) = part else { continue }
        let text = String(buffer: buffer)
        sequences.append(Int64(text.dropFirst("id: ".count).prefix { $0 != "\n" })!)
      }
      return sequences
    }
  }

  @Test(.timeLimit(.minutes(2))) func aResourcesEventIsLeftToTheTask() async throws {
    let h = try await Harness()
    var own: [Int64] = []
    let held = try await h.follow(from: h.hub.latest) {
      own.append(try await h.append("mine", .user("u")))
      _ = try await h.append("theirs", .user("v"))
      own.append(try await h.append("mine", .user("u")))
      _ = try await h.append(
        "room", .resource(ResourceRef(app: "softer", kind: "room", id: "r")))
      _ = try await h.append("after", .user("u"))
    }
    let stream = try #require(held)
    #expect(stream.ending == .events)
    #expect(stream.cursor == own.last)
    #expect(stream.wrote)
    #expect(try await h.written() == own)
    #expect(h.hub.waiting == 0)
  }

  @Test(.timeLimit(.minutes(2))) func theSessionsEndIsLeftToTheTask() async throws {
    let h = try await Harness()
    var before: Int64 = 0
    let held = try await h.follow(from: h.hub.latest) {
      before = try await h.append("mine", .user("u"))
      _ = try await h.append(AccountEvents.sessionEnded, .user("u"))
    }
    let stream = try #require(held)
    #expect(stream.ending == .events)
    #expect(stream.cursor == before)
    #expect(try await h.written() == [before])
  }

  @Test(.timeLimit(.minutes(2))) func aStalledConnectionIsLeftToTheTasksWriter() async throws {
    let h = try await Harness()
    let start = h.hub.latest
    let held = try await h.follow(from: start) {
      h.channel.isWritable = false
      _ = try await h.append("mine", .user("u"))
    }
    let stream = try #require(held)
    #expect(stream.ending == .stalled)
    #expect(stream.cursor == start)
    #expect(!stream.wrote)
    #expect(try await h.written().isEmpty)
  }

  @Test(.timeLimit(.minutes(2))) func aWakeUpGivesEveryStreamBackAtItsPosition() async throws {
    let h = try await Harness()
    var mine: Int64 = 0
    let held = try await h.follow(from: h.hub.latest) {
      mine = try await h.append("mine", .user("u"))
      await h.hub.poll()
      // Once the event is written, wake every stream (as a full account does).
      while try await h.written() != [mine] { await Task.yield() }
      h.hub.wakeAll()
    }
    let stream = try #require(held)
    #expect(stream.ending == .time)
    #expect(stream.cursor == mine)
    #expect(stream.wrote)
  }

  @Test func memoryThatCannotSayIsNotFollowed() async throws {
    let h = try await Harness()
    let past = h.hub.latest + 1
    let held = await h.hub.follow(
      h.channel, userID: "u", from: past, timeout: .seconds(1), metrics: HearthMetrics())
    #expect(held == nil)
    #expect(h.hub.waiting == 0)
  }
}
