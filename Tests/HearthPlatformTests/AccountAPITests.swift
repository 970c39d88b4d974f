import Foundation
import HearthPlatform
import HearthTesting
import Testing

@Suite struct AccountAPITests {
  @Test func phoneIsClearedByNullAndKeptWhenAbsent() async throws {
    let server = try await TestServer()
    try await server.run { client in
      let ann = try await client.signup("phone@example.com")
      _ = try await client.json(.patch, "/api/me", ["phone": "+14155550123"], token: ann.access)
      let kept = try await client.json(.patch, "/api/me", ["displayName": "A"], token: ann.access)
      #expect((kept["user"] as? [String: Any])?["phone"] as? String == "+14155550123")
      let cleared = try await client.json(
        .patch, "/api/me", ["phone": NSNull()], token: ann.access)
      #expect((cleared["user"] as? [String: Any])?["phone"] is NSNull)
    }
  }

  @Test func passwordChangeEndsOtherSessions() async throws {
    let server = try await TestServer()
    try await server.run { client in
      let first = try await client.signup("pw@example.com")
      let login = try await client.json(
        .post, "/api/auth/login", ["email": "pw@example.com", "password": "correct horse"])
      let second = try #require(login["accessToken"] as? String)

      let sessions = try await client.json(.get, "/api/me/sessions", token: first.access)
      let list = try #require(sessions["sessions"] as? [[String: Any]])
      #expect(list.count == 2)
      #expect(list.filter { $0["current"] as? Bool == true }.count == 1)

      let wrong = try await client.json(
        .post, "/api/me/password", ["currentPassword": "nope", "newPassword": "another horse"],
        token: first.access)
      #expect(wrong.status == 400)
      #expect(wrong.errorField == "currentPassword")
      let short = try await client.json(
        .post, "/api/me/password", ["currentPassword": "correct horse", "newPassword": "short"],
        token: first.access)
      #expect(short.errorField == "newPassword")
      let changed = try await client.json(
        .post, "/api/me/password",
        ["currentPassword": "correct horse", "newPassword": "another horse"], token: first.access)
      #expect(changed.status == 204)

      #expect(try await client.json(.get, "/api/me", token: first.access).status == 200)
      #expect(try await client.json(.get, "/api/me", token: second).status == 401)
      let relogin = try await client.json(
        .post, "/api/auth/login", ["email": "pw@example.com", "password": "another horse"])
      #expect(relogin.status == 200)
    }
  }

  @Test func sessionsOfOthersAreNotFound() async throws {
    let server = try await TestServer()
    try await server.run { client in
      let ann = try await client.signup("s1@example.com")
      let bob = try await client.signup("s2@example.com")
      let bobs = try await client.json(.get, "/api/me/sessions", token: bob.access)
      let bobSession = try #require(
        (bobs["sessions"] as? [[String: Any]])?.first?["id"] as? String)
      let attempt = try await client.json(
        .delete, "/api/me/sessions/\(bobSession)", token: ann.access)
      #expect(attempt.status == 404)
      #expect(try await client.json(.get, "/api/me", token: bob.access).status == 200)
      let own = try await client.json(.delete, "/api/me/sessions/\(bobSession)", token: bob.access)
      #expect(own.status == 204)
      #expect(try await client.json(.get, "/api/me", token: bob.access).status == 401)
    }
  }

  @Test func exportThenDelete() async throws {
    let server = try await TestServer()
    try await server.run { client in
      let ann = try await client.signup("gone@example.com", name: "Gone")
      #expect(try await client.json(.post, "/api/push/test", token: ann.access).status == 202)
      let export = try await client.json(.get, "/api/me/export", token: ann.access)
      let notifications = export["notifications"] as? [String: Any]
      let inbox = notifications?["notifications"] as? [[String: Any]]
      #expect(inbox?.map { $0["title"] as? String } == ["Notifications work"])
      #expect((notifications?["devices"] as? [Any])?.isEmpty == true)
      #expect((notifications?["preferences"] as? [String: Any])?["kinds"] != nil)
      #expect((export["user"] as? [String: Any])?["displayName"] as? String == "Gone")
      #expect(export.text.contains("passwordHash") == false)
      #expect(export.text.contains("tokenHash") == false)
      #expect((export["sessions"] as? [Any])?.count == 1)

      let refused = try await client.json(
        .post, "/api/me/delete", ["password": "wrong one"], token: ann.access)
      #expect(refused.status == 400)
      let deleted = try await client.json(
        .post, "/api/me/delete", ["password": "correct horse"], token: ann.access)
      #expect(deleted.status == 204)
      #expect(try await client.json(.get, "/api/me", token: ann.access).status == 401)
      let login = try await client.json(
        .post, "/api/auth/login", ["email": "gone@example.com", "password": "correct horse"])
      #expect(login.status == 401)
    }
  }
}
