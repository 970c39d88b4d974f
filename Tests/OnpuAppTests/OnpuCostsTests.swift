import Foundation
import HearthTesting
import Testing

@testable import OnpuApp

/// Work that costs real time or money answers 429 with Retry-After once an account has asked
/// for too much of it, whichever route asks, and other accounts are not held back.
@Suite struct OnpuCostsTests {
  @Test func ankiExportsStopAtTheAccountsHourlyLimit() async throws {
    let server = try await TestServer()
    try await server.run { client in
      let ann = try await client.signup("ann@example.com", name: "Ann")
      let bob = try await client.signup("bob@example.com", name: "Bob")
      let limit = 30
      for _ in 0..<limit {
        let export = try await client.json(.get, "/api/onpu/anki", token: ann.access)
        #expect(export.status != 429)
      }
      let refused = try await client.json(.get, "/api/onpu/anki", token: ann.access)
      #expect(refused.status == 429 && refused.errorCode == "rate_limited")
      let wait = try #require(refused.headers[.retryAfter].flatMap { Int($0) })
      #expect(wait > 0 && wait <= 3600)
      #expect(refused.error?["message"] as? String ?? "" != "")
      // The same work through another route counts too: one song's deck
      let song = try await client.json(
        .get, "/api/onpu/songs/missing/anki", token: ann.access)
      #expect(song.status == 429)
      #expect(try await client.json(.get, "/api/onpu/anki", token: bob.access).status != 429)
    }
  }
}
