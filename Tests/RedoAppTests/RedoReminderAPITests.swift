import Foundation
import HTTPTypes
import HearthTesting
import HummingbirdTesting
import RedoCore
import Testing

/// A task's reminder over the JSON API and the task page: each person's own, for tasks they
/// can see, and bad input named by field.
@Suite struct RedoReminderAPITests {
  /// 2026-11-30 12:00 UTC.
  static let now = Date(timeIntervalSince1970: 1_796_040_000)

  static func path(_ taskId: String) -> String { "/api/redo/tasks/\(taskId)/reminder" }

  /// Ann's task, due Dec 1 at 14:00 in Paris, uploaded from her device.
  static func annsTask(
    _ client: some TestClientProtocol, _ ann: (access: String, refresh: String, id: String)
  ) async throws -> String {
    let device = RedoAPITests.Device()
    #expect(try await device.register(client, account: ann.id, token: ann.access).status == 200)
    let create = device.sign(
      NodeDraft(
        taskId: device.taskId, parents: [], lamport: 1, action: .create,
        payload: ["title": "Pay the rent"]))
    let todo = device.sign(
      NodeDraft(
        taskId: device.taskId, parents: [create.id], lamport: 2, action: .createTodo,
        payload: [
          "todoTaskId": .string(UUID().uuidString.lowercased()),
          "deadline": "2026-12-01T13:00:00.000Z",
        ]),
      wall: "2026-11-22T10:00:00.001Z")
    let results = try await RedoAPITests.upload(client, [create, todo], token: ann.access)
    #expect(RedoAPITests.statuses(results) == ["accepted", "accepted"])
    return device.taskId
  }

  @Test func eachPersonSetsTheirOwnReminderOfATaskTheyCanSee() async throws {
    let server = try await TestServer(apps: testedApps, now: { Self.now })
    try await server.run { client in
      let ann = try await client.signup("ann@example.com", name: "Ann")
      let bob = try await client.signup("bob@example.com", name: "Bob")
      let taskId = try await Self.annsTask(client, ann)
      let path = Self.path(taskId)

      let fresh = try await client.json(.get, path, token: ann.access)
      #expect(fresh.status == 200 && fresh.body["before"] is NSNull && fresh["nextAt"] == nil)
      #expect(fresh["reason"] as? String == "You will not be reminded of this task.")

      let set = try await client.json(.put, path, ["before": 10], token: ann.access)
      #expect(set.status == 200 && set["before"] as? Int == 10)
      #expect(set["nextAt"] as? String == "2026-12-01T12:50:00Z" && set["reason"] == nil)
      #expect(try await client.json(.get, path, token: ann.access)["before"] as? Int == 10)

      // Someone the task is not shared with learns nothing of it, whatever they send
      let replies = [
        try await client.json(.get, path, token: bob.access),
        try await client.json(.put, path, ["before": 10], token: bob.access),
        try await client.json(.put, path, ["before": "soon"], token: bob.access),
      ]
      #expect(replies.map(\.status) == [404, 404, 404])
      #expect(replies.allSatisfy { $0.errorCode == "not_found" })
      #expect(try await client.json(.get, Self.path("nope"), token: ann.access).status == 404)
      #expect(try await client.json(.get, path).status == 401)
      #expect(try await client.json(.put, path, ["before": 10]).status == 401)

      let never = try await client.json(.put, path, ["before": NSNull()], token: ann.access)
      #expect(never.status == 200 && never.body["before"] is NSNull && never["nextAt"] == nil)
    }
  }

  @Test func badRemindersAreExplained() async throws {
    let server = try await TestServer(apps: testedApps, now: { Self.now })
    try await server.run(schemaChecked: false) { client in
      let ann = try await client.signup("ann@example.com", name: "Ann")
      let path = Self.path(try await Self.annsTask(client, ann))
      let missing = try await client.json(.put, path, [:], token: ann.access)
      #expect(missing.status == 400 && missing.errorField == "before")
      for before in [5, -10, 1.5, "10", true, 100_000_000] as [Any] {
        let bad = try await client.json(.put, path, ["before": before], token: ann.access)
        #expect(bad.status == 400 && bad.errorField == "before", "\(before)")
        #expect((bad.error?["message"] as? String)?.isEmpty == false)
      }
      let notJSON = try await client.raw(
        .put, path, body: Data("[10]".utf8),
        headers: [.contentType: "application/json", .authorization: "Bearer \(ann.access)"])
      #expect(notJSON.status == 400)
    }
  }

  @Test func theTaskPageSavesTheReminderWithoutScripts() async throws {
    let server = try await TestServer(apps: testedApps, now: { Self.now })
    try await server.run { client in
      let ann = try await client.signup("ann@example.com", name: "Ann")
      let bob = try await client.signup("bob@example.com", name: "Bob")
      let taskId = try await Self.annsTask(client, ann)
      let page = "/redo/tasks/\(taskId)"
      let before = try await client.raw(
        .get, page, headers: [.authorization: "Bearer \(ann.access)"])
      #expect(before.status == 200)
      #expect(before.text.contains(#"<label for="redo-reminder-before">Remind me</label>"#))
      #expect(before.text.contains(#"<option value="" selected>Never</option>"#))
      #expect(before.text.contains("You will not be reminded of this task."))

      func post(_ body: String, as token: String) async throws -> JSONReply {
        try await client.raw(
          .post, "\(page)/reminder", body: Data(body.utf8),
          headers: [
            .contentType: "application/x-www-form-urlencoded", .authorization: "Bearer \(token)",
          ])
      }
      let saved = try await post("before=10", as: ann.access)
      #expect(saved.status == 302 && saved.headers[.location] == page)
      let after = try await client.raw(
        .get, page, headers: [.authorization: "Bearer \(ann.access)"])
      #expect(after.text.contains(#"<option value="10" selected>10 minutes before</option>"#))
      #expect(after.text.contains("Next reminder: <time"))
      #expect(after.text.contains(">Tue 1 Dec, 13:50</time>"))
      #expect(
        try await client.json(.get, Self.path(taskId), token: ann.access)["before"] as? Int == 10)

      let bad = try await post("before=7", as: ann.access)
      #expect(bad.status == 400 && bad.text.contains("Choose when to be reminded from the list."))
      #expect(try await post("before=10", as: bob.access).status == 404)
      #expect(try await post("before=", as: ann.access).status == 302)
      #expect(
        try await client.json(.get, Self.path(taskId), token: ann.access).body["before"] is NSNull)
    }
  }

  /// A task the server does not hold for this person (another's, or one not yet sent) answers
  /// 404 with the frame the browser draws its own copy into, naming nothing of the task.
  @Test func aTaskPageTheServerDoesNotHoldIsTheBrowsersFrame() async throws {
    let server = try await TestServer(apps: testedApps, now: { Self.now })
    try await server.run { client in
      let ann = try await client.signup("ann@example.com", name: "Ann")
      let bob = try await client.signup("bob@example.com", name: "Bob")
      let taskId = try await Self.annsTask(client, ann)
      let page = try await client.raw(
        .get, "/redo/tasks/\(taskId)", headers: [.authorization: "Bearer \(bob.access)"])
      #expect(page.status == 404)
      #expect(page.text.contains(#"data-redo-offline-task="missing""#))
      #expect(!page.text.contains("Pay the rent"))
      let notATask = try await client.raw(
        .get, "/redo/tasks/not-a-task", headers: [.authorization: "Bearer \(bob.access)"])
      #expect(notATask.status == 404 && !notATask.text.contains("data-redo-offline-task"))
    }
  }
}
