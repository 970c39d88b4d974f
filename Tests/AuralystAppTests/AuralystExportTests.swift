import Foundation
import HTTPTypes
import HearthCore
import HearthTesting
import HummingbirdTesting
import Testing

@testable import AuralystApp
@testable import HearthPlatform

/// A journal exported and imported into a new one comes back exactly: every field, time and
/// cross-reference, ids aside.
@Suite struct AuralystExportTests {
  static func post(
    _ client: some TestClientProtocol, _ path: String, _ body: [String: Any], _ token: String
  ) async throws -> [String: Any] {
    let reply = try await client.json(.post, path, body, token: token)
    guard reply.status == 201, let item = reply.body.values.first as? [String: Any] else {
      throw TestFailure("\(path): \(reply.status) \(reply.text)")
    }
    return item
  }

  /// A journal with one of everything, references between them, and awkward text.
  static func fill(_ client: some TestClientProtocol, _ base: String, _ token: String) async throws
  {
    let entryA = try await post(
      client, "\(base)/entries",
      [
        "severity": 0, "symptoms": ["Headache": 6, "Nausea": 0, "Anxiety": 3],
        "timestamp": "2026-03-29T01:30:00.125Z", "isMenstruating": true,
        "note": "Clocks went forward,\n\"quoted\", 日本語",
      ], token)
    let entryB = try await post(
      client, "\(base)/entries",
      ["severity": 8, "timestamp": "2026-11-20T07:30:00Z", "isMenstruating": false], token)
    let magnesium = try await post(
      client, "\(base)/medications",
      [
        "name": "Magnesium", "defaultAmount": 400, "defaultUnit": "mg", "useCase": "sleep",
        "notes": "with dinner",
        "schedules": [
          ["label": "Morning", "time": "08:00", "days": [2, 4, 6], "amount": 200, "unit": "mg"],
          [
            "label": "Every other night", "time": "21:30", "everyDays": 2,
            "startDate": "2026-11-01",
          ],
        ],
      ], token)
    let ibuprofen = try await post(
      client, "\(base)/medications",
      ["name": "Ibuprofen", "defaultAmount": 200.5, "defaultUnit": "mg", "isAsNeeded": true],
      token)
    let schedules = try #require(magnesium["schedules"] as? [[String: Any]])
    _ = try await post(
      client, "\(base)/intakes",
      [
        "medicationId": magnesium["id"]!, "scheduleId": schedules[0]["id"]!,
        "scheduledDate": "2026-11-20", "timestamp": "2026-11-20T08:05:00Z",
      ], token)
    _ = try await post(
      client, "\(base)/intakes",
      [
        "medicationId": ibuprofen["id"]!, "entryId": entryB["id"]!, "amount": 400,
        "timestamp": "2026-11-20T07:45:00.999Z", "note": "after, breakfast",
      ], token)
    _ = try await post(
      client, "\(base)/notes",
      ["text": "Looked pale", "entryId": entryB["id"]!], token)
    _ = try await post(client, "\(base)/notes", ["text": "General note"], token)
    _ = entryA
  }

  /// An export with every id replaced by its position among the ids in order of appearance,
  /// so two journals' exports compare field by field.
  static func normalized(_ text: String) throws -> Any {
    var object = try #require(
      try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    var journal = try #require(object["journal"] as? [String: Any])
    journal["title"] = "title"
    journal["createdAt"] = "created"
    object["journal"] = journal
    var names: [String: String] = [:]
    func rename(_ value: Any, key: String?) -> Any {
      switch value {
      case let dictionary as [String: Any]:
        // A record's own id first, then the rest in key order: the same walk for both.
        let keys = dictionary.keys.sorted { ($0 == "id" ? "" : $0) < ($1 == "id" ? "" : $1) }
        return Dictionary(
          uniqueKeysWithValues: keys.map { ($0, rename(dictionary[$0]!, key: $0)) })
      case let array as [Any]:
        return array.map { rename($0, key: key) }
      case let string as String where key.map({ $0 == "id" || $0.hasSuffix("ID") }) ?? false:
        if let known = names[string] { return known }
        names[string] = "id\(names.count)"
        return names[string]!
      default:
        return value
      }
    }
    // Ids first appear where they are defined: the journal, entries, medications, schedules.
    var ordered: [String: Any] = [:]
    for key in ["journal", "entries", "medications", "schedules", "intakes", "collaboratorNotes"] {
      ordered[key] = rename(object[key] as Any, key: nil)
    }
    ordered["summary"] = object["summary"]
    return ordered as NSDictionary
  }

  @Test(arguments: ["json", "csv"])
  func exportThenImportReproducesTheJournal(format: String) async throws {
    let server = try await TestServer()
    try await server.run { client in
      let owner = try await client.signup("ann@example.com", name: "Ann")
      let created = try await client.json(
        .post, "/api/auralyst/journals", ["title": "Original", "timeZone": "Europe/Paris"],
        token: owner.access)
      let original = try #require((created["journal"] as? [String: Any])?["id"] as? String)
      try await Self.fill(client, "/api/auralyst/journals/\(original)", owner.access)
      let file = try await client.json(
        .get, "/api/auralyst/journals/\(original)/export?format=\(format)", token: owner.access)
      #expect(file.status == 200)
      #expect(
        file.headers[.contentDisposition]
          == "attachment; filename=\"Auralyst-\(original).\(format)\"")

      let fresh = try await client.json(
        .post, "/api/auralyst/journals", ["title": "Copy", "timeZone": "Europe/Paris"],
        token: owner.access)
      let copy = try #require((fresh["journal"] as? [String: Any])?["id"] as? String)
      let imported = try await client.raw(
        .post, "/api/auralyst/journals/\(copy)/import?format=\(format)",
        body: Data(file.text.utf8), headers: [.authorization: "Bearer \(owner.access)"])
      #expect(imported.status == 200, "\(imported.text)")
      let counts = try #require(imported["imported"] as? [String: Int])
      #expect(
        counts == ["entries": 2, "medications": 2, "schedules": 2, "intakes": 2, "notes": 2])
      #expect((imported["repairs"] as? [String])?.isEmpty == true)

      let originalJSON = try await client.json(
        .get, "/api/auralyst/journals/\(original)/export?format=json", token: owner.access)
      let copyJSON = try await client.json(
        .get, "/api/auralyst/journals/\(copy)/export?format=json", token: owner.access)
      #expect(originalJSON.text != copyJSON.text)
      let left = try Self.normalized(originalJSON.text) as! NSDictionary
      let right = try Self.normalized(copyJSON.text) as! NSDictionary
      #expect(left == right)
      // Times are exactly the same instants, to the millisecond, in the journal's zone.
      #expect(copyJSON.text.contains("\"timestamp\" : \"2026-03-29T03:30:00.125+02:00\""))
      #expect(copyJSON.text.contains("\"timestamp\" : \"2026-11-20T08:45:00.999+01:00\""))
    }
  }

  @Test func aCorruptedImportWritesNothing() async throws {
    let server = try await TestServer()
    try await server.run { client in
      let owner = try await client.signup("ann@example.com", name: "Ann")
      let created = try await client.json(.post, "/api/auralyst/journals", [:], token: owner.access)
      let original = try #require((created["journal"] as? [String: Any])?["id"] as? String)
      try await Self.fill(client, "/api/auralyst/journals/\(original)", owner.access)
      let csv = try await client.json(
        .get, "/api/auralyst/journals/\(original)/export?format=csv", token: owner.access)
      // The last intake's time is garbage: every row before it is fine, and none may land.
      var lines = csv.text.components(separatedBy: "\n")
      let intakeHeader = try #require(
        lines.firstIndex { $0.hasPrefix("id,medication_id,entry_id") })
      lines[intakeHeader + 2] = lines[intakeHeader + 2].replacingOccurrences(
        of: "2026-11-20T09:05:00.000+01:00", with: "not a time")
      let fresh = try await client.json(.post, "/api/auralyst/journals", [:], token: owner.access)
      let copy = try #require((fresh["journal"] as? [String: Any])?["id"] as? String)
      let reply = try await client.raw(
        .post, "/api/auralyst/journals/\(copy)/import",
        body: Data(lines.joined(separator: "\n").utf8),
        headers: [.authorization: "Bearer \(owner.access)", .contentType: "text/csv"])
      #expect(reply.status == 400)
      #expect(reply.errorCode == "invalid_import" && reply.errorField == "timestamp")
      let message = try #require(reply.error?["message"] as? String)
      #expect(message.hasPrefix("medication_intakes row 2 (line "), "\(message)")
      let after = try await client.json(
        .get, "/api/auralyst/journals/\(copy)/export", token: owner.access)
      for key in ["entries", "medications", "intakes", "collaboratorNotes", "schedules"] {
        #expect((after[key] as? [Any])?.isEmpty == true, "\(key)")
      }
      let journal = try await client.json(
        .get, "/api/auralyst/journals/\(copy)", token: owner.access)
      #expect(
        (journal["journal"] as? [String: Any])?["symptoms"] as? [String] == [
          "Headache", "Nausea", "Anxiety",
        ])
    }
  }

  @Test func theHealthCheckFindsAndRepairsDanglingReferences() async throws {
    let server = try await TestServer()
    try await server.run { client in
      let owner = try await client.signup("ann@example.com", name: "Ann")
      let created = try await client.json(.post, "/api/auralyst/journals", [:], token: owner.access)
      let journal = try #require((created["journal"] as? [String: Any])?["id"] as? String)
      let base = "/api/auralyst/journals/\(journal)"
      let entry = try await Self.post(client, "\(base)/entries", ["severity": 4], owner.access)
      let medication = try await Self.post(
        client, "\(base)/medications",
        ["name": "Magnesium", "schedules": [["time": "08:00"]]], owner.access)
      let schedule = try #require((medication["schedules"] as? [[String: Any]])?.first?["id"])
      _ = try await Self.post(
        client, "\(base)/intakes",
        ["medicationId": medication["id"]!, "scheduleId": schedule, "scheduledDate": "2026-11-20"],
        owner.access)
      _ = try await Self.post(
        client, "\(base)/notes", ["text": "About that", "entryId": entry["id"]!], owner.access)
      #expect(
        (try await client.json(.get, "\(base)/health", token: owner.access))["healthy"] as? Bool
          == true)
      // The schedule goes from the medication: the intake's reference to it dangles. Deleting
      // the entry detaches the note instead of leaving it dangling.
      let edited = try await client.json(
        .patch, "\(base)/medications/\(medication["id"]!)", ["schedules": [[String: Any]]()],
        token: owner.access)
      #expect(edited.status == 200)
      #expect(
        try await client.json(.delete, "\(base)/entries/\(entry["id"]!)", token: owner.access)
          .status
          == 204)
      let health = try await client.json(.get, "\(base)/health", token: owner.access)
      #expect(health["healthy"] as? Bool == false)
      #expect(
        health["problems"] as? [String] == ["1 logged dose refers to a dose time that was removed."]
      )
      let repaired = try await client.json(.post, "\(base)/health/repair", token: owner.access)
      #expect(
        repaired["problems"] as? [String] == [
          "1 logged dose refers to a dose time that was removed."
        ])
      #expect(
        (try await client.json(.get, "\(base)/health", token: owner.access))["healthy"] as? Bool
          == true)
      let notes = try await client.json(.get, "\(base)/notes", token: owner.access)
      #expect(((notes["notes"] as? [[String: Any]])?.first)?["entryId"] == nil)
    }
  }
}
