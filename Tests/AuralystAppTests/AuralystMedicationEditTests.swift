import Foundation
import HTTPTypes
import HearthCore
import HearthTesting
import HummingbirdTesting
import Testing

@testable import AuralystApp
@testable import HearthPlatform

/// Editing a medication's doses keeps the doses already checked off.
@Suite struct AuralystMedicationEditTests {
  @Test func schedulesSentWithoutIdsKeepTheirCheckOffs() async throws {
    let server = try await TestServer()
    try await server.run { client in
      // Given Magnesium at 08:00 every day and 21:30 every other day, and this morning's dose
      // checked off
      let owner = try await client.signup("ann@example.com")
      let created = try await client.json(
        .post, "/api/auralyst/journals", ["timeZone": "Europe/Paris"], token: owner.access)
      let journal = try #require((created["journal"] as? [String: Any])?["id"] as? String)
      let base = "/api/auralyst/journals/\(journal)"
      let medication = try await AuralystExportTests.post(
        client, "\(base)/medications",
        [
          "name": "Magnesium",
          "schedules": [
            ["label": "Morning", "time": "08:00"],
            ["time": "21:30", "everyDays": 2, "startDate": "2026-11-01"],
          ],
        ], owner.access)
      let medicationID = try #require(medication["id"] as? String)
      let before = try #require(medication["schedules"] as? [[String: Any]])
      let (morning, night) = (
        try #require(before[0]["id"] as? String), try #require(before[1]["id"] as? String)
      )
      let intake = try await AuralystExportTests.post(
        client, "\(base)/intakes",
        [
          "medicationId": medicationID, "scheduleId": morning,
          "timestamp": "2026-11-20T08:05", "scheduledDate": "2026-11-20",
        ], owner.access)
      // When a client that keeps no ids sends the doses back in another order, relabelled,
      // the night dose without its first day, and a noon dose added
      let edited = try await client.json(
        .patch, "\(base)/medications/\(medicationID)",
        [
          "schedules": [
            ["time": "21:30", "everyDays": 2],
            ["label": "Lunch", "time": "12:00"],
            ["label": "Breakfast", "time": "08:00"],
          ]
        ], token: owner.access)
      #expect(edited.status == 200, "\(edited.text)")
      // Then the two doses keep their ids and the night dose its first day
      let after = try #require(
        (edited["medication"] as? [String: Any])?["schedules"] as? [[String: Any]])
      #expect(after.count == 3)
      #expect(
        after[0]["id"] as? String == night && after[0]["startDate"] as? String == "2026-11-01")
      #expect(after[2]["id"] as? String == morning && after[2]["label"] as? String == "Breakfast")
      let lunch = try #require(after[1]["id"] as? String)
      #expect(![morning, night].contains(lunch))
      // and the dose checked off still refers to a dose of the medication
      let health = try await client.json(.get, "\(base)/health", token: owner.access)
      #expect(health["healthy"] as? Bool == true, "\(health.text)")
      let stored = try await client.json(
        .get, "\(base)/intakes/\(intake["id"]!)", token: owner.access)
      #expect((stored["intake"] as? [String: Any])?["scheduleId"] as? String == morning)
    }
  }

  @Test func twoDosesWithOneIdAreRefusedAndNothingChanges() async throws {
    let server = try await TestServer()
    try await server.run { client in
      let owner = try await client.signup("ann@example.com")
      let created = try await client.json(.post, "/api/auralyst/journals", [:], token: owner.access)
      let journal = try #require((created["journal"] as? [String: Any])?["id"] as? String)
      let base = "/api/auralyst/journals/\(journal)"
      let medication = try await AuralystExportTests.post(
        client, "\(base)/medications", ["name": "Magnesium", "schedules": [["time": "08:00"]]],
        owner.access)
      let dose = try #require((medication["schedules"] as? [[String: Any]])?.first?["id"])
      let reply = try await client.json(
        .patch, "\(base)/medications/\(medication["id"]!)",
        ["schedules": [["id": dose, "time": "08:00"], ["id": dose, "time": "20:00"]]],
        token: owner.access)
      #expect(reply.status == 400 && reply.errorField == "schedules[1].id", "\(reply.text)")
      let stored = try await client.json(
        .get, "\(base)/medications/\(medication["id"]!)", token: owner.access)
      let schedules = (stored["medication"] as? [String: Any])?["schedules"] as? [[String: Any]]
      #expect(schedules?.count == 1 && schedules?.first?["time"] as? String == "08:00")
    }
  }
}
