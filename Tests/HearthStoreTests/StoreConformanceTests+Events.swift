import Foundation
import HearthCore
import HearthStore
import Testing

extension StoreConformanceTests {
  @Test(arguments: StoreFactory.all)
  func appendsAndReadsEventsAfterCursor(_ factory: StoreFactory) async throws {
    try await factory.withDatabase { db in
      #expect(try await db.latestSequence() == 0)
      #expect(try await db.events(after: 0, limit: 10).isEmpty)
      let ref = ResourceRef(app: "lists", kind: "list", id: "l1")
      let new = [
        NewEvent(type: "a", audience: .user("alice"), payload: #"{"n":1}"#),
        NewEvent(type: "b", audience: .resource(ref)),
        NewEvent(type: "c", audience: .user("bob"), payload: #"{"text":"é \"quoted\""}"#),
      ]
      var sequences: [Int64] = []
      for (index, event) in new.enumerated() {
        sequences.append(try await db.appendEvent(event, at: Self.at(index)))
      }

      #expect(sequences == sequences.sorted() && Set(sequences).count == 3)
      #expect(try await db.latestSequence() == sequences[2])
      let all = try await db.events(after: 0, limit: 10)
      #expect(
        all
          == zip(new, sequences).enumerated().map { index, pair in
            Event(
              sequence: pair.1, type: pair.0.type, audience: pair.0.audience,
              payload: pair.0.payload, createdAt: Self.at(index))
          })
      #expect(try await db.events(after: sequences[0], limit: 10).map(\.type) == ["b", "c"])
      #expect(try await db.events(after: sequences[0], limit: 1).map(\.type) == ["b"])
      #expect(try await db.events(after: sequences[2], limit: 10).isEmpty)
    }
  }

  /// 4 writers append 500 events each while a reader polls with its cursor: the reader must see
  /// every event exactly once, in strictly increasing order. On PostgreSQL this fails unless
  /// sequence numbers are assigned in commit order.
  @Test(arguments: StoreFactory.all)
  func readerWithCursorSeesConcurrentEventsExactlyOnce(_ factory: StoreFactory) async throws {
    try await factory.withDatabase { db in
      let writers = 4
      let perWriter = 500
      let total = writers * perWriter

      let seen = try await withThrowingTaskGroup(of: [Event].self) { group in
        for writer in 0..<writers {
          group.addTask {
            for index in 0..<perWriter {
              let payload = #"{"writer":\#(writer),"index":\#(index)}"#
              try await db.appendEvent(
                NewEvent(type: "test.concurrent", audience: .user("w\(writer)"), payload: payload),
                at: Self.at(index))
            }
            return []
          }
        }
        group.addTask {
          var cursor: Int64 = 0
          var seen: [Event] = []
          let deadline = ContinuousClock.now + .seconds(300)
          while seen.count < total, ContinuousClock.now < deadline {
            let batch = try await db.events(after: cursor, limit: 128)
            for event in batch {
              #expect(event.sequence > cursor, "sequence \(event.sequence) after \(cursor)")
              cursor = event.sequence
              seen.append(event)
            }
            if batch.isEmpty { try await Task.sleep(for: .milliseconds(1)) }
          }
          return seen
        }
        var seen: [Event] = []
        for try await events in group { seen += events }
        return seen
      }

      // Every event once: nothing skipped (a late commit behind the cursor) or repeated
      #expect(seen.count == total)
      #expect(Set(seen.map(\.sequence)).count == total)
      #expect(Set(seen.map(\.payload)).count == total)
      // And the reader saw exactly what a full read sees afterwards
      let afterwards = try await db.events(after: 0, limit: total + 10)
      #expect(afterwards.map(\.sequence) == seen.map(\.sequence))
      #expect(try await db.latestSequence() == afterwards.last?.sequence)
      // Each writer's own events are in its order
      for writer in 0..<writers {
        let indexes = afterwards.filter { $0.audience == .user("w\(writer)") }.map(\.createdAt)
        #expect(indexes == (0..<perWriter).map(Self.at), "writer \(writer)")
      }
    }
  }
}
