import Foundation
import HearthCore
import HearthPlatform
import HearthTesting
import Testing

extension StoreConformanceTests {
  static let list = ResourceRef(app: "lists", kind: "list", id: "groceries")

  static func participant(
    _ userID: String, _ status: ParticipantStatus, _ permission: Permission = .readOnly,
    resource: ResourceRef = list, updatedAt: Int = 1
  ) -> Participant {
    Participant(
      resource: resource, userID: userID, status: status, permission: permission,
      invitedBy: "owner", updatedAt: at(updatedAt))
  }

  /// Given an owner, a share of `list`, and people "p1"... "p4".
  static func givenShare(_ db: any HearthDatabase) async throws {
    for id in ["owner", "p1", "p2", "p3", "p4"] { try await db.createUser(user(id)) }
    try await db.createShare(
      Share(resource: list, ownerID: "owner", title: "Groceries", createdAt: at(0)))
  }

  static func key(_ audience: Audience) -> String {
    switch audience {
    case .user(let id): "user:\(id)"
    case .resource(let ref): "resource:\(ref.app)/\(ref.kind)/\(ref.id)"
    }
  }

  @Test(arguments: StoreFactory.all)
  func createsSharesIdempotentlyAndSilently(_ factory: StoreFactory) async throws {
    try await factory.withDatabase { db in
      try await Self.givenShare(db)
      let share = Share(
        resource: Self.list, ownerID: "owner", title: "Groceries", createdAt: Self.at(0))
      try await db.createShare(share)

      #expect(try await db.share(Self.list) == share)
      #expect(try await db.share(ResourceRef(app: "lists", kind: "list", id: "other")) == nil)
      #expect(try await db.latestSequence() == 0)
      #expect(try await db.access(Self.list, userID: "owner") == .owner)
      #expect(try await db.access(Self.list, userID: "p1") == .none)
    }
  }

  @Test(arguments: StoreFactory.all)
  func accessFollowsStatusAndPermission(_ factory: StoreFactory) async throws {
    try await factory.withDatabase { db in
      try await Self.givenShare(db)
      let expected: [ParticipantStatus: [Permission: Access]] = [
        .invited: [.readOnly: .invited, .readWrite: .invited],
        .accepted: [.readOnly: .read, .readWrite: .write],
        .declined: [.readOnly: .none, .readWrite: .none],
        .removed: [.readOnly: .none, .readWrite: .none],
      ]
      var time = 1
      for status in ParticipantStatus.allCases {
        for permission in Permission.allCases {
          time += 1
          let row = Self.participant("p1", status, permission, updatedAt: time)
          try await db.putParticipant(row)
          #expect(try await db.participant(Self.list, userID: "p1") == row)
          #expect(
            try await db.access(Self.list, userID: "p1") == expected[status]?[permission],
            "\(status) \(permission)")
        }
      }
      // The owner stays owner; strangers and unknown resources get nothing
      #expect(try await db.access(Self.list, userID: "owner") == .owner)
      #expect(try await db.access(Self.list, userID: "p2") == .none)
      let unknown = ResourceRef(app: "lists", kind: "list", id: "nope")
      #expect(try await db.access(unknown, userID: "owner") == .none)
      #expect(try await db.participants(Self.list).map(\.userID) == ["p1"])
    }
  }

  @Test(arguments: StoreFactory.all)
  func putParticipantAppendsEventsForResourceAndPerson(_ factory: StoreFactory) async throws {
    try await factory.withDatabase { db in
      try await Self.givenShare(db)
      let before = try await db.latestSequence()

      try await db.putParticipant(Self.participant("p1", .accepted, .readWrite, updatedAt: 7))

      let events = try await db.events(after: before, limit: 10)
      #expect(events.count == 2)
      #expect(events.allSatisfy { $0.type == "share.participant" && $0.createdAt == Self.at(7) })
      #expect(
        Set(events.map { Self.key($0.audience) })
          == ["resource:lists/list/groceries", "user:p1"])
      for event in events {
        // The payload `ShareEvents` makes, the same on every store
        let payload = try Self.payload(event)
        #expect(payload["app"] as? String == "lists")
        #expect(payload["kind"] as? String == "list")
        #expect(payload["resourceID"] as? String == "groceries")
        #expect(payload["userID"] as? String == "p1")
        #expect(payload["status"] as? String == "accepted")
        #expect(payload["permission"] as? String == "read-write")
      }
      // A participant of a share that does not exist is refused
      let orphan = Self.participant(
        "p1", .invited, resource: ResourceRef(app: "x", kind: "y", id: "z"))
      await #expect(throws: (any Error).self) { try await db.putParticipant(orphan) }
    }
  }

  @Test(arguments: StoreFactory.all)
  func listsPendingInvitationsNewestFirst(_ factory: StoreFactory) async throws {
    try await factory.withDatabase { db in
      try await Self.givenShare(db)
      let second = ResourceRef(app: "lists", kind: "list", id: "hardware")
      let third = ResourceRef(app: "notes", kind: "note", id: "n1")
      try await db.createShare(
        Share(resource: second, ownerID: "owner", title: "Hardware", createdAt: Self.at(1)))
      try await db.createShare(
        Share(resource: third, ownerID: "p2", title: "Note", createdAt: Self.at(2)))
      try await db.putParticipant(Self.participant("p1", .invited, updatedAt: 10))
      try await db.putParticipant(
        Self.participant("p1", .invited, .readWrite, resource: third, updatedAt: 30))
      try await db.putParticipant(
        Self.participant("p1", .accepted, resource: second, updatedAt: 20))
      try await db.putParticipant(Self.participant("p3", .invited, resource: second, updatedAt: 40))

      let invitations = try await db.pendingInvitations(userID: "p1")

      #expect(invitations.map(\.share.resource) == [third, Self.list])
      #expect(invitations.map(\.ownerName) == ["Person p2", "Person owner"])
      #expect(invitations.first?.share.title == "Note")
      #expect(
        invitations.first?.participant
          == Self.participant("p1", .invited, .readWrite, resource: third, updatedAt: 30))
      #expect(try await db.pendingInvitations(userID: "p4").isEmpty)
    }
  }

  @Test(arguments: StoreFactory.all)
  func deleteShareTellsEveryoneThenRemovesIt(_ factory: StoreFactory) async throws {
    try await factory.withDatabase { db in
      try await Self.givenShare(db)
      try await db.putParticipant(Self.participant("p1", .accepted))
      try await db.putParticipant(Self.participant("p2", .invited))
      let before = try await db.latestSequence()

      try await db.deleteShare(Self.list, at: Self.at(50))

      #expect(try await db.share(Self.list) == nil)
      #expect(try await db.participants(Self.list).isEmpty)
      #expect(try await db.access(Self.list, userID: "p1") == .none)
      #expect(try await db.access(Self.list, userID: "owner") == .none)
      let events = try await db.events(after: before, limit: 10)
      #expect(events.allSatisfy { $0.type == "share.deleted" && $0.createdAt == Self.at(50) })
      #expect(Set(events.map { Self.key($0.audience) }) == ["user:owner", "user:p1", "user:p2"])
      #expect(events.count == 3)
      for event in events {
        let payload = try Self.payload(event)
        #expect(payload["resourceID"] as? String == "groceries")
        #expect(payload["status"] as? String == "deleted")
        #expect("user:\(payload["userID"] as? String ?? "")" == Self.key(event.audience))
      }
      // The owner can share the same resource again
      try await db.createShare(
        Share(resource: Self.list, ownerID: "owner", title: "Again", createdAt: Self.at(60)))
      #expect(try await db.participants(Self.list).isEmpty)
    }
  }
}
