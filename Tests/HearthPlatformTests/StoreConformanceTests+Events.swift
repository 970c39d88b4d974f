import Foundation
import HearthCore
import HearthPlatform
import HearthTesting
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

  /// 4 writers append 10,000 events together (2,000 on SQLite, whose single writer makes the
  /// order trivial) while a reader polls with its cursor: the reader must see every event exactly
  /// once, in strictly increasing order. On PostgreSQL this fails unless sequence numbers are
  /// assigned in commit order.
  @Test(arguments: StoreFactory.all)
  func readerWithCursorSeesConcurrentEventsExactlyOnce(_ factory: StoreFactory) async throws {
    try await factory.withDatabase { db in
      let writers = 4
      let perWriter = factory.name == "postgresql" ? 2_500 : 500
      let total = writers * perWriter

      let writersDone = Flag()
      let reader = Task {
        var cursor: Int64 = 0
        var seen: [Event] = []
        // No deadline: on a loaded machine the writers may take minutes, and cutting the reader
        // short would report the unread tail as missed. Once the writers are done, an empty read
        // means the reader has seen everything.
        while true {
          let finished = await writersDone.value
          let batch = try await db.events(after: cursor, limit: 128)
          for event in batch {
            #expect(event.sequence > cursor, "sequence \(event.sequence) after \(cursor)")
            cursor = event.sequence
            seen.append(event)
          }
          if batch.isEmpty {
            if finished { break }
            await Task.yield()
          }
        }
        return seen
      }
      do {
        try await withThrowingTaskGroup(of: Void.self) { group in
          for writer in 0..<writers {
            group.addTask {
              for index in 0..<perWriter {
                let payload = #"{"writer":\#(writer),"index":\#(index)}"#
                let event = NewEvent(
                  type: "test.concurrent", audience: .user("w\(writer)"), payload: payload)
                try await db.appendEvent(event, at: Self.at(index))
              }
            }
          }
          try await group.waitForAll()
        }
      } catch {
        reader.cancel()
        throw error
      }
      await writersDone.set()
      let seen = try await reader.value

      // Every event once: nothing skipped (a late commit behind the cursor) or repeated
      let afterwards = try await db.events(after: 0, limit: total + 10)
      let seenSequences = Set(seen.map(\.sequence))
      let missed = afterwards.map(\.sequence).filter { !seenSequences.contains($0) }
      #expect(missed.isEmpty, "the reader missed \(missed.count) events: \(missed.prefix(10))…")
      #expect(seenSequences.count == seen.count, "the reader saw a sequence twice")
      #expect(seen.count == total)
      #expect(afterwards.count == total)
      #expect(Set(afterwards.map(\.payload)).count == total)
      #expect(try await db.latestSequence() == afterwards.last?.sequence)
      // Each writer's own events are in its order
      for writer in 0..<writers {
        let dates = afterwards.filter { $0.audience == .user("w\(writer)") }.map(\.createdAt)
        #expect(dates.elementsEqual((0..<perWriter).map(Self.at)), "writer \(writer)")
      }
    }
  }
}

extension StoreConformanceTests {
  /// Deleting an account deletes its events by audience, through an index on either database.
  @Test(arguments: StoreFactory.all)
  func eventsAreFoundByAudienceThroughAnIndex(_ factory: StoreFactory) async throws {
    try await factory.withDatabase { db in
      let plan: [String] = try await db.transaction { tx in
        if tx.dialect == .postgres {
          try await tx.execute("SET LOCAL enable_seqscan = off")
          return try await tx.rows("EXPLAIN DELETE FROM events WHERE audience_user = 'someone'")
            .map { try $0["QUERY PLAN"] }
        }
        return try await tx.rows(
          "EXPLAIN QUERY PLAN DELETE FROM events WHERE audience_user = 'someone'"
        ).map { try $0["detail"] }
      }
      #expect(plan.contains { $0.contains("events_audience_user") }, "\(plan)")
    }
  }
}
