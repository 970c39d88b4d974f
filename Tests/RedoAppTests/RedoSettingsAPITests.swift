import Foundation
import HTTPTypes
import HearthTesting
import Testing

/// The due-today digest setting over the JSON API and the settings page: each account's own,
/// off until turned on, and bad input named by field.
@Suite struct RedoSettingsAPITests {
  static let path = "/api/redo/settings/due-today"
  /// 2026-11-30 12:00 UTC.
  static let now = Date(timeIntervalSince1970: 1_796_040_000)

  @Test func theDigestIsOffUntilTurnedOnAndEachAccountHasItsOwn() async throws {
    let server = try await TestServer(apps: testedApps, now: { Self.now })
    try await server.run { client in
      let ann = try await client.signup("ann@example.com", name: "Ann")
      let bob = try await client.signup("bob@example.com", name: "Bob")
      let fresh = try await client.json(.get, Self.path, token: ann.access)
      #expect(fresh.status == 200)
      #expect(fresh["enabled"] as? Bool == false && fresh["time"] as? String == "08:00")
      #expect(fresh["timeZone"] as? String == "Europe/Paris" && fresh["nextAt"] == nil)

      let on = try await client.json(
        .put, Self.path, ["enabled": true, "time": "07:15"], token: ann.access)
      #expect(on.status == 200 && on["enabled"] as? Bool == true)
      #expect(on["time"] as? String == "07:15")
      // 07:15 in Paris on Dec 1 is 06:15 UTC
      #expect(on["nextAt"] as? String == "2026-12-01T06:15:00Z")
      let bobs = try await client.json(.get, Self.path, token: bob.access)
      #expect(bobs["enabled"] as? Bool == false)

      // Turning it off keeps the time for next time
      let off = try await client.json(.put, Self.path, ["enabled": false], token: ann.access)
      #expect(off["enabled"] as? Bool == false && off["time"] as? String == "07:15")
      #expect(off["nextAt"] == nil)
      #expect(try await client.json(.get, Self.path).status == 401)
      #expect(try await client.json(.put, Self.path, ["enabled": true]).status == 401)
    }
  }

  @Test func badSettingsAreExplained() async throws {
    let server = try await TestServer()
    try await server.run(schemaChecked: false) { client in
      let ann = try await client.signup("ann@example.com", name: "Ann")
      let missing = try await client.json(.put, Self.path, ["time": "08:00"], token: ann.access)
      #expect(missing.status == 400 && missing.errorField == "enabled")
      for time in ["8:00", "24:00", "07:60", "noon", ""] {
        let bad = try await client.json(
          .put, Self.path, ["enabled": true, "time": time], token: ann.access)
        #expect(bad.status == 400 && bad.errorField == "time", "\(time)")
      }
      let wrongType = try await client.json(
        .put, Self.path, ["enabled": "yes"], token: ann.access)
      #expect(wrongType.status == 400 && wrongType.errorField == "enabled")
    }
  }

  @Test func theSettingsPageSavesWithoutScripts() async throws {
    let server = try await TestServer(apps: testedApps, now: { Self.now })
    try await server.run { client in
      let ann = try await client.signup("ann@example.com", name: "Ann")
      let page = try await client.raw(
        .get, "/redo/settings", headers: [.authorization: "Bearer \(ann.access)"])
      #expect(page.status == 200)
      #expect(page.text.contains(#"<label for="redo-due-today-time">At"#))
      #expect(page.text.contains(#"value="08:00""#))
      #expect(page.text.contains(#"aria-current="page""#))
      let form: HTTPFields = [
        .contentType: "application/x-www-form-urlencoded",
        .authorization: "Bearer \(ann.access)",
      ]
      let saved = try await client.raw(
        .post, "/redo/settings", body: Data("dueToday=on&dueTodayTime=06%3A45".utf8),
        headers: form)
      #expect(saved.status == 302 && saved.headers[.location] == "/redo/settings")
      let api = try await client.json(.get, Self.path, token: ann.access)
      #expect(api["enabled"] as? Bool == true && api["time"] as? String == "06:45")

      let bad = try await client.raw(
        .post, "/redo/settings", body: Data("dueToday=on&dueTodayTime=soon".utf8), headers: form)
      #expect(bad.status == 400 && bad.text.contains("Enter a time like 08:00."))
      #expect(bad.text.contains(#"aria-invalid="true""#))

      let off = try await client.raw(
        .post, "/redo/settings", body: Data("dueTodayTime=06%3A45".utf8), headers: form)
      #expect(off.status == 302)
      #expect(
        try await client.json(.get, Self.path, token: ann.access)["enabled"] as? Bool == false)
    }
  }
}
