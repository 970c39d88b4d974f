import Foundation
import HTTPTypes
import HearthCore
import HearthTesting
import HummingbirdTesting
import Testing

@testable import AuralystApp
@testable import HearthPlatform

/// The report, as a page and as FHIR: each person gets what their access allows, and a period
/// that cannot be is refused in words.
extension AuralystAPITests {
  @Test func theReportAnswersEachPersonByTheirAccess() async throws {
    let server = try await TestServer()
    try await server.run { client in
      // Given Ann's shared journal, whose entry and dose are on 20 November
      let (people, journal, _) = try await Self.sharedJournal(client)
      let query = "from=2026-11-19&to=2026-11-20"
      let everyone = [
        ("owner", people.owner, 200), ("writer", people.writer, 200),
        ("reader", people.reader, 200), ("removed", people.removed, 404),
        ("stranger", people.stranger, 404),
      ]
      for (name, person, expected) in everyone {
        // When each asks for the report as FHIR and as a page
        let fhir = try await client.json(
          .get, "/api/auralyst/journals/\(journal)/report/fhir?\(query)", token: person.access)
        let page = try await client.json(
          .get, "/auralyst/journals/\(journal)/report?\(query)&paper=letter", token: person.access)
        // Then members, read-only too, get both; nobody else learns the journal is there
        #expect(fhir.status == expected && page.status == expected, "\(name)")
        guard expected == 200 else {
          #expect(fhir.errorCode == "not_found", "\(name)")
          #expect(!fhir.text.contains("Rough morning") && !page.text.contains("Rough morning"))
          continue
        }
        #expect(fhir.headers[.contentType]?.hasPrefix("application/fhir+json") == true)
        let kinds = ((fhir["entry"] as? [[String: Any]]) ?? []).compactMap {
          ($0["resource"] as? [String: Any])?["resourceType"] as? String
        }
        #expect(kinds.count { $0 == "Observation" } == 1, "\(name): \(kinds)")
        #expect(kinds.count { $0 == "MedicationAdministration" } == 1, "\(name): \(kinds)")
        #expect(fhir.text.contains("Rough morning"))
        #expect(page.text.contains("data-paper=\"letter\"") && page.text.contains("Rough morning"))
        #expect(page.text.contains("id=\"report-doses\""))
      }

      // A period that cannot be: the API names its field; the page says so and shows the last
      // 30 days, on the default paper for a paper it does not know
      let backwards = try await client.json(
        .get, "/api/auralyst/journals/\(journal)/report/fhir?from=2026-11-21&to=2026-11-20",
        token: people.owner.access)
      #expect(backwards.status == 400 && backwards.errorField == "from")
      let page = try await client.json(
        .get, "/auralyst/journals/\(journal)/report?from=someday&paper=tabloid",
        token: people.owner.access)
      #expect(page.status == 200)
      #expect(page.text.contains("The from day looks like 2026-11-22. Showing the last 30 days."))
      #expect(page.text.contains("data-paper=\"a4\""))
    }
  }
}
