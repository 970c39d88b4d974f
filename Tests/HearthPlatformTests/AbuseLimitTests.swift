import Foundation
import HTTPTypes
import HearthCore
import HearthPlatform
import HearthTesting
import HummingbirdTesting
import Testing

/// Limits on what one address or account may take: new accounts an hour, live streams at once.
@Suite struct AbuseLimitTests {
  @Test func oneAddressOpensTwentyAccountsAnHourInProduction() async throws {
    let server = try await TestServer { $0.environment = .production }
    try await server.run { client in
      for number in 1...20 {
        let made = try await client.json(
          .post, "/api/auth/signup",
          ["email": "p\(number)@example.com", "displayName": "P", "password": "long enough"])
        #expect(made.status == 201)
      }
      let refused = try await client.json(
        .post, "/api/auth/signup",
        ["email": "p21@example.com", "displayName": "P", "password": "long enough"])
      #expect(refused.status == 429 && refused.headers[.retryAfter] != nil)
    }
    var development = HearthConfig()
    development.environment = .development
    #expect(development.signupsPerHour == 1000 && HearthConfig().signupsPerHour == 20)
  }

  @Test func streamsPerAccountAreCounted() {
    let streams = OpenStreams()
    #expect(streams.open("ann", most: 2) && streams.open("ann", most: 2))
    #expect(!streams.open("ann", most: 2))
    #expect(streams.open("bob", most: 2))
    streams.close("ann")
    #expect(streams.count("ann") == 1 && streams.open("ann", most: 2))
    streams.close("bob")
    #expect(streams.count("bob") == 0)
  }

  @Test func anAccountOverItsStreamsIsTurnedAway() async throws {
    let server = try await TestServer { $0.streamsPerAccount = 0 }
    try await server.run { client in
      let ann = try await client.signup("ann@example.com")
      let refused = try await client.raw(
        .get, "/api/events?maxSeconds=1",
        headers: [.authorization: "Bearer \(ann.access)", .accept: "text/event-stream"])
      #expect(refused.status == 429 && refused.errorCode == "too_many_streams")
    }
  }
}

/// /metrics tells a lot about a server: open in development, for its scraper in production.
@Suite struct MetricsAccessTests {
  @Test func productionMetricsNeedTheScrapersToken() async throws {
    let token = String(repeating: "m", count: 24)
    let server = try await TestServer {
      $0.environment = .production
      $0.metricsToken = token
    }
    try await server.run { client in
      #expect(try await client.raw(.get, "/metrics").status == 401)
      let wrong = try await client.raw(
        .get, "/metrics", headers: [.authorization: "Bearer " + String(repeating: "x", count: 24)])
      #expect(wrong.status == 401)
      let right = try await client.raw(
        .get, "/metrics", headers: [.authorization: "Bearer \(token)"])
      #expect(right.status == 200 && right.text.contains("hearth_"))
    }
    let unset = try await TestServer { $0.environment = .production }
    try await unset.run { client in
      let reply = try await client.raw(.get, "/metrics")
      #expect(reply.status == 404)
    }
    let development = try await TestServer { $0.environment = .development }
    try await development.run { client in
      let reply = try await client.raw(.get, "/metrics")
      #expect(reply.status == 200)
    }
  }
}
