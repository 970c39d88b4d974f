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
