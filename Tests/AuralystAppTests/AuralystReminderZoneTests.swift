import Foundation
import HearthCore
import HearthTesting
import HummingbirdTesting
import Testing

@testable import AuralystApp
@testable import HearthNotifications
@testable import HearthPlatform

/// Dose reminders stay at home (the journal's zone) unless the owner chooses that they travel:
/// then they follow the zone on the owner's account, also when it changes later.
@Suite(.serialized)
struct AuralystReminderZoneTests {
  @Test func remindersStayHomeOrFollowTheOwnersZone() async throws {
    let now = ManualNow("2026-11-20T06:00:00Z")
    let server = try await AuralystDoseReminderTests.server(now)
    try await server.run { client in
      let ann = try await client.signup("ann@example.com", name: "Ann")
      let created = try await client.json(
        .post, "/api/auralyst/journals", ["title": "Mine", "timeZone": "Europe/Paris"],
        token: ann.access)
      let journal = try #require((created["journal"] as? [String: Any])?["id"] as? String)
      #expect((created["journal"] as? [String: Any])?["reminderZone"] as? String == "home")
      let base = "/api/auralyst/journals/\(journal)"
      // One daily dose at 08:00
      let added = try await client.json(
        .post, "\(base)/medications", ["name": "Vitamin D"], token: ann.access)
      #expect(added.status == 201)
      let resource = AuralystStoreSupport.resource(journal)
      func next() async throws -> Date? {
        let reminders = try await server.env.reminders.reminders(
          app: "auralyst", resource: resource)
        #expect(reminders.count == 1)
        return reminders.first?.nextAt
      }
      #expect(try await next() == ManualNow.instant("2026-11-20T07:00:00Z"))

      // At home: Ann flying to New York leaves them at 08:00 Paris
      let flown = try await client.json(
        .patch, "/api/me", ["timeZone": "America/New_York"], token: ann.access)
      #expect(flown.status == 200)
      #expect(try await next() == ManualNow.instant("2026-11-20T07:00:00Z"))

      // Travelling: 08:00 in New York
      let travelling = try await client.json(
        .patch, base, ["reminderZone": "current"], token: ann.access)
      #expect(travelling.status == 200)
      #expect((travelling["journal"] as? [String: Any])?["reminderZone"] as? String == "current")
      #expect(try await next() == ManualNow.instant("2026-11-20T13:00:00Z"))

      // and on to Tokyo: 08:00 there is 23:00 UTC
      let tokyo = try await client.json(
        .patch, "/api/me", ["timeZone": "Asia/Tokyo"], token: ann.access)
      #expect(tokyo.status == 200)
      #expect(try await next() == ManualNow.instant("2026-11-20T23:00:00Z"))

      let wrong = try await client.json(
        .patch, base, ["reminderZone": "away"], token: ann.access)
      #expect(wrong.status == 400)
      #expect((wrong["error"] as? [String: Any])?["field"] as? String == "reminderZone")

      // Home again
      let home = try await client.json(.patch, base, ["reminderZone": "home"], token: ann.access)
      #expect(home.status == 200)
      #expect(try await next() == ManualNow.instant("2026-11-20T07:00:00Z"))
    }
  }
}
