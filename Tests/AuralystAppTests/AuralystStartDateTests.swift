import Foundation
import HTTPTypes
import HearthCore
import HearthTesting
import HummingbirdTesting
import Testing

@testable import AuralystApp
@testable import HearthPlatform

/// A medication's start date, on the API: set on creation, editable, and what adherence counts
/// doses from.
@Suite struct AuralystStartDateTests {
  /// 2026-11-22 12:00 UTC.
  static let now = Date(timeIntervalSince1970: 1_795_348_800)

  static func adherence(_ client: some TestClientProtocol, _ base: String, _ token: String)
    async throws -> (scheduled: Int?, taken: Int?)
  {
    let insights = try await client.json(.get, "\(base)/insights?window=7d", token: token)
    let item = try #require((insights["adherence"] as? [[String: Any]])?.first, "\(insights.text)")
    return (item["scheduled"] as? Int, item["taken"] as? Int)
  }

  @Test func editingTheStartDateChangesWhatIsDue() async throws {
    let server = try await TestServer(apps: testedApps, now: { Self.now })
    try await server.run { client in
      let owner = try await client.signup("ann@example.com")
      let created = try await client.json(
        .post, "/api/auralyst/journals", ["timeZone": "UTC"], token: owner.access)
      let journal = try #require((created["journal"] as? [String: Any])?["id"] as? String)
      let base = "/api/auralyst/journals/\(journal)"
      // Given Magnesium added today at noon, one dose daily at 08:00, and the 20th's checked off
      let medication = try await AuralystExportTests.post(
        client, "\(base)/medications", ["name": "Magnesium", "schedules": [["time": "08:00"]]],
        owner.access)
      let id = try #require(medication["id"] as? String)
      let dose = try #require((medication["schedules"] as? [[String: Any]])?.first?["id"])
      #expect(medication["startDate"] as? String == "2026-11-22")
      _ = try await AuralystExportTests.post(
        client, "\(base)/intakes",
        [
          "medicationId": id, "scheduleId": dose, "timestamp": "2026-11-20T08:00:00Z",
          "scheduledDate": "2026-11-20",
        ], owner.access)
      // Then nothing is due yet: this morning's dose came before it was added
      var adherence = try await Self.adherence(client, base, owner.access)
      #expect(adherence.scheduled == 0 && adherence.taken == 0)

      // When its start date is moved back to the 16th
      let edited = try await client.json(
        .patch, "\(base)/medications/\(id)", ["startDate": "2026-11-16"], token: owner.access)
      #expect(edited.status == 200, "\(edited.text)")
      #expect((edited["medication"] as? [String: Any])?["startDate"] as? String == "2026-11-16")
      // Then the 7-day window's doses from the 16th to the 22nd are due (7), one taken
      adherence = try await Self.adherence(client, base, owner.access)
      #expect(adherence.scheduled == 7 && adherence.taken == 1)

      // When an evening dose is added: it is due from today, and tonight's is not yet due
      let added = try await client.json(
        .patch, "\(base)/medications/\(id)",
        ["schedules": [["id": dose, "time": "08:00"], ["time": "20:00"]]], token: owner.access)
      let schedules = (added["medication"] as? [String: Any])?["schedules"] as? [[String: Any]]
      #expect(schedules?.map { $0["startDate"] as? String } == [nil, "2026-11-22"])
      adherence = try await Self.adherence(client, base, owner.access)
      #expect(adherence.scheduled == 7 && adherence.taken == 1)
    }
  }

  @Test func aBadStartDateIsRefusedNamingItsField() async throws {
    let server = try await TestServer(apps: testedApps, now: { Self.now })
    try await server.run { client in
      let owner = try await client.signup("ann@example.com")
      let created = try await client.json(.post, "/api/auralyst/journals", [:], token: owner.access)
      let journal = try #require((created["journal"] as? [String: Any])?["id"] as? String)
      let base = "/api/auralyst/journals/\(journal)"
      let refused = try await client.json(
        .post, "\(base)/medications", ["name": "Magnesium", "startDate": "2026-02-30"],
        token: owner.access)
      #expect(refused.status == 400 && refused.errorField == "startDate", "\(refused.text)")
      let listed = try await client.json(.get, "\(base)/medications", token: owner.access)
      #expect((listed["medications"] as? [Any])?.isEmpty == true)
      let medication = try await AuralystExportTests.post(
        client, "\(base)/medications", ["name": "Magnesium", "startDate": "2026-11-01"],
        owner.access)
      let id = try #require(medication["id"] as? String)
      for (body, field) in [
        (["startDate": "22/11/2026"] as [String: Any], "startDate"),
        (["schedules": [["time": "08:00", "startDate": "2026-13-01"]]], "schedules[0].startDate"),
      ] {
        let reply = try await client.json(
          .patch, "\(base)/medications/\(id)", body, token: owner.access)
        #expect(reply.status == 400 && reply.errorField == field, "\(reply.text)")
      }
      let stored = try await client.json(.get, "\(base)/medications/\(id)", token: owner.access)
      let kept = try #require(stored["medication"] as? [String: Any])
      #expect(kept["startDate"] as? String == "2026-11-01")
      #expect((kept["schedules"] as? [Any])?.isEmpty == true)
    }
  }
}
