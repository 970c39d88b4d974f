import Foundation
import HearthAccounts
import HearthCore
import HearthPlatform
import HearthServer
import HearthTesting
import Testing

@Suite struct SharingTests {
  @Test func invitationsAreListedAnsweredAndPrivate() async throws {
    let server = try await TestServer()
    let env = server.env
    try await server.run { client in
      // Given Ann shares a journal with Bob, read-write
      let ann = try await client.signup("ann@example.com", name: "Ann")
      let bob = try await client.signup("bob@example.com", name: "Bob")
      let eve = try await client.signup("eve@example.com", name: "Eve")
      let journal = ResourceRef(app: "auralyst", kind: "journal", id: "j1")
      let now = Date(timeIntervalSince1970: 1_800_000_000)
      try await env.database.createShare(
        Share(resource: journal, ownerID: ann.id, title: "Ann's journal", createdAt: now))
      try await env.database.putParticipant(
        Participant(
          resource: journal, userID: bob.id, status: .invited, permission: .readWrite,
          invitedBy: ann.id, updatedAt: now))

      // Then Bob sees the invitation, Eve does not
      let bobs = try await client.json(.get, "/api/invitations", token: bob.access)
      let list = try #require(bobs["invitations"] as? [[String: Any]])
      #expect(list.count == 1)
      #expect(list.first?["ownerName"] as? String == "Ann")
      #expect(list.first?["permission"] as? String == "read-write")
      let eves = try await client.json(.get, "/api/invitations", token: eve.access)
      #expect((eves["invitations"] as? [Any])?.isEmpty == true)

      // When Eve tries to answer Bob's invitation, it does not exist for her
      let answer: [String: Any] = [
        "app": "auralyst", "kind": "journal", "resourceId": "j1", "decision": "accept",
      ]
      let stolen = try await client.json(
        .post, "/api/invitations/respond", answer, token: eve.access)
      #expect(stolen.status == 404)

      // When Bob accepts, he gets write access and the list is empty
      let accepted = try await client.json(
        .post, "/api/invitations/respond", answer, token: bob.access)
      #expect(accepted.status == 200)
      #expect((accepted["invitations"] as? [Any])?.isEmpty == true)
      #expect(try await env.database.access(journal, userID: bob.id) == .write)
      #expect(try await env.database.access(journal, userID: eve.id) == .none)

      let bad = try await client.json(
        .post, "/api/invitations/respond",
        ["app": "auralyst", "kind": "journal", "resourceId": "j1", "decision": "maybe"],
        token: bob.access)
      #expect(bad.status == 400)
      #expect(bad.errorField == "decision")
    }
  }

  @Test func resourceEventsFollowAccessAtDeliveryTime() async throws {
    let server = try await TestServer()
    let env = server.env
    try await server.run { client in
      let ann = try await client.signup("ann2@example.com", name: "Ann")
      let bob = try await client.signup("bob2@example.com", name: "Bob")
      let room = ResourceRef(app: "softer", kind: "room", id: "r1")
      let now = Date(timeIntervalSince1970: 1_800_000_000)
      try await env.database.createShare(
        Share(resource: room, ownerID: ann.id, title: "Room", createdAt: now))
      var bobParticipant = Participant(
        resource: room, userID: bob.id, status: .accepted, permission: .readOnly,
        invitedBy: ann.id, updatedAt: now)
      try await env.database.putParticipant(bobParticipant)
      let start = try await env.database.latestSequence()

      // Given one room event while Bob may read, then access revoked, then another
      try await env.database.appendEvent(
        NewEvent(type: "softer.message", audience: .resource(room), payload: #"{"n":1}"#), at: now)
      bobParticipant.status = .removed
      try await env.database.putParticipant(bobParticipant)
      try await env.database.appendEvent(
        NewEvent(type: "softer.message", audience: .resource(room), payload: #"{"n":2}"#), at: now)

      // Then at delivery Bob no longer sees either room message; Ann sees both
      let latest = try await env.database.latestSequence()
      let bobs = try await client.pollAll(after: start, until: latest, token: bob.access)
      #expect(bobs.map { $0["type"] as? String } == ["share.participant"])
      let anns = try await client.pollAll(after: start, until: latest, token: ann.access)
      let annPayloads = anns.filter { $0["type"] as? String == "softer.message" }
        .compactMap { ($0["payload"] as? [String: Any])?["n"] as? Int }
      #expect(annPayloads == [1, 2])

      let badCursor = try await client.json(
        .get, "/api/events/poll?after=-4", token: ann.access)
      #expect(badCursor.status == 400)
      #expect(badCursor.errorField == "after")
    }
  }

  @Test func accessRulesAnswer404BeforeForbidden() throws {
    #expect(throws: APIError.notFound("journal")) {
      try Access.none.require(.read, what: "journal")
    }
    #expect(throws: APIError.notFound("journal")) {
      try Access.invited.require(.read, what: "journal")
    }
    #expect(throws: APIError.forbidden) { try Access.read.require(.write, what: "journal") }
    try Access.write.require(.write, what: "journal")
    try Access.owner.require(.owner, what: "journal")
  }
}

@Suite struct IdentityLookupTests {
  @Test func unknownIdentitiesAreNamed() async throws {
    let server = try await TestServer()
    let accounts = AccountService(env: server.env)
    let ann = try await accounts.signup(
      .init(
        email: "ann@example.com", displayName: "Ann", password: "long enough",
        phone: "+14155550123", timeZone: nil),
      origin: RequestOrigin(address: "test", device: "test"))
    let found = try await accounts.resolve(["ANN@example.com"], field: "invitees")
    #expect(found.map(\.id) == [ann.id])
    // Nobody confirms a phone number, so one never finds the account that typed it in
    await #expect {
      try await accounts.resolve(["ann@example.com", "+1 415 555 0123"], field: "invitees")
    } throws: { error in
      guard let error = error as? APIErrorResponse else { return false }
      return error.error.field == "invitees[1]" && error.error.code == "phone_not_confirmed"
    }
    await #expect {
      try await accounts.resolve(["ann@example.com", "ghost@example.com"], field: "invitees")
    } throws: { error in
      guard let error = error as? APIErrorResponse else { return false }
      return error.error.field == "invitees[1]" && error.error.message.contains("ghost@example.com")
    }
  }
}
