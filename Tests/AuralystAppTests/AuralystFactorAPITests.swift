import Foundation
import HTTPTypes
import HearthCore
import HearthTesting
import HummingbirdTesting
import Testing

@testable import AuralystApp
@testable import HearthPlatform

/// Factors over HTTP: defined, logged day by day, and related to severity in insights.
@Suite struct AuralystFactorAPITests {
  /// 2026-11-22 12:00 UTC.
  static let now = Date(timeIntervalSince1970: 1_795_348_800)

  /// Day, hours slept, severity: as in FactorRelationTests, where rho is worked out by hand.
  static let days: [(day: String, hours: Double, severity: Int)] = [
    ("2026-11-13", 6.5, 5), ("2026-11-14", 4.5, 9), ("2026-11-15", 8.0, 1),
    ("2026-11-16", 5.5, 7), ("2026-11-17", 9.0, 2), ("2026-11-18", 5.0, 10),
    ("2026-11-19", 7.0, 6), ("2026-11-20", 8.5, 3), ("2026-11-21", 6.0, 8),
    ("2026-11-22", 7.5, 4),
  ]

  static func journal(_ client: some TestClientProtocol) async throws -> (
    token: String, base: String
  ) {
    let owner = try await client.signup("ann@example.com")
    let created = try await client.json(
      .post, "/api/auralyst/journals", ["timeZone": "UTC"], token: owner.access)
    let journal = try #require((created["journal"] as? [String: Any])?["id"] as? String)
    return (owner.access, "/api/auralyst/journals/\(journal)")
  }

  @Test func sleepLoggedForTenDaysShowsItsRelationInInsights() async throws {
    let server = try await TestServer(apps: testedApps, now: { Self.now })
    try await server.run { client in
      let (token, base) = try await Self.journal(client)
      let sleep = try await AuralystExportTests.post(
        client, "\(base)/factors", ["name": "Sleep", "kind": "number", "unit": "hours"], token)
      let wine = try await AuralystExportTests.post(
        client, "\(base)/factors", ["name": "Red wine", "kind": "yesno"], token)
      let (sleepID, wineID) = (try #require(sleep["id"] as? String), try #require(wine["id"]))
      #expect(sleep["unit"] as? String == "hours" && sleep["kind"] as? String == "number")
      // Hours against severity: rho = 1 - 6 x 318 / (10 x 99)
      for (day, hours, severity) in Self.days {
        _ = try await AuralystExportTests.post(
          client, "\(base)/entries", ["severity": severity, "timestamp": "\(day)T09:00:00Z"],
          token)
        let put = try await client.json(
          .put, "\(base)/factors/\(sleepID)/days/\(day)", ["number": hours], token: token)
        #expect(put.status == 200, "\(put.text)")
      }
      // Red wine on two days only
      for day in ["2026-11-14", "2026-11-18"] {
        let put = try await client.json(
          .put, "\(base)/factors/\(wineID)/days/\(day)", ["present": true], token: token)
        #expect((put["value"] as? [String: Any])?["present"] as? Bool == true)
      }
      let insights = try await client.json(.get, "\(base)/insights?window=30d", token: token)
      let factors = try #require(insights["factors"] as? [[String: Any]], "\(insights.text)")
      #expect(factors.map { $0["name"] as? String } == ["Red wine", "Sleep"])
      let relation = factors[1]
      #expect(relation["pairedDays"] as? Int == 10 && relation["isEnough"] as? Bool == true)
      let rho = try #require(relation["correlation"] as? Double)
      #expect(abs(rho - (1 - 1908.0 / 990.0)) < 1e-9)
      #expect(
        relation["cue"] as? String == "On days with higher Sleep, severity tended to be lower.")
      // Two days with wine (9 and 10), eight without: not enough for a cue
      #expect(factors[0]["daysWith"] as? Int == 2 && factors[0]["daysWithout"] as? Int == 8)
      #expect(factors[0]["isEnough"] as? Bool == false && factors[0]["cue"] == nil)

      // A value changed is replaced, a value cleared is gone
      let changed = try await client.json(
        .put, "\(base)/factors/\(sleepID)/days/2026-11-22", ["number": 3], token: token)
      #expect((changed["value"] as? [String: Any])?["number"] as? Double == 3)
      let cleared = try await client.json(
        .delete, "\(base)/factors/\(sleepID)/days/2026-11-21", token: token)
      #expect(cleared.status == 204)
      let values = try await client.json(
        .get, "\(base)/factor-values?from=2026-11-21&to=2026-11-22", token: token)
      let listed = try #require(values["values"] as? [[String: Any]])
      #expect(listed.map { $0["day"] as? String } == ["2026-11-22"])
      #expect(listed.first?["number"] as? Double == 3)

      // Deleting a factor takes its values and its insight
      let deleted = try await client.json(.delete, "\(base)/factors/\(sleepID)", token: token)
      #expect(deleted.status == 204)
      let after = try await client.json(.get, "\(base)/insights?window=30d", token: token)
      #expect((after["factors"] as? [[String: Any]])?.map { $0["name"] as? String } == ["Red wine"])
    }
  }

  @Test func badFactorsAndValuesAreRefusedNamingTheFieldAndNothingIsWritten() async throws {
    let server = try await TestServer(apps: testedApps, now: { Self.now })
    try await server.run { client in
      let (token, base) = try await Self.journal(client)
      let mood = try await AuralystExportTests.post(
        client, "\(base)/factors", ["name": "Mood", "kind": "scale"], token)
      let wine = try await AuralystExportTests.post(
        client, "\(base)/factors", ["name": "Red wine", "kind": "yesno"], token)
      let tags = try await AuralystExportTests.post(
        client, "\(base)/factors", ["name": "Triggers", "kind": "tags"], token)
      let (moodID, wineID, tagsID) = (mood["id"]!, wine["id"]!, tags["id"]!)
      let factorCases: [([String: Any], String, Int)] = [
        (["name": "Sleep"], "kind", 400),
        (["name": "Sleep", "kind": "colour"], "kind", 400),
        (["name": "  ", "kind": "number"], "name", 400),
        (["kind": "number"], "name", 400),
        (["name": "mood", "kind": "number"], "name", 409),
        (
          ["name": "Sleep", "kind": "number", "unit": String(repeating: "h", count: 21)], "unit",
          400
        ),
      ]
      for (body, field, status) in factorCases {
        let reply = try await client.json(.post, "\(base)/factors", body, token: token)
        #expect(reply.status == status && reply.errorField == field, "\(body): \(reply.text)")
      }
      let renamed = try await client.json(
        .patch, "\(base)/factors/\(moodID)", ["kind": "number"], token: token)
      #expect(renamed.status == 400 && renamed.errorField == "kind")
      let clash = try await client.json(
        .patch, "\(base)/factors/\(moodID)", ["name": "RED WINE"], token: token)
      #expect(clash.status == 409 && clash.errorField == "name")
      let valueCases: [(String, [String: Any], String)] = [
        ("\(moodID)/days/2026-11-22", ["number": 6], "number"),
        ("\(moodID)/days/2026-11-22", ["number": 2.5], "number"),
        ("\(moodID)/days/2026-11-22", ["present": true], "number"),
        ("\(moodID)/days/2026-02-30", ["number": 3], "day"),
        ("\(moodID)/days/today", ["number": 3], "day"),
        ("\(wineID)/days/2026-11-22", ["number": 1], "present"),
        ("\(tagsID)/days/2026-11-22", ["tags": [" "]], "tags[0]"),
        ("\(tagsID)/days/2026-11-22", ["tags": [String]()], "tags"),
      ]
      for (path, body, field) in valueCases {
        let reply = try await client.json(.put, "\(base)/factors/\(path)", body, token: token)
        #expect(reply.status == 400 && reply.errorField == field, "\(path) \(body): \(reply.text)")
      }
      let badRange = try await client.json(
        .get, "\(base)/factor-values?from=yesterday", token: token)
      #expect(badRange.status == 400 && badRange.errorField == "from")
      let missing = try await client.json(
        .put, "\(base)/factors/nope/days/2026-11-22", ["number": 3], token: token)
      #expect(missing.status == 404)
      // Nothing was written
      let values = try await client.json(.get, "\(base)/factor-values", token: token)
      #expect((values["values"] as? [Any])?.isEmpty == true)
      let factors = try await client.json(.get, "\(base)/factors", token: token)
      #expect(
        (factors["factors"] as? [[String: Any]])?.map { $0["name"] as? String }
          == ["Mood", "Red wine", "Triggers"])
    }
  }

  @Test func anEntryCarriesItsDaysFactorsOrWritesNothing() async throws {
    let server = try await TestServer(apps: testedApps, now: { Self.now })
    try await server.run { client in
      let owner = try await client.signup("ann@example.com")
      let created = try await client.json(
        .post, "/api/auralyst/journals", ["timeZone": "Asia/Tokyo"], token: owner.access)
      let journal = try #require((created["journal"] as? [String: Any])?["id"] as? String)
      let base = "/api/auralyst/journals/\(journal)"
      let sleep = try await AuralystExportTests.post(
        client, "\(base)/factors", ["name": "Sleep", "kind": "number"], owner.access)
      let wine = try await AuralystExportTests.post(
        client, "\(base)/factors", ["name": "Red wine", "kind": "yesno"], owner.access)
      // A bad value among them: refused naming it, and neither the entry nor the good value
      // is written
      let refused = try await client.json(
        .post, "\(base)/entries",
        [
          "severity": 4, "timestamp": "2026-11-21T20:00:00Z",
          "factors": [["factorId": sleep["id"]!, "number": 6], ["factorId": wine["id"]!]],
        ], token: owner.access)
      #expect(
        refused.status == 400 && refused.errorField == "factors[1].present", "\(refused.text)")
      let unknown = try await client.json(
        .post, "\(base)/entries", ["severity": 4, "factors": [["factorId": "nope", "number": 1]]],
        token: owner.access)
      #expect(unknown.status == 400 && unknown.errorField == "factors[0].factorId")
      let entries = try await client.json(.get, "\(base)/entries", token: owner.access)
      #expect((entries["entries"] as? [Any])?.isEmpty == true)
      var values = try await client.json(.get, "\(base)/factor-values", token: owner.access)
      #expect((values["values"] as? [Any])?.isEmpty == true)
      // At 20:00 UTC on the 21st it is 05:00 on the 22nd in Tokyo: the values are the 22nd's
      _ = try await AuralystExportTests.post(
        client, "\(base)/entries",
        [
          "severity": 4, "timestamp": "2026-11-21T20:00:00Z",
          "factors": [
            ["factorId": sleep["id"]!, "number": 6], ["factorId": wine["id"]!, "present": false],
          ],
        ], owner.access)
      values = try await client.json(.get, "\(base)/factor-values", token: owner.access)
      let listed = try #require(values["values"] as? [[String: Any]])
      #expect(listed.map { $0["day"] as? String } == ["2026-11-22", "2026-11-22"])
      #expect(
        Set(listed.compactMap { $0["factorId"] as? String }) == [
          sleep["id"] as? String, wine["id"] as? String,
        ])
      #expect(listed.contains { $0["present"] as? Bool == false })
      #expect(listed.contains { $0["number"] as? Double == 6 })
    }
  }

  @Test func factorsTravelInTheExportAndImportIntoAnotherJournal() async throws {
    let server = try await TestServer(apps: testedApps, now: { Self.now })
    try await server.run { client in
      let (token, base) = try await Self.journal(client)
      let sleep = try await AuralystExportTests.post(
        client, "\(base)/factors", ["name": "Sleep", "kind": "number", "unit": "hours"], token)
      let tags = try await AuralystExportTests.post(
        client, "\(base)/factors", ["name": "Triggers", "kind": "tags"], token)
      for (factor, day, body) in [
        (sleep, "2026-11-20", ["number": 6.5] as [String: Any]),
        (sleep, "2026-11-21", ["number": 8]), (tags, "2026-11-21", ["tags": ["rain"]]),
      ] {
        let put = try await client.json(
          .put, "\(base)/factors/\(factor["id"]!)/days/\(day)", body, token: token)
        #expect(put.status == 200)
      }
      for format in ["json", "csv"] {
        let file = try await client.json(
          .get, "\(base)/export?format=\(format)", token: token)
        #expect(file.status == 200)
        // Another journal already has Sleep, with the 21st logged
        let other = try await client.json(
          .post, "/api/auralyst/journals", ["timeZone": "UTC"], token: token)
        let target = "/api/auralyst/journals/\((other["journal"] as? [String: Any])!["id"]!)"
        let its = try await AuralystExportTests.post(
          client, "\(target)/factors", ["name": "sleep", "kind": "number"], token)
        _ = try await client.json(
          .put, "\(target)/factors/\(its["id"]!)/days/2026-11-21", ["number": 5], token: token)
        let imported = try await client.raw(
          .post, "\(target)/import?format=\(format)", body: Data(file.text.utf8),
          headers: [.authorization: "Bearer \(token)"])
        #expect(imported.status == 200, "\(format): \(imported.text)")
        // Sleep is the journal's own, with the file's 20th and its own 21st; Triggers is new
        let factors = try await client.json(.get, "\(target)/factors", token: token)
        let listed = try #require(factors["factors"] as? [[String: Any]])
        #expect(listed.map { $0["name"] as? String } == ["sleep", "Triggers"], "\(format)")
        let values = try await client.json(.get, "\(target)/factor-values", token: token)
        let rows = try #require(values["values"] as? [[String: Any]])
        let sleepDays = rows.filter { $0["factorId"] as? String == its["id"] as? String }
          .map { ($0["day"] as? String ?? "", $0["number"] as? Double ?? 0) }
        #expect(
          sleepDays.map(\.0) == ["2026-11-20", "2026-11-21"] && sleepDays.map(\.1) == [6.5, 5])
        #expect(rows.contains { ($0["tags"] as? [String]) == ["rain"] })
      }
      // A journal with Triggers of another kind refuses the file whole
      _ = try await AuralystExportTests.post(client, "\(base)/entries", ["severity": 3], token)
      let file = try await client.json(.get, "\(base)/export?format=json", token: token)
      let other = try await client.json(
        .post, "/api/auralyst/journals", ["timeZone": "UTC"], token: token)
      let target = "/api/auralyst/journals/\((other["journal"] as? [String: Any])!["id"]!)"
      _ = try await AuralystExportTests.post(
        client, "\(target)/factors", ["name": "Triggers", "kind": "yesno"], token)
      let refused = try await client.raw(
        .post, "\(target)/import?format=json", body: Data(file.text.utf8),
        headers: [.authorization: "Bearer \(token)"])
      #expect(refused.status == 400 && refused.errorField == "factors", "\(refused.text)")
      let factors = try await client.json(.get, "\(target)/factors", token: token)
      #expect((factors["factors"] as? [Any])?.count == 1)
      let values = try await client.json(.get, "\(target)/factor-values", token: token)
      #expect((values["values"] as? [Any])?.isEmpty == true)
      let entries = try await client.json(.get, "\(target)/entries", token: token)
      #expect((entries["entries"] as? [Any])?.isEmpty == true)
    }
  }
}
