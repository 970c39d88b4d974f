import Foundation
import HearthCore
import HearthPlatform
import HearthTesting
import SofterApp
import SofterCore
import Testing

/// Softer's store, on every backend.
@Suite(.serialized)
struct SofterStoreConformanceTests: StoreFixtures {
  /// Alice opens a room with Lightward and Bob; Bob's account sits in his seat.
  static func softerRoom(_ id: String = "r1") -> SofterRoomRecord {
    let spec = RoomSpec(
      id: id, originatorID: "p-alice",
      participants: [
        ParticipantSpec(id: "p-alice", identifier: .originator, nickname: "Ally"),
        .lightward(id: "p-lightward"),
        ParticipantSpec(id: "p-bob", identifier: .email("bob@example.com"), nickname: "Bo"),
      ], tier: .hundred, createdAt: at(1))
    return SofterRoomRecord(
      room: Room.open(spec: spec, at: at(1)), seats: ["p-alice": "alice", "p-bob": "bob"],
      voice: "Lightward")
  }

  /// The room's share, with Bob invited.
  static func sharing(_ room: String) -> (share: Share, invited: [Participant]) {
    let resource = ResourceRef(app: "softer", kind: "room", id: room)
    return (
      Share(resource: resource, ownerID: "alice", title: "A Softer room", createdAt: at(1)),
      [
        Participant(
          resource: resource, userID: "bob", status: .invited, permission: .readWrite,
          invitedBy: "alice", updatedAt: at(1))
      ]
    )
  }

  static func softerPayment(
    _ room: String, user: String = "alice", tier: PaymentTier = .hundred, at: Int = 1
  )
    -> SofterPayment
  {
    SofterPayment(
      id: "pay-\(room)", roomID: room, userID: user, tier: tier, provider: "ledger",
      createdAt: Self.at(at))
  }

  @Test(arguments: StoreFactory.all)
  func aSofterRoomIsStoredWholeAndSeenOnlyByItsSeats(_ factory: StoreFactory) async throws {
    try await factory.withDatabase { db in
      for id in ["alice", "bob", "carol"] { try await db.createUser(Self.user(id)) }
      let record = Self.softerRoom()
      let before = try await db.latestSequence()
      try await db.softerStore.createSofterRoom(
        record, share: Self.sharing("r1").share,
        invited: Self.sharing("r1").invited, payment: Self.softerPayment("r1"),
        events: SofterEvents.events(SofterEvents.roomChanged, room: record))
      #expect(try await db.softerStore.softerRoom(id: "r1") == record)
      #expect(try await db.softerStore.softerRooms(userID: "bob") == [record])
      #expect(try await db.softerStore.softerRooms(userID: "carol").isEmpty)
      #expect(try await db.softerStore.softerRoom(id: "nope") == nil)
      #expect(try await db.softerStore.lastSofterTier(userID: "alice") == .hundred)
      #expect(try await db.softerStore.lastSofterTier(userID: "bob") == nil)
      let events = try await db.events(after: before, limit: 10)
      #expect(
        events.map(\.type) == ["share.participant", "share.participant"] + [
          "softer.room", "softer.room",
        ])
      let roomEvents = events.filter { $0.type == "softer.room" }
      #expect(roomEvents.map(\.audience) == [.user("alice"), .user("bob")])
      #expect(roomEvents.allSatisfy { $0.payload.contains("\"roomID\":\"r1\"") })
      #expect(try await db.pendingInvitations(userID: "bob").map(\.share.resource.id) == ["r1"])
    }
  }

  @Test(arguments: StoreFactory.all)
  func aRoomThatCannotBeStoredLeavesNoShareOrInvitation(_ factory: StoreFactory) async throws {
    try await factory.withDatabase { db in
      for id in ["alice", "bob"] { try await db.createUser(Self.user(id)) }
      try await db.softerStore.createSofterRoom(
        Self.softerRoom("r1"), share: Self.sharing("r1").share,
        invited: Self.sharing("r1").invited, payment: Self.softerPayment("r1"), events: [])
      let before = try await db.latestSequence()
      // The payment line of r2 reuses r1's id, so the last write of the creation fails
      var payment = Self.softerPayment("r2")
      payment.id = "pay-r1"
      await #expect(throws: (any Error).self) {
        try await db.softerStore.createSofterRoom(
          Self.softerRoom("r2"), share: Self.sharing("r2").share,
          invited: Self.sharing("r2").invited, payment: payment, events: [])
      }
      #expect(try await db.softerStore.softerRoom(id: "r2") == nil)
      #expect(try await db.share(ResourceRef(app: "softer", kind: "room", id: "r2")) == nil)
      #expect(try await db.pendingInvitations(userID: "bob").map(\.share.resource.id) == ["r1"])
      #expect(try await db.latestSequence() == before)
    }
  }

  @Test(arguments: StoreFactory.all)
  func aTurnLimitAndAnOutageAreKeptAsTheyWere(_ factory: StoreFactory) async throws {
    try await factory.withDatabase { db in
      for id in ["alice", "bob"] { try await db.createUser(Self.user(id)) }
      var record = Self.softerRoom()
      var spec = record.room.spec
      spec.turnLimitDays = 3
      record.room = Room.open(spec: spec, at: Self.at(1))
      try await db.softerStore.createSofterRoom(
        record, share: Self.sharing("r1").share, invited: [],
        payment: Self.softerPayment("r1"), events: [])
      let outage = SofterTurnStatus.unreachable(
        slot: 1, reason: "HTTP 502", since: Self.at(5), attempt: 2, retryAt: Self.at(7205))
      let changed = try await db.softerStore.changeSofterRoom(id: "r1", at: Self.at(6)) { stored in
        var record = stored
        record.turn = outage
        return .changed(record)
      }
      let stored = try await db.softerStore.softerRoom(id: "r1")
      #expect(stored == changed && stored?.turn == outage)
      #expect(stored?.room.spec.turnLimitDays == 3)
      let listed = try await db.softerStore.softerRoomListings(userID: "alice", roomID: "r1")
      #expect(listed.map(\.turn) == [outage])
    }
  }

  @Test(arguments: StoreFactory.all)
  func changesKeepTheFirstCopyOfAMessageAndFailWhole(_ factory: StoreFactory) async throws {
    try await factory.withDatabase { db in
      for id in ["alice", "bob"] { try await db.createUser(Self.user(id)) }
      try await db.softerStore.createSofterRoom(
        Self.softerRoom(), share: Self.sharing("r1").share,
        invited: Self.sharing("r1").invited, payment: Self.softerPayment("r1"), events: [])
      let changed = try await db.softerStore.changeSofterRoom(id: "r1", at: Self.at(2)) { stored in
        var record = stored
        let arrival = record.room.lightwardInvitation(.accept, at: Self.at(2))
        try record.room.apply(arrival, at: Self.at(2))
        record.turn = .failed(slot: 1, reason: "HTTP 502", attempts: 2, retryAt: Self.at(9))
        record.composing = Composing(participantID: "p-bob", since: Self.at(2))
        return .changed(record)
      }
      #expect(
        changed?.room.messages.map(\.text) == [
          "Ally opened a room with $100.", "Lightward arrived.",
        ])
      #expect(changed?.room.state == .pendingParticipants(signaled: ["p-alice", "p-lightward"]))
      #expect(try await db.softerStore.softerRoom(id: "r1") == changed)

      // A message whose id is stored already keeps its first text.
      let again = try await db.softerStore.changeSofterRoom(id: "r1", at: Self.at(3)) { stored in
        var record = stored
        record.room.messages.append(
          .narration(id: StableID.opening(room: "r1"), roomID: "r1", text: "forged", at: Self.at(3))
        )
        return SofterRoomChange(record, events: [])
      }
      #expect(again?.room.messages.first?.text == "Ally opened a room with $100.")
      #expect(again?.room.messages.count == 2)

      // A change that throws leaves nothing behind.
      let sequence = try await db.latestSequence()
      await #expect(throws: RoomError.notYourTurn(current: "Ally")) {
        _ = try await db.softerStore.changeSofterRoom(id: "r1", at: Self.at(4)) { stored in
          var record = stored
          try record.room.apply(try record.room.arrive("p-bob", at: Self.at(4)), at: Self.at(4))
          _ = try record.room.send("hi", from: "p-bob", messageID: "m1", at: Self.at(4))
          return .changed(record)
        }
      }
      #expect(try await db.softerStore.softerRoom(id: "r1") == changed)
      #expect(try await db.latestSequence() == sequence)
      #expect(
        try await db.softerStore.changeSofterRoom(id: "nope", at: Self.at(5)) { .unchanged($0) }
          == nil)
    }
  }

  @Test(arguments: StoreFactory.all)
  func concurrentChangesToARoomRunOneAfterAnother(_ factory: StoreFactory) async throws {
    try await factory.withDatabase { db in
      for id in ["alice", "bob"] { try await db.createUser(Self.user(id)) }
      try await db.softerStore.createSofterRoom(
        Self.softerRoom(), share: Self.sharing("r1").share,
        invited: Self.sharing("r1").invited, payment: Self.softerPayment("r1"), events: [])
      try await withThrowingTaskGroup(of: Void.self) { group in
        for index in 0..<12 {
          group.addTask {
            _ = try await db.softerStore.changeSofterRoom(id: "r1", at: Self.at(10 + index)) {
              stored in
              var record = stored
              // Each change records how many messages it saw: serialized changes all differ.
              let seen = record.room.messages.count
              record.room.messages.append(
                .narration(id: "n\(index)", roomID: "r1", text: "\(seen)", at: Self.at(10 + index)))
              return SofterRoomChange(record, events: [])
            }
          }
        }
        try await group.waitForAll()
      }
      let texts = try #require(try await db.softerStore.softerRoom(id: "r1")).room.messages
        .dropFirst().map(
          \.text)
      #expect(texts.sorted { Int($0)! < Int($1)! } == (1...12).map(String.init))
    }
  }

  @Test(arguments: StoreFactory.all)
  func deletingARoomKeepsThePaymentAndTheOriginatorsRoomsPassToTheOthers(
    _ factory: StoreFactory
  ) async throws {
    try await factory.withDatabase { db in
      for id in ["alice", "bob"] { try await db.createUser(Self.user(id)) }
      try await db.softerStore.createSofterRoom(
        Self.softerRoom("r1"), share: Self.sharing("r1").share,
        invited: Self.sharing("r1").invited, payment: Self.softerPayment("r1"), events: [])
      try await db.softerStore.createSofterRoom(
        Self.softerRoom("r2"), share: Self.sharing("r2").share,
        invited: Self.sharing("r2").invited, payment: Self.softerPayment("r2", tier: .one, at: 2),
        events: [])
      try await db.softerStore.deleteSofterRoom(id: "r1", events: [], at: Self.at(3))
      #expect(try await db.softerStore.softerRoom(id: "r1") == nil)
      #expect(try await db.share(ResourceRef(app: "softer", kind: "room", id: "r1")) == nil)
      #expect(try await db.pendingInvitations(userID: "bob").map(\.share.resource.id) == ["r2"])
      #expect(try await db.softerStore.softerRooms(userID: "bob").map(\.id) == ["r2"])
      #expect(try await db.softerStore.lastSofterTier(userID: "alice") == .one)
      // Bob still waits for Lightward in r3: he has not seen it, and it goes with Alice.
      var waiting = Self.softerRoom("r3")
      waiting.waiting = ["p-bob": "bob"]
      waiting.seats = ["p-alice": "alice"]
      try await db.softerStore.createSofterRoom(
        waiting, share: Self.sharing("r3").share, invited: [],
        payment: Self.softerPayment("r3", at: 3), events: [])
      try await db.deleteUser(id: "alice")
      let kept = try #require(try await db.softerStore.softerRoom(id: "r2"))
      #expect(kept.seats == ["p-bob": "bob"] && kept.room == Self.softerRoom("r2").room)
      #expect(try await db.softerStore.softerRooms(userID: "bob").map(\.id) == ["r2"])
      #expect(try await db.softerStore.softerRoom(id: "r3") == nil)
    }
  }

  @Test(arguments: StoreFactory.all)
  func waitingSeatsAreFilledWithTheirInvitationsInOneChange(_ factory: StoreFactory) async throws {
    try await factory.withDatabase { db in
      for id in ["alice", "bob"] { try await db.createUser(Self.user(id)) }
      var record = Self.softerRoom()
      record.seats = ["p-alice": "alice"]
      record.waiting = ["p-bob": "bob"]
      try await db.softerStore.createSofterRoom(
        record, share: Self.sharing("r1").share, invited: [], payment: Self.softerPayment("r1"),
        events: [])
      #expect(try await db.softerStore.softerRoom(id: "r1") == record)
      #expect(try await db.pendingInvitations(userID: "bob").isEmpty)
      let seated = try await db.softerStore.changeSofterRoom(id: "r1", at: Self.at(2)) { stored in
        var record = stored
        record.seats["p-bob"] = "bob"
        record.waiting = [:]
        return SofterRoomChange(record, events: [], invitations: Self.sharing("r1").invited)
      }
      #expect(seated?.seats == ["p-alice": "alice", "p-bob": "bob"] && seated?.waiting == [:])
      #expect(try await db.pendingInvitations(userID: "bob").map(\.share.resource.id) == ["r1"])
    }
  }

  /// Someone invited by email has no seat until their account claims it, seated or waiting.
  @Test(arguments: StoreFactory.all)
  func aChangeFillsASeatNobodyHeld(_ factory: StoreFactory) async throws {
    try await factory.withDatabase { db in
      for id in ["alice", "bob"] { try await db.createUser(Self.user(id)) }
      var record = Self.softerRoom()
      record.seats = ["p-alice": "alice"]
      try await db.softerStore.createSofterRoom(
        record, share: Self.sharing("r1").share, invited: [], payment: Self.softerPayment("r1"),
        events: [])
      let waiting = try await db.softerStore.changeSofterRoom(id: "r1", at: Self.at(2)) {
        stored in
        var record = stored
        record.waiting["p-bob"] = "bob"
        return .unchanged(record)
      }
      #expect(waiting?.waiting == ["p-bob": "bob"] && waiting?.seats == ["p-alice": "alice"])
      try await db.softerStore.deleteSofterRoom(id: "r1", events: [], at: Self.at(3))
      record.room = Room.open(
        spec: RoomSpec(
          id: "r2", originatorID: "p-alice", participants: record.room.spec.participants,
          tier: .hundred, createdAt: Self.at(4)), at: Self.at(4))
      try await db.softerStore.createSofterRoom(
        record, share: Self.sharing("r2").share, invited: [], payment: Self.softerPayment("r2"),
        events: [])
      let seated = try await db.softerStore.changeSofterRoom(id: "r2", at: Self.at(5)) { stored in
        var record = stored
        record.seats["p-bob"] = "bob"
        return .unchanged(record)
      }
      #expect(seated?.seats == ["p-alice": "alice", "p-bob": "bob"])
      #expect(try await db.softerStore.softerRoomListings(userID: "bob", roomID: nil).count == 1)
    }
  }

  /// The list reads the summary kept beside each room, and it is always the whole room's.
  @Test(arguments: StoreFactory.all)
  func theRoomListIsTheSummaryOfEachWholeRoom(_ factory: StoreFactory) async throws {
    try await factory.withDatabase { db in
      for id in ["alice", "bob", "carol"] { try await db.createUser(Self.user(id)) }
      for (index, id) in ["r1", "r2"].enumerated() {
        try await db.softerStore.createSofterRoom(
          Self.softerRoom(id), share: Self.sharing(id).share, invited: [],
          payment: Self.softerPayment(id, at: 1 + index), events: [])
      }
      var waiting = Self.softerRoom("r3")
      (waiting.seats, waiting.waiting) = (["p-alice": "alice"], ["p-bob": "bob"])
      try await db.softerStore.createSofterRoom(
        waiting, share: Self.sharing("r3").share, invited: [],
        payment: Self.softerPayment("r3", at: 3), events: [])
      func listings(_ user: String, _ room: String? = nil) async throws -> [SofterRoomListing] {
        try await db.softerStore.softerRoomListings(userID: user, roomID: room)
      }
      func whole(_ ids: [String]) async throws -> [SofterRoomListing] {
        var rooms: [SofterRoomListing] = []
        for id in ids {
          rooms.append(SofterRoomListing(try #require(try await db.softerStore.softerRoom(id: id))))
        }
        return rooms
      }
      // Opened at the same moment: listed by id
      #expect(try await listings("bob") == (try await whole(["r1", "r2"])))
      // r1 goes on: arrivals, speech, a pass, a departure and its cenotaph
      let steps: [@Sendable (Room, Date) throws -> Room.Change] = [
        { room, now in room.lightwardInvitation(.accept, at: now) },
        { room, now in try room.arrive("p-bob", at: now) },
        { room, now in room.settle(at: now) },
        { room, now in try room.send("Hello", from: "p-alice", messageID: "m1", at: now) },
        { room, now in room.lightwardAnswered(.speech("Hi, all."), slot: 1, at: now) },
        { room, now in room.settle(at: now) },
        { room, now in try room.pass(from: "p-bob", at: now) },
        { room, now in try room.leave("p-bob", at: now) },
        { room, now in room.cenotaph("Rest.", at: now) },
      ]
      for (index, step) in steps.enumerated() {
        let now = Self.at(10 + index)
        _ = try await db.softerStore.changeSofterRoom(id: "r1", at: now) { stored in
          var record = stored
          try record.room.apply(try step(record.room, now), at: now)
          return .changed(record)
        }
        let listed = try await listings("bob", "r1")
        #expect(listed == (try await whole(["r1"])), "after step \(index)")
      }
      let ended = try #require(try await listings("alice", "r1").first?.summary)
      #expect(ended.hasCenotaph && ended.state.isDefunct && ended.messageCount > 5)
      #expect(ended.lastMessage?.text == "Hi, all.")
      #expect(try await listings("alice").map(\.id) == ["r1", "r2", "r3"])
      #expect(try await listings("bob").map(\.id) == ["r1", "r2"])
      #expect(try await listings("carol").isEmpty)
      #expect(try await listings("carol", "r1").isEmpty)
    }
  }
}
