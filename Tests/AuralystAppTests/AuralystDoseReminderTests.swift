import Foundation
import HearthCore
import HearthTesting
import HummingbirdTesting
import Testing

@testable import AuralystApp
@testable import HearthNotifications
@testable import HearthPlatform

/// Dose reminders through the API while a test moves the server's clock: who gets them, the
/// Taken and Snooze buttons, and a schedule's edits and removal.
@Suite(.serialized)
struct AuralystDoseReminderTests {
  /// A server whose access tokens outlive the days the test moves through.
  static func server(_ now: ManualNow) async throws -> TestServer {
    try await TestServer(
      apps: testedApps, now: { now.date },
      queuesRunByHand: [Reminders.queue, NotificationActions.snoozeQueue],
      configure: { $0.accessTokenSeconds = 30 * 86_400 })
  }

  /// Runs every reminder and snooze job due now; returns how many ran.
  @discardableResult
  static func runDue(_ server: TestServer) async throws -> Int {
    try await server.app.worker().runDue([Reminders.queue, NotificationActions.snoozeQueue])
  }

  static func doses(_ server: TestServer, _ userID: String) async throws -> [StoredNotification] {
    try await server.env.database.notificationStore.notifications(
      userID: userID, before: nil, limit: 50
    ).filter { $0.kind == AuralystDoseReminders.kind.id }.sorted { $0.createdAt < $1.createdAt }
  }

  @Test func doseRemindersReachWhoAskedAndTheirButtonsLogTheDoseOnce() async throws {
    let now = ManualNow("2026-11-20T06:00:00Z")
    let server = try await Self.server(now)
    try await server.run { client in
      // Given Ann's journal in Paris, shared read-write with Bob and read-only with Cal, and a
      // medication taken at 08:00 every day
      let (people, journal, _) = try await AuralystAPITests.sharedJournal(client)
      let base = "/api/auralyst/journals/\(journal)"
      let added = try await client.json(
        .post, "\(base)/medications",
        [
          "name": "Ibuprofen", "defaultUnit": "mg",
          "schedules": [["id": "morning", "time": "08:00", "amount": 200, "unit": "mg"]],
        ], token: people.owner.access)
      #expect(added.status == 201, "\(added.text)")
      let medication = try #require((added["medication"] as? [String: Any])?["id"] as? String)
      let resource = AuralystStoreSupport.resource(journal)
      var reminders = try await server.env.reminders.reminders(app: "auralyst", resource: resource)
      #expect(reminders.count == 1)
      #expect(reminders.first?.nextAt == ManualNow.instant("2026-11-20T07:00:00Z"))

      // When Bob turns reminders on, Cal (read-only) cannot, and Ann keeps the owner's default
      let bobOn = try await client.json(
        .put, "\(base)/dose-reminders", ["enabled": true], token: people.writer.access)
      #expect(bobOn.status == 200 && bobOn["enabled"] as? Bool == true)
      let calOn = try await client.json(
        .put, "\(base)/dose-reminders", ["enabled": true], token: people.reader.access)
      #expect(calOn.status == 403)
      let missing = try await client.json(
        .put, "\(base)/dose-reminders", [:], token: people.writer.access)
      #expect(missing.status == 400 && missing.errorField == "enabled")
      let stranger = try await client.json(
        .get, "\(base)/dose-reminders", token: people.stranger.access)
      #expect(stranger.status == 404)
      let ann = try await client.json(.get, "\(base)/dose-reminders", token: people.owner.access)
      #expect(ann["enabled"] as? Bool == true)

      // Then at 08:00 Paris time Ann and Bob are told, with Taken and Snooze, and Cal is not
      now.set("2026-11-20T06:59:59Z")
      #expect(try await Self.runDue(server) == 0)
      now.set("2026-11-20T07:00:02Z")
      #expect(try await Self.runDue(server) == 1)
      let annNotice = try #require(try await Self.doses(server, people.owner.id).first)
      let bobNotice = try #require(try await Self.doses(server, people.writer.id).first)
      #expect(try await Self.doses(server, people.reader.id).isEmpty)
      #expect(annNotice.title == "Time for Ibuprofen")
      #expect(annNotice.body == "200 mg · due at 08:00 in Ann's journal")
      #expect(annNotice.occurredAt == ManualNow.instant("2026-11-20T07:00:00Z"))
      #expect(annNotice.actions.map(\.id) == ["taken", "snooze"])
      #expect(annNotice.url == "/auralyst/journals/\(journal)/days/2026-11-20")

      // When Ann taps Taken in her inbox, and Bob's device sends its token for the same dose
      let taken = try await client.json(
        .post, "/api/notifications/\(annNotice.id)/actions/taken", token: people.owner.access)
      #expect(taken.status == 200, "\(taken.text)")
      #expect(taken["message"] as? String == "Ibuprofen logged as taken at 08:00.")
      let bob = try #require(try await server.env.database.user(id: bobNotice.userID))
      let token = NotificationActions.token(
        bobNotice, action: "taken", user: bob, server.env.tokens)
      let again = try await client.json(.post, "/api/notifications/actions", ["token": token])
      #expect(again.status == 200)
      #expect(again["message"] as? String == "Ibuprofen was logged by Ann at 08:00.")

      // Then the day has one dose, for the morning schedule, by Ann, and both notices are read
      let intakes = try await client.json(
        .get, "\(base)/intakes?day=2026-11-20", token: people.owner.access)
      let logged = try #require(intakes["intakes"] as? [[String: Any]]).filter {
        $0["medicationId"] as? String == medication
      }
      #expect(logged.count == 1)
      #expect(logged.first?["scheduleId"] as? String == "morning")
      #expect(logged.first?["scheduledDate"] as? String == "2026-11-20")
      #expect(logged.first?["authorId"] as? String == people.owner.id)
      #expect(try await Self.doses(server, people.owner.id).allSatisfy { $0.readAt != nil })

      // And a forged or foreign token does nothing
      let forged = try await client.json(
        .post, "/api/notifications/actions", ["token": token.dropLast(2) + "xx"])
      #expect(forged.status == 404)
      let foreign = try await client.json(
        .post, "/api/notifications/\(bobNotice.id)/actions/taken", token: people.owner.access)
      #expect(foreign.status == 404)
      let unknown = try await client.json(
        .post, "/api/notifications/\(annNotice.id)/actions/explode", token: people.owner.access)
      #expect(unknown.status == 400 && unknown.errorField == "action")

      // When the next morning Bob snoozes
      now.set("2026-11-21T07:00:01Z")
      #expect(try await Self.runDue(server) == 1)
      let second = try #require(try await Self.doses(server, people.writer.id).last)
      let snoozed = try await client.json(
        .post, "/api/notifications/\(second.id)/actions/snooze", token: people.writer.access)
      #expect(snoozed.status == 200)

      // Then it comes back 10 minutes later, to him only, with its buttons
      now.set("2026-11-21T07:10:00Z")
      #expect(try await Self.runDue(server) == 0)
      now.set("2026-11-21T07:10:02Z")
      #expect(try await Self.runDue(server) == 1)
      let bobs = try await Self.doses(server, people.writer.id)
      #expect(bobs.count == 3)
      #expect(bobs.last?.dedupeKey == "snoozed:\(second.id)")
      #expect(bobs.last?.actions.map(\.id) == ["taken", "snooze"])
      #expect(try await Self.doses(server, people.owner.id).count == 2)

      // When Ann moves the dose to 09:30, the pending reminder moves with it
      let moved = try await client.json(
        .patch, "\(base)/medications/\(medication)",
        ["schedules": [["id": "morning", "time": "09:30", "amount": 200, "unit": "mg"]]],
        token: people.owner.access)
      #expect(moved.status == 200, "\(moved.text)")
      reminders = try await server.env.reminders.reminders(app: "auralyst", resource: resource)
      #expect(reminders.count == 1)
      #expect(reminders.first?.nextAt == ManualNow.instant("2026-11-21T08:30:00Z"))

      // And a dose logged before its time sends no reminder
      let early = try await client.json(
        .post, "\(base)/intakes",
        ["medicationId": medication, "scheduleId": "morning", "scheduledDate": "2026-11-21"],
        token: people.writer.access)
      #expect(early.status == 201, "\(early.text)")
      now.set("2026-11-21T08:30:01Z")
      #expect(try await Self.runDue(server) == 1)
      #expect(try await Self.doses(server, people.owner.id).count == 2)

      // And nothing comes at the old time the next day
      now.set("2026-11-22T07:00:01Z")
      #expect(try await Self.runDue(server) == 0)

      // When the medication becomes as-needed, then is deleted, its reminders go
      let asNeeded = try await client.json(
        .patch, "\(base)/medications/\(medication)", ["isAsNeeded": true],
        token: people.owner.access)
      #expect(asNeeded.status == 200)
      #expect(try await server.env.reminders.reminders(app: "auralyst", resource: resource).isEmpty)
      let restored = try await client.json(
        .patch, "\(base)/medications/\(medication)", ["isAsNeeded": false],
        token: people.owner.access)
      #expect(restored.status == 200)
      #expect(
        try await server.env.reminders.reminders(app: "auralyst", resource: resource).count == 1)
      let deleted = try await client.json(
        .delete, "\(base)/medications/\(medication)", token: people.owner.access)
      #expect(deleted.status == 204)
      #expect(try await server.env.reminders.reminders(app: "auralyst", resource: resource).isEmpty)
    }
  }

  @Test func aJournalsZoneChangeMovesItsRemindersAndDeletingItEndsThem() async throws {
    let now = ManualNow("2026-11-20T06:00:00Z")
    let server = try await Self.server(now)
    try await server.run { client in
      let ann = try await client.signup("ann@example.com", name: "Ann")
      let created = try await client.json(
        .post, "/api/auralyst/journals", ["title": "Mine", "timeZone": "Europe/Paris"],
        token: ann.access)
      let journal = try #require((created["journal"] as? [String: Any])?["id"] as? String)
      let base = "/api/auralyst/journals/\(journal)"
      // A scheduled medication with no doses set is one daily dose at 08:00
      let added = try await client.json(
        .post, "\(base)/medications", ["name": "Vitamin D"], token: ann.access)
      #expect(added.status == 201)
      let resource = AuralystStoreSupport.resource(journal)
      var reminders = try await server.env.reminders.reminders(app: "auralyst", resource: resource)
      #expect(reminders.first?.nextAt == ManualNow.instant("2026-11-20T07:00:00Z"))

      let moved = try await client.json(
        .patch, base, ["timeZone": "America/New_York"], token: ann.access)
      #expect(moved.status == 200)
      reminders = try await server.env.reminders.reminders(app: "auralyst", resource: resource)
      #expect(reminders.count == 1)
      #expect(reminders.first?.nextAt == ManualNow.instant("2026-11-20T13:00:00Z"))

      // Taken on the daily dose logs it as the medication's own dose
      now.set("2026-11-20T13:00:01Z")
      #expect(try await Self.runDue(server) == 1)
      let notice = try #require(try await Self.doses(server, ann.id).first)
      let taken = try await client.json(
        .post, "/api/notifications/\(notice.id)/actions/taken", token: ann.access)
      #expect(taken.status == 200, "\(taken.text)")
      let intakes = try await client.json(
        .get, "\(base)/intakes?day=2026-11-20", token: ann.access)
      let logged = try #require(intakes["intakes"] as? [[String: Any]])
      #expect(logged.count == 1 && logged.first?["scheduleId"] == nil)

      // Dose ids are unique within their medication only: two "noon" doses are two reminders
      for name in ["Iron", "Zinc"] {
        let added = try await client.json(
          .post, "\(base)/medications",
          ["name": name, "schedules": [["id": "noon", "time": "12:00"]]], token: ann.access)
        #expect(added.status == 201)
      }
      reminders = try await server.env.reminders.reminders(app: "auralyst", resource: resource)
      #expect(reminders.count == 3)

      let deleted = try await client.json(.delete, base, token: ann.access)
      #expect(deleted.status == 204)
      #expect(try await server.env.reminders.reminders(app: "auralyst", resource: resource).isEmpty)
    }
  }
}
