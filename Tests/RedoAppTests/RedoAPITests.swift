import CanonicalJSON
import Foundation
import HTTPTypes
import HearthPlatform
import HearthTesting
import HummingbirdTesting
import RedoApp
import RedoCore
import Testing

/// Redo sync over the JSON API: keys, per-node verdicts, rights and visibility.
@Suite struct RedoAPITests {
  struct Device {
    let key = RedoKey.generate()
    let taskId = UUID().uuidString.lowercased()

    func sign(_ draft: NodeDraft, wall: String = "2026-11-22T10:00:00.000Z") -> RedoNode {
      key.sign(draft, deviceId: "device", wall: wall)
    }

    func newTask(_ title: String) -> [RedoNode] {
      let create = sign(
        NodeDraft(
          taskId: taskId, parents: [], lamport: 1, action: .create,
          payload: ["title": .string(title)]))
      let todo = sign(
        NodeDraft(
          taskId: taskId, parents: [create.id], lamport: 2, action: .createTodo,
          payload: [
            "todoTaskId": .string(UUID().uuidString.lowercased()),
            "deadline": "2026-11-30T00:00:00.000Z",
          ]),
        wall: "2026-11-22T10:00:00.001Z")
      return [create, todo]
    }

    func update(_ parent: RedoNode, _ payload: [String: JSON]) -> RedoNode {
      sign(
        NodeDraft(
          taskId: parent.taskId, parents: [parent.id], lamport: parent.lamport + 1, action: .update,
          payload: payload))
    }

    var registration: [String: Any] {
      let proof = key.signatureHex(
        for: KeyRegistration.message(accountId: "", publicKey: key.publicKeyHex))
      return ["publicKey": key.publicKeyHex, "proof": proof]
    }

    func register(_ client: some TestClientProtocol, account: String, token: String) async throws
      -> JSONReply
    {
      let proof = key.signatureHex(
        for: KeyRegistration.message(accountId: account, publicKey: key.publicKeyHex))
      return try await client.json(
        .post, "/api/redo/keys",
        ["publicKey": key.publicKeyHex, "proof": proof, "label": "laptop"], token: token)
    }
  }

  static func upload(_ client: some TestClientProtocol, _ nodes: [RedoNode], token: String)
    async throws -> [[String: Any]]
  {
    let body = Data(
      ("{\"nodes\":[" + nodes.map { try! $0.json.canonicalString() }.joined(separator: ",") + "]}")
        .utf8)
    let reply = try await client.raw(
      .post, "/api/redo/nodes", body: body,
      headers: [.contentType: "application/json", .authorization: "Bearer \(token)"])
    return try #require(reply["results"] as? [[String: Any]], "\(reply.text)")
  }

  /// Shares the task read-write with each person, who accepts.
  static func shareReadWrite(
    _ client: some TestClientProtocol, taskId: String, ownerToken: String,
    with people: [(email: String, token: String)]
  ) async throws {
    let accept: [String: Any] = [
      "app": "redo", "kind": "task", "resourceId": taskId, "decision": "accept",
    ]
    for (email, token) in people {
      _ = try await client.json(
        .post, "/api/redo/tasks/\(taskId)/share", ["email": email, "permission": "read-write"],
        token: ownerToken)
      _ = try await client.json(.post, "/api/invitations/respond", accept, token: token)
    }
  }

  static func statuses(_ results: [[String: Any]]) -> [String] {
    results.map { ($0["code"] as? String) ?? ($0["status"] as! String) }
  }

  @Test func keysNeedProofAndBelongToOneAccount() async throws {
    let server = try await TestServer()
    try await server.run { client in
      let ann = try await client.signup("ann@example.com", name: "Ann")
      let bob = try await client.signup("bob@example.com", name: "Bob")
      let device = Device()
      // A proof made for another account does not register the key
      let wrong = try await client.json(
        .post, "/api/redo/keys", device.registration, token: ann.access)
      #expect(wrong.status == 400 && wrong.errorField == "proof")
      let uppercase = try await client.json(
        .post, "/api/redo/keys",
        ["publicKey": device.key.publicKeyHex.uppercased(), "proof": "00"], token: ann.access)
      #expect(uppercase.status == 400 && uppercase.errorField == "publicKey")
      #expect(try await device.register(client, account: ann.id, token: ann.access).status == 200)
      #expect(try await device.register(client, account: ann.id, token: ann.access).status == 200)
      let stolen = try await device.register(client, account: bob.id, token: bob.access)
      #expect(stolen.status == 409 && stolen.errorField == "publicKey")
      let keys =
        try await client.json(.get, "/api/redo/keys", token: ann.access)["keys"] as? [[String: Any]]
      #expect(keys?.map { $0["publicKey"] as? String } == [device.key.publicKeyHex])
    }
  }

  @Test func aRevokedKeyKeepsWhatItSignedAndSignsNothingNew() async throws {
    let server = try await TestServer()
    try await server.run { client in
      let ann = try await client.signup("ann@example.com", name: "Ann")
      let bob = try await client.signup("bob@example.com", name: "Bob")
      let device = Device()
      _ = try await device.register(client, account: ann.id, token: ann.access)
      let first = device.newTask("Before")
      #expect(
        Self.statuses(try await Self.upload(client, first, token: ann.access)).allSatisfy {
          $0 == "accepted"
        })
      let path = "/api/redo/keys/\(device.key.publicKeyHex)"
      #expect(try await client.json(.delete, path, token: bob.access).status == 404)
      let revoked = try await client.json(.delete, path, token: ann.access)
      #expect(revoked.status == 200 && (revoked["keys"] as? [Any])?.isEmpty == true)
      #expect(try await client.json(.delete, path, token: ann.access).status == 404)
      let later = try await Self.upload(client, device.newTask("After"), token: ann.access)
      #expect(Self.statuses(later) == ["unknown_key", "unknown_key"])
      let held = try await client.json(.get, "/api/redo/nodes", token: ann.access)
      #expect((held["nodes"] as? [Any])?.count == first.count)
    }
  }

  @Test func uploadsGetOneVerdictPerNode() async throws {
    let server = try await TestServer()
    try await server.run { client in
      let ann = try await client.signup("ann@example.com", name: "Ann")
      let device = Device()
      let unregistered = try await Self.upload(client, device.newTask("Plants"), token: ann.access)
      #expect(Self.statuses(unregistered) == ["unknown_key", "unknown_key"])
      _ = try await device.register(client, account: ann.id, token: ann.access)

      let nodes = device.newTask("Plants")
      var forged = nodes[1].json.objectValue!
      forged["data"] = [
        "payload": [
          "todoTaskId": "3b6f8b9d-c5e4-4a2f-9d7b-1f3a5c8e2b4d",
          "deadline": "2030-01-01T00:00:00.000Z",
        ]
      ]
      let orphan = device.update(device.update(nodes[1], ["priority": 1]), ["priority": 2])
      let body =
        try "{\"nodes\":["
        + [nodes[0].json, .object(forged), nodes[0].json, orphan.json, ["id": "nope"]]
        .map { try $0.canonicalString() }.joined(separator: ",") + "]}"
      let reply = try await client.raw(
        .post, "/api/redo/nodes", body: Data(body.utf8),
        headers: [.contentType: "application/json", .authorization: "Bearer \(ann.access)"])
      let results = try #require(reply["results"] as? [[String: Any]])
      #expect(
        Self.statuses(results) == [
          "accepted", "E_HASH_MISMATCH", "duplicate", "E_PARENT_NOT_FOUND", "E_ENCODING_VIOLATION",
        ])
      // Then only valid nodes were stored, and a later upload of the rest completes the task
      #expect(
        Self.statuses(try await Self.upload(client, nodes, token: ann.access)) == [
          "duplicate", "accepted",
        ])
      let page = try await client.json(.get, "/api/redo/nodes", token: ann.access)
      #expect((page["nodes"] as? [[String: Any]])?.map { $0["id"] as? String } == nodes.map(\.id))
      #expect(page["more"] as? Bool == false)
    }
  }

  @Test func onlyOwnersAndReadWriteParticipantsChangeATask() async throws {
    let server = try await TestServer()
    try await server.run { client in
      let ann = try await client.signup("ann@example.com", name: "Ann")
      let bob = try await client.signup("bob@example.com", name: "Bob")
      let eve = try await client.signup("eve@example.com", name: "Eve")
      let annDevice = Device()
      let bobDevice = Device()
      let eveDevice = Device()
      _ = try await annDevice.register(client, account: ann.id, token: ann.access)
      _ = try await bobDevice.register(client, account: bob.id, token: bob.access)
      _ = try await eveDevice.register(client, account: eve.id, token: eve.access)
      let nodes = annDevice.newTask("Shared chores")
      _ = try await Self.upload(client, nodes, token: ann.access)
      let taskPath = "/api/redo/tasks/\(annDevice.taskId)"

      // Eve can neither read, change nor detect Ann's task
      #expect(try await client.json(.get, "\(taskPath)/nodes", token: eve.access).status == 404)
      #expect(
        ((try await client.json(.get, "/api/redo/nodes", token: eve.access))["nodes"] as? [Any])?
          .isEmpty == true)
      #expect(
        Self.statuses(
          try await Self.upload(
            client, [eveDevice.update(nodes[1], ["title": "Mine"])], token: eve.access)) == [
            "forbidden"
          ])
      let eveShares = try await client.json(
        .post, "\(taskPath)/share", ["email": "eve@example.com", "permission": "read-write"],
        token: eve.access)
      #expect(eveShares.status == 404)

      // Ann invites Bob read-only: an invitation gives nothing until accepted, and read-only cannot write
      let invite = try await client.json(
        .post, "\(taskPath)/share", ["email": "bob@example.com", "permission": "read-only"],
        token: ann.access)
      #expect(invite.status == 200)
      let unknown = try await client.json(
        .post, "\(taskPath)/share", ["email": "nobody@example.com", "permission": "read-only"],
        token: ann.access)
      // An address with no account is mailed an invitation to sign up; a phone finds nobody
      #expect(unknown.status == 200)
      let emailed = try await server.env.database.row(
        """
        SELECT permission, resource_id FROM email_invitations WHERE email = 'nobody@example.com'
        """)
      #expect(try emailed?["resource_id"] == annDevice.taskId)
      #expect(try emailed?["permission"] == "read-only")
      let phone = try await client.json(
        .post, "\(taskPath)/share", ["email": "+14155550199", "permission": "read-only"],
        token: ann.access)
      #expect(
        phone.status == 400 && phone.errorCode == "phone_not_confirmed"
          && phone.errorField == "email")
      #expect(try await client.json(.get, "\(taskPath)/nodes", token: bob.access).status == 404)
      let accept: [String: Any] = [
        "app": "redo", "kind": "task", "resourceId": annDevice.taskId, "decision": "accept",
      ]
      #expect(
        try await client.json(.post, "/api/invitations/respond", accept, token: bob.access).status
          == 200)
      #expect(try await client.json(.get, "\(taskPath)/nodes", token: bob.access).status == 200)
      let edit = bobDevice.update(nodes[1], ["priority": 5])
      #expect(
        Self.statuses(try await Self.upload(client, [edit], token: bob.access)) == ["forbidden"])
      let bobShares = try await client.json(
        .post, "\(taskPath)/share", ["email": "eve@example.com", "permission": "read-only"],
        token: bob.access)
      #expect(bobShares.status == 403 && bobShares.errorCode == "forbidden")

      // Read-write lets Bob's signed change in (sharing again keeps him accepted, so there is
      // nothing to answer), and Ann downloads it
      _ = try await client.json(
        .post, "\(taskPath)/share", ["email": "bob@example.com", "permission": "read-write"],
        token: ann.access)
      #expect(
        (try await client.json(.get, "/api/invitations", token: bob.access)["invitations"]
          as? [Any])?.isEmpty == true)
      #expect(
        Self.statuses(try await Self.upload(client, [edit], token: bob.access)) == ["accepted"])
      let annPage = try await client.json(
        .get, "/api/redo/nodes?since=0&limit=10", token: ann.access)
      #expect((annPage["nodes"] as? [[String: Any]])?.last?["id"] as? String == edit.id)
    }
  }

  /// Issue 14's late CREATE: a read-write collaborator uploads a CREATE for the shared task,
  /// dated a day earlier. The server refuses it, and the owner's task and uploads go on.
  @Test func aLateCreateCannotRewriteASharedTask() async throws {
    let server = try await TestServer()
    try await server.run { client in
      let ann = try await client.signup("ann@example.com", name: "Ann")
      let bob = try await client.signup("bob@example.com", name: "Bob")
      let annDevice = Device()
      let bobDevice = Device()
      _ = try await annDevice.register(client, account: ann.id, token: ann.access)
      _ = try await bobDevice.register(client, account: bob.id, token: bob.access)
      let nodes = annDevice.newTask("Shared chores")
      _ = try await Self.upload(client, nodes, token: ann.access)
      let taskPath = "/api/redo/tasks/\(annDevice.taskId)"
      try await Self.shareReadWrite(
        client, taskId: annDevice.taskId, ownerToken: ann.access,
        with: [("bob@example.com", bob.access)])

      let early = bobDevice.sign(
        NodeDraft(
          taskId: annDevice.taskId, parents: [], lamport: 1, action: .create,
          payload: ["title": "Bob's now"]),
        wall: "2026-11-21T10:00:00.000Z")
      #expect(
        Self.statuses(try await Self.upload(client, [early], token: bob.access))
          == ["E_DUPLICATE_CREATE"])
      // Ann's task is as she made it, and her next change is taken
      let edit = annDevice.update(nodes[1], ["priority": 5])
      #expect(
        Self.statuses(try await Self.upload(client, [edit], token: ann.access)) == ["accepted"])
      let page = try await client.json(.get, "\(taskPath)/nodes", token: ann.access)
      let ids = (page["nodes"] as? [[String: Any]])?.compactMap { $0["id"] as? String } ?? []
      #expect(ids.count == 3 && Set(ids) == Set(nodes.map(\.id) + [edit.id]))
    }
  }

  /// Sharing again keeps an accepted participant accepted; the owner removes, a participant
  /// leaves, and either way the task is gone for them and their uploads are refused.
  @Test func sharesAreRemovedAndLeft() async throws {
    let server = try await TestServer()
    try await server.run { client in
      let ann = try await client.signup("ann@example.com", name: "Ann")
      let bob = try await client.signup("bob@example.com", name: "Bob")
      let cat = try await client.signup("cat@example.com", name: "Cat")
      let annDevice = Device()
      let bobDevice = Device()
      _ = try await annDevice.register(client, account: ann.id, token: ann.access)
      _ = try await bobDevice.register(client, account: bob.id, token: bob.access)
      let nodes = annDevice.newTask("Shared chores")
      _ = try await Self.upload(client, nodes, token: ann.access)
      let taskPath = "/api/redo/tasks/\(annDevice.taskId)"
      try await Self.shareReadWrite(
        client, taskId: annDevice.taskId, ownerToken: ann.access,
        with: [("bob@example.com", bob.access), ("cat@example.com", cat.access)])
      func statusOf(_ reply: JSONReply, _ id: String) -> String? {
        (reply["participants"] as? [[String: Any]])?.first { $0["userId"] as? String == id }?[
          "status"] as? String
      }

      // Sharing again changes the permission and keeps Bob accepted
      let again = try await client.json(
        .post, "\(taskPath)/share", ["email": "bob@example.com", "permission": "read-only"],
        token: ann.access)
      #expect(statusOf(again, bob.id) == "accepted")
      #expect(try await client.json(.get, "\(taskPath)/nodes", token: bob.access).status == 200)

      // Everyone in sees who is in; only the owner sees the emails they invited
      let seenByAnn = try await client.json(.get, "\(taskPath)/share", token: ann.access)
      let seenByBob = try await client.json(.get, "\(taskPath)/share", token: bob.access)
      let emails = { (reply: JSONReply) in
        Set((reply["participants"] as? [[String: Any]] ?? []).compactMap { $0["email"] as? String })
      }
      #expect(emails(seenByAnn) == ["bob@example.com", "cat@example.com"])
      #expect(seenByBob.status == 200 && emails(seenByBob).isEmpty)

      // Bob cannot remove Cat; Cat leaves; Ann removes Bob
      let meddling = try await client.json(
        .delete, "\(taskPath)/share/\(cat.id)", token: bob.access)
      #expect(meddling.status == 403)
      let left = try await client.json(.delete, "\(taskPath)/share/\(cat.id)", token: cat.access)
      #expect(left.status == 200 && statusOf(left, cat.id) == "removed")
      #expect(try await client.json(.get, "\(taskPath)/nodes", token: cat.access).status == 404)
      let removed = try await client.json(
        .delete, "\(taskPath)/share/\(bob.id)", token: ann.access)
      #expect(removed.status == 200 && statusOf(removed, bob.id) == "removed")
      #expect(try await client.json(.get, "\(taskPath)/nodes", token: bob.access).status == 404)
      let late = bobDevice.update(nodes[1], ["priority": 1])
      #expect(
        Self.statuses(try await Self.upload(client, [late], token: bob.access)) == ["forbidden"])
      // Removing someone twice finds no one
      #expect(
        try await client.json(.delete, "\(taskPath)/share/\(bob.id)", token: ann.access).status
          == 404)
    }
  }

  @Test func badRequestsAreExplained() async throws {
    let server = try await TestServer()
    try await server.run { client in
      let ann = try await client.signup("ann@example.com", name: "Ann")
      let headers: HTTPFields = [
        .contentType: "application/json", .authorization: "Bearer \(ann.access)",
      ]
      #expect(try await client.json(.get, "/api/redo/nodes").status == 401)
      let duplicate = try await client.raw(
        .post, "/api/redo/nodes", body: Data(#"{"nodes":[],"nodes":[]}"#.utf8), headers: headers)
      #expect(duplicate.status == 400 && duplicate.errorCode == "malformed_body")
      let missing = try await client.raw(
        .post, "/api/redo/nodes", body: Data("{}".utf8), headers: headers)
      #expect(missing.status == 400 && missing.errorField == "nodes")
      let many = "{\"nodes\":[" + Array(repeating: "{}", count: 401).joined(separator: ",") + "]}"
      let tooMany = try await client.raw(
        .post, "/api/redo/nodes", body: Data(many.utf8), headers: headers)
      #expect(tooMany.status == 400 && tooMany.errorField == "nodes")
      let huge = "{\"nodes\":[\"" + String(repeating: "x", count: 2 << 20) + "\"]}"
      let tooLarge = try await client.raw(
        .post, "/api/redo/nodes", body: Data(huge.utf8), headers: headers)
      #expect(
        tooLarge.status == 413
          && (tooLarge.error?["message"] as? String)?.contains("POST /api/redo/nodes") == true)
      let badCursor = try await client.json(.get, "/api/redo/nodes?since=-1", token: ann.access)
      #expect(badCursor.status == 400 && badCursor.errorField == "since")
    }
  }
}
