import Foundation
import HearthPlatform
import HearthTesting
import Testing

@Suite struct AuthAPITests {
  @Test func signupLoginRefreshLogoutFlow() async throws {
    let server = try await TestServer()
    try await server.run { client in
      // Given a new account
      let tokens = try await client.signup("ann@example.com", name: "Ann")

      // Then /api/me knows it, with the time zone from sign-up
      let me = try await client.json(.get, "/api/me", token: tokens.access)
      #expect(me.status == 200)
      let user = try #require(me["user"] as? [String: Any])
      #expect(user["email"] as? String == "ann@example.com")
      #expect(user["timeZone"] as? String == "Europe/Paris")
      #expect(user["passwordHash"] == nil)

      // When logging in with the password, then with a wrong one
      let login = try await client.json(
        .post, "/api/auth/login", ["email": "ANN@example.com", "password": "correct horse"])
      #expect(login.status == 200)
      let wrong = try await client.json(
        .post, "/api/auth/login", ["email": "ann@example.com", "password": "nope nope"])
      #expect(wrong.status == 401)
      #expect(wrong.errorCode == "invalid_credentials")

      // When refreshing, the old refresh token stops working
      let refreshed = try await client.json(
        .post, "/api/auth/refresh", ["refreshToken": tokens.refresh])
      #expect(refreshed.status == 200)
      let again = try await client.json(
        .post, "/api/auth/refresh", ["refreshToken": tokens.refresh])
      #expect(again.status == 401)
      #expect(again.errorField == "refreshToken")
      // and, shown again, it ends the sessions it was rotated into (issue 15: reuse means a copy)
      let rotated = try #require(refreshed["accessToken"] as? String)
      #expect(try await client.json(.get, "/api/me", token: rotated).status == 401)
      let rotatedRefresh = try #require(refreshed["refreshToken"] as? String)
      #expect(
        try await client.json(.post, "/api/auth/refresh", ["refreshToken": rotatedRefresh]).status
          == 401)

      // When logging out, the access token of that session stops working
      let newAccess = try #require(login["accessToken"] as? String)
      let logout = try await client.json(.post, "/api/auth/logout", token: newAccess)
      #expect(logout.status == 204)
      let after = try await client.json(.get, "/api/me", token: newAccess)
      #expect(after.status == 401)
    }
  }

  @Test func badInputGetsAClearErrorNamingTheField() async throws {
    let server = try await TestServer()
    try await server.run { client in
      let missing = try await client.json(.post, "/api/auth/signup", ["email": "x@example.com"])
      #expect(missing.status == 400)
      #expect(missing.errorField == "displayName")

      let badEmail = try await client.json(
        .post, "/api/auth/signup",
        ["email": "not-an-email", "displayName": "X", "password": "long enough"])
      #expect(badEmail.errorField == "email")

      let badZone = try await client.json(
        .post, "/api/auth/signup",
        [
          "email": "z@example.com", "displayName": "Z", "password": "long enough",
          "timeZone": "Mars/Olympus",
        ])
      #expect(badZone.status == 400)
      #expect(badZone.errorField == "timeZone")

      let wrongType = try await client.json(
        .post, "/api/auth/signup", ["email": 5, "displayName": "X", "password": "long enough"])
      #expect(wrongType.status == 400)
      #expect(wrongType.errorField == "email")

      let notJSON = try await client.raw(
        .post, "/api/auth/login", body: Data("{nope".utf8),
        headers: [.contentType: "application/json"])
      #expect(notJSON.status == 400)
      #expect(notJSON.errorCode == "malformed_body")

      let huge = try await client.raw(
        .post, "/api/auth/login", body: Data(repeating: 32, count: (1 << 20) + 10),
        headers: [.contentType: "application/json"])
      #expect(huge.status == 413)
      #expect((huge.error?["message"] as? String)?.contains("POST /api/auth/login") == true)

      _ = try await client.signup("dup@example.com")
      let duplicate = try await client.json(
        .post, "/api/auth/signup",
        ["email": "dup@example.com", "displayName": "Again", "password": "long enough"])
      #expect(duplicate.status == 409)
      #expect(duplicate.errorField == "email")

      let noToken = try await client.json(.get, "/api/me")
      #expect(noToken.status == 401)
      let forged = try await client.json(.get, "/api/me", token: "hat1.e30.AAAA")
      #expect(forged.status == 401)
    }
  }

  @Test func repeatedWrongPasswordsAreRateLimited() async throws {
    let server = try await TestServer()
    try await server.run { client in
      _ = try await client.signup("rl@example.com")
      var statuses: [Int] = []
      for _ in 0..<7 {
        let reply = try await client.json(
          .post, "/api/auth/login", ["email": "rl@example.com", "password": "wrong password"])
        statuses.append(reply.status)
      }
      #expect(statuses.prefix(5).allSatisfy { $0 == 401 })
      #expect(statuses.suffix(2).allSatisfy { $0 == 429 })
      let right = try await client.json(
        .post, "/api/auth/login", ["email": "rl@example.com", "password": "correct horse"])
      #expect(right.status == 429)
      #expect(right.headers[.retryAfter] != nil)
    }
  }

  @Test func profileChangesAreValidatedAndAnnounced() async throws {
    let server = try await TestServer()
    try await server.run { client in
      let ann = try await client.signup("p1@example.com")
      _ = try await client.signup("p2@example.com")
      let cursor = try await client.json(.get, "/api/events/poll?timeout=0", token: ann.access)
      let start = try #require(cursor["cursor"] as? Int)

      // Changing the email asks for the password (issue 15), then checks it is free
      let unasked = try await client.json(
        .patch, "/api/me", ["email": "p3@example.com"], token: ann.access)
      #expect(unasked.status == 400 && unasked.errorField == "currentPassword")
      let wrong = try await client.json(
        .patch, "/api/me", ["email": "p3@example.com", "currentPassword": "guess"],
        token: ann.access)
      #expect(wrong.status == 400 && wrong.errorField == "currentPassword")
      let taken = try await client.json(
        .patch, "/api/me", ["email": "p2@example.com", "currentPassword": "correct horse"],
        token: ann.access)
      #expect(taken.status == 409)
      let renamed = try await client.json(
        .patch, "/api/me", ["displayName": "Ann B", "phone": "+33 6 12 34 56 78"],
        token: ann.access)
      #expect(renamed.status == 200)
      #expect((renamed["user"] as? [String: Any])?["phone"] as? String == "+33612345678")

      let events = try await client.json(
        .get, "/api/events/poll?after=\(start)&timeout=1", token: ann.access)
      let list = try #require(events["events"] as? [[String: Any]])
      #expect(list.map { $0["type"] as? String } == ["account.updated"])
      // The same email, however written, is no change and needs no password
      let same = try await client.json(
        .patch, "/api/me", ["email": "P1@example.com"], token: ann.access)
      #expect(same.status == 200)
    }
  }
}
