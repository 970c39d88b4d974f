import Foundation
import HTTPTypes
import HearthTesting
import HummingbirdTesting
import Testing

/// Log-in limits kept in the database and reserved before the password is checked: they hold
/// under simultaneous guesses, a stranger cannot lock the owner out from elsewhere, and guessing
/// from many addresses is slowed down per account.
@Suite struct LoginLimitTests {
  static func login(
    _ client: some TestClientProtocol, _ password: String, from address: String? = nil
  ) async throws -> Int {
    var headers: HTTPFields = [:]
    if let address { headers[HTTPField.Name("X-Forwarded-For")!] = address }
    return try await client.json(
      .post, "/api/auth/login", ["email": "ann@example.com", "password": password],
      headers: headers
    ).status
  }

  @Test func simultaneousGuessesGetNoMoreThanTheLimit() async throws {
    let server = try await TestServer()
    try await server.run { client in
      _ = try await client.signup("ann@example.com")
      let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
        for _ in 0..<40 { group.addTask { try await Self.login(client, "wrong password") } }
        return try await group.reduce(into: [Int]()) { $0.append($1) }
      }
      #expect(statuses.filter { $0 == 401 }.count == 5)
      #expect(statuses.filter { $0 == 429 }.count == 35)
    }
  }

  @Test func strangersAreKeptOutWithoutLockingTheOwnerOut() async throws {
    // In-process requests have no peer address: trusting "unknown" as a proxy lets each request
    // name its own address in X-Forwarded-For.
    let server = try await TestServer { $0.trustedProxies = ["unknown"] }
    try await server.run { client in
      _ = try await client.signup("ann@example.com")
      let home = "203.0.113.1"
      #expect(try await Self.login(client, "correct horse", from: home) == 200)

      // One stranger's address is refused after five guesses; the owner at home is not
      var stranger: [Int] = []
      for _ in 0..<6 {
        stranger.append(try await Self.login(client, "guess", from: "198.51.100.7"))
      }
      #expect(stranger == [401, 401, 401, 401, 401, 429])
      #expect(try await Self.login(client, "correct horse", from: home) == 200)

      // Guesses from many new addresses: twenty an hour for the account, the stranger's included
      var many: [Int] = []
      for host in 0..<25 {
        many.append(try await Self.login(client, "guess", from: "192.0.2.\(host)"))
      }
      #expect(many.filter { $0 == 401 }.count == 15)
      #expect(many.suffix(10).allSatisfy { $0 == 429 })
      // A new address must wait too, even with the password; home, where the owner signed in
      // before, is let in
      #expect(try await Self.login(client, "correct horse", from: "192.0.2.200") == 429)
      #expect(try await Self.login(client, "correct horse", from: home) == 200)
    }
  }

  @Test func passwordChecksBeforeChangesAreLimitedToo() async throws {
    let server = try await TestServer()
    try await server.run { client in
      let ann = try await client.signup("ann@example.com")
      var statuses: [Int] = []
      for _ in 0..<6 {
        statuses.append(
          try await client.json(
            .post, "/api/me/password",
            ["currentPassword": "guess", "newPassword": "a new password"],
            token: ann.access
          ).status)
      }
      #expect(statuses == [400, 400, 400, 400, 400, 429])
      let deleting = try await client.json(
        .post, "/api/me/delete", ["password": "correct horse"], token: ann.access)
      #expect(deleting.status == 429 && deleting.headers[.retryAfter] != nil)
    }
  }
}
