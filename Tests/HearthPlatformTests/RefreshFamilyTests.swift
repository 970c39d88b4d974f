import Foundation
import HearthCore
import HearthPlatform
import HearthTesting
import HummingbirdTesting
import NIOConcurrencyHelpers
import Testing

/// Refresh tokens rotate within a family that starts at sign-in: reuse ends the family, other
/// sign-ins keep going, and no family outlives its absolute lifetime.
@Suite struct RefreshFamilyTests {
  @Test func reuseEndsOnlyItsOwnFamily() async throws {
    let server = try await TestServer()
    try await server.run { client in
      _ = try await client.signup("ann@example.com")
      func login() async throws -> (access: String, refresh: String) {
        let reply = try await client.json(
          .post, "/api/auth/login", ["email": "ann@example.com", "password": "correct horse"])
        return (reply["accessToken"] as! String, reply["refreshToken"] as! String)
      }
      let laptop = try await login()
      let phone = try await login()
      // The laptop's token is copied; the laptop rotates it, then the copy is used
      let rotated = try await client.json(
        .post, "/api/auth/refresh", ["refreshToken": laptop.refresh])
      let stolen = try await client.json(
        .post, "/api/auth/refresh", ["refreshToken": laptop.refresh])
      #expect(stolen.status == 401)
      // The laptop's whole family has ended; the phone, another sign-in, has not
      #expect(
        try await client.json(.get, "/api/me", token: rotated["accessToken"] as? String).status
          == 401)
      #expect(try await client.json(.get, "/api/me", token: phone.access).status == 200)
      let phoneNext = try await client.json(
        .post, "/api/auth/refresh", ["refreshToken": phone.refresh])
      #expect(phoneNext.status == 200)
    }
  }

  @Test func aFamilyEndsAtItsAbsoluteLifetime() async throws {
    let clock = NIOLockedValueBox(Date(timeIntervalSince1970: 1_800_000_000))
    let server = try await TestServer(
      apps: [], now: { clock.withLockedValue { $0 } },
      configure: { config in
        config.refreshTokenSeconds = 10 * 86400
        config.refreshFamilySeconds = 25 * 86400
      })
    try await server.run { client in
      _ = try await client.signup("ann@example.com")
      var refresh = try #require(
        try await client.json(
          .post, "/api/auth/login", ["email": "ann@example.com", "password": "correct horse"]
        )["refreshToken"] as? String)
      // Rotating every nine days keeps each token young, but the family is 25 days old at most
      var statuses: [Int] = []
      for _ in 0..<3 {
        clock.withLockedValue { $0 = $0.addingTimeInterval(9 * 86400) }
        let reply = try await client.json(.post, "/api/auth/refresh", ["refreshToken": refresh])
        statuses.append(reply.status)
        if let next = reply["refreshToken"] as? String { refresh = next }
      }
      #expect(statuses == [200, 200, 401])
    }
  }
}
