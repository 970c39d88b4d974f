import Foundation
import HTTPTypes
import HearthCore
import HearthTesting
import HummingbirdTesting
import Testing

@testable import AuralystApp
@testable import HearthPlatform

/// Auralyst over HTTP: who may do what on every route, and export/import round trips.
@Suite struct AuralystAPITests {
  struct People {
    var owner, writer, reader, removed, stranger: (access: String, refresh: String, id: String)
  }

  /// Ann's journal, shared read-write with Bob, read-only with Cal; Dan had read-write and was
  /// removed; Eve was never invited. Each has what they wrote.
  static func sharedJournal(_ client: some TestClientProtocol) async throws -> (
    People, journal: String, ids: [String: String]
  ) {
    let people = People(
      owner: try await client.signup("ann@example.com", name: "Ann"),
      writer: try await client.signup("bob@example.com", name: "Bob"),
      reader: try await client.signup("cal@example.com", name: "Cal"),
      removed: try await client.signup("dan@example.com", name: "Dan"),
      stranger: try await client.signup("eve@example.com", name: "Eve"))
    let created = try await client.json(
      .post, "/api/auralyst/journals", ["title": "Ann's journal", "timeZone": "Europe/Paris"],
      token: people.owner.access)
    let journal = try #require((created["journal"] as? [String: Any])?["id"] as? String)
    let base = "/api/auralyst/journals/\(journal)"
    for (person, permission) in [
      (people.writer, "read-write"), (people.reader, "read-only"), (people.removed, "read-write"),
    ] {
      let email =
        person.id == people.writer.id
        ? "bob@example.com" : person.id == people.reader.id ? "cal@example.com" : "dan@example.com"
      let invited = try await client.json(
        .post, "\(base)/shares", ["email": email, "permission": permission],
        token: people.owner.access)
      #expect(invited.status == 200)
      let answered = try await client.json(
        .post, "/api/invitations/respond",
        ["app": "auralyst", "kind": "journal", "resourceId": journal, "decision": "accept"],
        token: person.access)
      #expect(answered.status == 200)
    }
    var ids: [String: String] = [:]
    func add(_ key: String, _ path: String, _ body: [String: Any], _ token: String) async throws {
      let reply = try await client.json(.post, "\(base)/\(path)", body, token: token)
      guard reply.status == 201, let item = reply.body.values.first as? [String: Any],
        let id = item["id"] as? String
      else { throw TestFailure("\(path): \(reply.status) \(reply.text)") }
      ids[key] = id
    }
    try await add(
      "entry", "entries",
      ["severity": 6, "timestamp": "2026-11-20T07:30:00Z", "symptoms": ["Headache": 5]],
      people.owner.access)
    try await add(
      "medication", "medications",
      ["name": "Ibuprofen", "defaultAmount": 200, "defaultUnit": "mg", "isAsNeeded": true],
      people.owner.access)
    try await add(
      "intake", "intakes",
      ["medicationId": ids["medication"]!, "timestamp": "2026-11-20T08:00:00Z"],
      people.owner.access)
    try await add(
      "note", "notes", ["text": "Rough morning", "entryId": ids["entry"]!], people.owner.access)
    try await add("writerEntry", "entries", ["severity": 2], people.writer.access)
    try await add("removedEntry", "entries", ["severity": 3], people.removed.access)
    let removed = try await client.json(
      .delete, "\(base)/shares/\(people.removed.id)", token: people.owner.access)
    #expect(removed.status == 200)
    return (people, journal, ids)
  }

  enum Need { case read, create, authorOnly, ownerOnly }

  @Test func everyRouteAnswersEachPersonByTheirAccess() async throws {
    let server = try await TestServer()
    try await server.run { client in
      let (people, journal, ids) = try await Self.sharedJournal(client)
      let base = "/api/auralyst/journals/\(journal)"
      // Fay is there to be removed by whoever may.
      let fay = try await client.signup("fay@example.com", name: "Fay")
      _ = try await client.json(
        .post, "\(base)/shares", ["email": "fay@example.com", "permission": "read-only"],
        token: people.owner.access)
      _ = try await client.json(
        .post, "/api/invitations/respond",
        ["app": "auralyst", "kind": "journal", "resourceId": journal, "decision": "accept"],
        token: fay.access)
      let routes: [(HTTPRequest.Method, String, [String: Any]?, Need)] = [
        (.get, base, nil, .read),
        (.get, "\(base)/entries", nil, .read),
        (.get, "\(base)/entries/\(ids["entry"]!)", nil, .read),
        (.get, "\(base)/medications", nil, .read),
        (.get, "\(base)/medications/\(ids["medication"]!)", nil, .read),
        (.get, "\(base)/intakes", nil, .read),
        (.get, "\(base)/intakes/\(ids["intake"]!)", nil, .read),
        (.get, "\(base)/notes", nil, .read),
        (.get, "\(base)/notes/\(ids["note"]!)", nil, .read),
        (.get, "\(base)/shares", nil, .read),
        (.get, "\(base)/insights?window=7d", nil, .read),
        (.get, "\(base)/export?format=json", nil, .read),
        (.get, "\(base)/export?format=csv", nil, .read),
        (.get, "\(base)/health", nil, .read),
        (.post, "\(base)/entries", ["severity": 4], .create),
        (.post, "\(base)/medications", ["name": "Magnesium"], .create),
        (.post, "\(base)/intakes", ["medicationId": ids["medication"]!], .create),
        (.post, "\(base)/notes", ["text": "Checked in"], .create),
        (.patch, "\(base)/entries/\(ids["entry"]!)", ["severity": 9], .authorOnly),
        (.patch, "\(base)/medications/\(ids["medication"]!)", ["name": "Advil"], .authorOnly),
        (.patch, "\(base)/intakes/\(ids["intake"]!)", ["amount": 400], .authorOnly),
        (.patch, "\(base)/notes/\(ids["note"]!)", ["text": "Edited"], .authorOnly),
        (.delete, "\(base)/notes/\(ids["note"]!)", nil, .authorOnly),
        (.delete, "\(base)/intakes/\(ids["intake"]!)", nil, .authorOnly),
        (.delete, "\(base)/entries/\(ids["entry"]!)", nil, .authorOnly),
        (.delete, "\(base)/medications/\(ids["medication"]!)", nil, .authorOnly),
        (.patch, base, ["title": "Mine now"], .ownerOnly),
        (
          .post, "\(base)/shares", ["email": "eve@example.com", "permission": "read-only"],
          .ownerOnly
        ),
        (.patch, "\(base)/shares/\(fay.id)", ["permission": "read-write"], .ownerOnly),
        (.post, "\(base)/health/repair", nil, .ownerOnly),
        (.post, "\(base)/import", [String: Any](), .ownerOnly),
        (.delete, "\(base)/shares/\(fay.id)", nil, .ownerOnly),
        (.delete, "\(base)/shares", nil, .ownerOnly),
        (.delete, base, nil, .ownerOnly),
      ]
      // The pages answer by the same rules: members see them, nobody else learns they exist.
      let pages = [
        "/auralyst/journals/\(journal)", "/auralyst/journals/\(journal)/days/2026-11-20",
        "/auralyst/journals/\(journal)/entries/\(ids["entry"]!)",
        "/auralyst/journals/\(journal)/medications", "/auralyst/journals/\(journal)/insights",
        "/auralyst/journals/\(journal)/sharing", "/auralyst/journals/\(journal)/data",
        "/auralyst/journals/\(journal)/report",
      ]
      for path in pages {
        for (name, person, status) in [
          ("owner", people.owner, 200), ("writer", people.writer, 200),
          ("reader", people.reader, 200), ("removed", people.removed, 404),
          ("stranger", people.stranger, 404),
        ] {
          let reply = try await client.json(.get, path, token: person.access)
          #expect(reply.status == status, "\(name) GET \(path): \(reply.status)")
          if status == 404 { #expect(!reply.text.contains("Ann's journal")) }
        }
      }
      for ownerOnly in [
        "/auralyst/journals/\(journal)/medications/\(ids["medication"]!)",
        "/auralyst/journals/\(journal)/settings",
      ] {
        for (person, status) in [
          (people.owner, 200), (people.writer, 403), (people.reader, 403),
          (people.removed, 404), (people.stranger, 404),
        ] {
          let reply = try await client.json(.get, ownerOnly, token: person.access)
          #expect(reply.status == status, "GET \(ownerOnly): \(reply.status)")
        }
      }
      func export() async throws -> String {
        let reply = try await client.json(
          .get, "\(base)/export?format=json", token: people.owner.access)
        // The export names no time of its own, so two exports of one journal are equal.
        return reply.text
      }
      let before = try await export()
      let visitors = [
        ("writer", people.writer), ("reader", people.reader), ("removed", people.removed),
        ("stranger", people.stranger),
      ]
      for (method, path, body, need) in routes {
        for (name, person) in visitors {
          let reply = try await client.json(method, path, body, token: person.access)
          let expected: Int
          switch (name, need) {
          case ("removed", _), ("stranger", _): expected = 404
          case (_, .read): expected = 200
          case ("writer", .create): expected = 201
          default: expected = 403
          }
          #expect(
            reply.status == expected, "\(name) \(method) \(path): \(reply.status) \(reply.text)")
          if expected == 404 {
            #expect(reply.errorCode == "not_found" && !reply.text.contains("Ann"))
          }
        }
      }
      // Bob's four additions are the only change the visitors made.
      let after = try await export()
      let beforeJSON = try #require(
        try JSONSerialization.jsonObject(with: Data(before.utf8)) as? [String: Any])
      let afterJSON = try #require(
        try JSONSerialization.jsonObject(with: Data(after.utf8)) as? [String: Any])
      for key in ["entries", "medications", "intakes", "collaboratorNotes"] {
        let old = beforeJSON[key] as? [[String: Any]] ?? []
        let new = afterJSON[key] as? [[String: Any]] ?? []
        #expect(new.count == old.count + 1, "\(key)")
        let added = new.filter { item in
          !old.contains { ($0["id"] as? String) == (item["id"] as? String) }
        }
        #expect(added.count == 1 && (added[0]["authorID"] as? String) == people.writer.id)
      }
      // The writer changes what he wrote, not Ann's.
      let own = try await client.json(
        .patch, "\(base)/entries/\(ids["writerEntry"]!)", ["severity": 5, "note": "better"],
        token: people.writer.access)
      #expect(own.status == 200 && (own["entry"] as? [String: Any])?["note"] as? String == "better")
      #expect(
        try await client.json(
          .delete, "\(base)/entries/\(ids["writerEntry"]!)", token: people.writer.access
        ).status == 204)
      // The owner can do all of it, the journal's deletion last.
      for (method, path, body, _) in routes {
        let reply = try await client.json(method, path, body, token: people.owner.access)
        let allowed = path.hasSuffix("/import") ? 400 : nil
        #expect(
          (200..<300).contains(reply.status) || reply.status == allowed,
          "owner \(method) \(path): \(reply.status) \(reply.text)")
      }
      let gone = try await client.json(.get, base, token: people.owner.access)
      #expect(gone.status == 404)
      let listed = try await client.json(
        .get, "/api/auralyst/journals", token: people.writer.access)
      #expect((listed["journals"] as? [Any])?.isEmpty == true)
    }
  }

  /// The owner invites by email and sees every address; collaborators see names, and their own.
  @Test func theShareListShowsEmailsToTheOwnerOnly() async throws {
    let server = try await TestServer()
    try await server.run { client in
      let (people, journal, _) = try await Self.sharedJournal(client)
      func emails(_ token: String) async throws -> [String: String?] {
        let reply = try await client.json(
          .get, "/api/auralyst/journals/\(journal)/shares", token: token)
        let list = try #require(reply["participants"] as? [[String: Any]])
        return Dictionary(
          uniqueKeysWithValues: list.map { ($0["userId"] as? String ?? "", $0["email"] as? String) }
        )
      }
      let (bob, cal) = (people.writer.id, people.reader.id)
      let byOwner = try await emails(people.owner.access)
      #expect(byOwner[bob] == "bob@example.com" && byOwner[cal] == "cal@example.com")
      let byWriter = try await emails(people.writer.access)
      #expect(byWriter[bob] == "bob@example.com" && byWriter[cal] == .some(nil))
      let byReader = try await emails(people.reader.access)
      #expect(byReader[cal] == "cal@example.com" && byReader[bob] == .some(nil))
    }
  }

  /// An address without an account is invited by mail; only the owner may invite.
  @Test func anAddressWithoutAnAccountIsInvitedByMail() async throws {
    let server = try await TestServer()
    try await server.run { client in
      let (people, journal, _) = try await Self.sharedJournal(client)
      let base = "/api/auralyst/journals/\(journal)/shares"
      let invited = try await client.json(
        .post, base, ["email": "newcomer@example.com", "permission": "read-only"],
        token: people.owner.access)
      #expect(invited.status == 200)
      let rows = try await server.env.database.rows(
        "SELECT email, permission, resource_id FROM email_invitations")
      #expect(rows.count == 1)
      #expect(try rows.first?["email"] == "newcomer@example.com")
      #expect(try rows.first?["resource_id"] == journal)
      let byWriter = try await client.json(
        .post, base, ["email": "other@example.com", "permission": "read-only"],
        token: people.writer.access)
      #expect(byWriter.status == 403)
    }
  }

  @Test func aRemovedCollaboratorsNextRequestSeesNothing() async throws {
    let server = try await TestServer()
    try await server.run { client in
      let (people, journal, _) = try await Self.sharedJournal(client)
      let base = "/api/auralyst/journals/\(journal)"
      #expect(
        try await client.json(.get, "\(base)/entries", token: people.writer.access).status == 200)
      // Cal leaves on his own; then Ann stops sharing with everyone else.
      let left = try await client.json(
        .delete, "\(base)/shares/\(people.reader.id)", token: people.reader.access)
      #expect(left.status == 200)
      #expect(
        try await client.json(.get, "\(base)/entries", token: people.reader.access).status == 404)
      let stopped = try await client.json(.delete, "\(base)/shares", token: people.owner.access)
      #expect((stopped["participants"] as? [Any])?.isEmpty == true)
      for person in [people.writer, people.reader] {
        #expect(try await client.json(.get, "\(base)/entries", token: person.access).status == 404)
        let listed = try await client.json(.get, "/api/auralyst/journals", token: person.access)
        #expect((listed["journals"] as? [Any])?.isEmpty == true)
      }
      #expect(
        try await client.json(.get, "\(base)/entries", token: people.owner.access).status == 200)
    }
  }

  @Test func offlineEntriesSentTwiceAreStoredOnce() async throws {
    let server = try await TestServer()
    try await server.run { client in
      let owner = try await client.signup("ann@example.com")
      let created = try await client.json(.post, "/api/auralyst/journals", [:], token: owner.access)
      let journal = try #require((created["journal"] as? [String: Any])?["id"] as? String)
      let entry: [String: Any] = [
        "id": "offline-1", "severity": 7, "timestamp": "2026-11-21T06:15:00.250Z",
        "note": "made on the train",
      ]
      let first = try await client.json(
        .post, "/api/auralyst/journals/\(journal)/entries", entry, token: owner.access)
      let again = try await client.json(
        .post, "/api/auralyst/journals/\(journal)/entries", entry, token: owner.access)
      #expect(first.status == 201 && again.status == 200)
      #expect(
        (again["entry"] as? [String: Any])?["timestamp"] as? String
          == "2026-11-21T06:15:00.250+00:00")
      let list = try await client.json(
        .get, "/api/auralyst/journals/\(journal)/entries", token: owner.access)
      #expect((list["entries"] as? [Any])?.count == 1)
      // An id taken in someone else's journal is a conflict, not a way in.
      let other = try await client.signup("eve@example.com")
      let hers = try await client.json(.post, "/api/auralyst/journals", [:], token: other.access)
      let herJournal = try #require((hers["journal"] as? [String: Any])?["id"] as? String)
      let clash = try await client.json(
        .post, "/api/auralyst/journals/\(herJournal)/entries", entry, token: other.access)
      #expect(clash.status == 409 && clash.errorField == "id")
    }
  }

  @Test func badInputIsNamedAndNothingIsWritten() async throws {
    let server = try await TestServer()
    try await server.run { client in
      let owner = try await client.signup("ann@example.com")
      let created = try await client.json(.post, "/api/auralyst/journals", [:], token: owner.access)
      let journal = try #require((created["journal"] as? [String: Any])?["id"] as? String)
      let base = "/api/auralyst/journals/\(journal)"
      let cases: [(String, [String: Any], String)] = [
        ("entries", ["severity": 11], "severity"),
        ("entries", ["severity": 3, "symptoms": ["Toothache": 2]], "symptoms.Toothache"),
        ("entries", ["severity": 3, "timestamp": "yesterday"], "timestamp"),
        ("entries", ["severity": 3, "timestamp": "1900-01-01T00:00:00Z"], "timestamp"),
        ("entries", ["severity": 3, "timestamp": "2999-01-01T00:00"], "timestamp"),
        ("medications", ["name": "Huge", "defaultAmount": 1e19], "defaultAmount"),
        ("entries", ["note": "no severity"], "severity"),
        ("medications", ["name": "   "], "name"),
        (
          "medications",
          ["name": "Magnesium", "schedules": [["time": "08:00", "days": [Int]()]]],
          "schedules[0].days"
        ),
        (
          "medications", ["name": "Magnesium", "schedules": [["time": "25:00"]]],
          "schedules[0].time"
        ),
        ("intakes", ["medicationId": "nope"], "medicationId"),
        ("notes", ["text": "  "], "text"),
        ("notes", ["text": "hi", "entryId": "nope"], "entryId"),
      ]
      for (path, body, field) in cases {
        let reply = try await client.json(.post, "\(base)/\(path)", body, token: owner.access)
        #expect(reply.status == 400 && reply.errorField == field, "\(path) \(body): \(reply.text)")
      }
      let window = try await client.json(.get, "\(base)/insights?window=2d", token: owner.access)
      #expect(window.status == 400 && window.errorField == "window")
      let export = try await client.json(.get, "\(base)/export", token: owner.access)
      #expect((export["entries"] as? [Any])?.isEmpty == true)
      #expect((export["medications"] as? [Any])?.isEmpty == true)
      #expect((export["collaboratorNotes"] as? [Any])?.isEmpty == true)
    }
  }
}

extension AuralystAPITests {
  @Test func aCollaboratorCannotDeleteOthersDosesWithTheirMedication() async throws {
    let server = try await TestServer()
    try await server.run { client in
      let (people, journal, _) = try await Self.sharedJournal(client)
      let base = "/api/auralyst/journals/\(journal)"
      let made = try await client.json(
        .post, "\(base)/medications", ["name": "Bob's drops", "isAsNeeded": true],
        token: people.writer.access)
      let medication = try #require((made["medication"] as? [String: Any])?["id"] as? String)
      // Bob may delete it while only his doses are logged
      let own = try await client.json(
        .post, "\(base)/intakes", ["medicationId": medication], token: people.writer.access)
      #expect(own.status == 201)
      let ann = try await client.json(
        .post, "\(base)/intakes", ["medicationId": medication], token: people.owner.access)
      #expect(ann.status == 201)
      let refused = try await client.json(
        .delete, "\(base)/medications/\(medication)", token: people.writer.access)
      #expect(refused.status == 403)
      let intakes = try await client.json(.get, "\(base)/intakes", token: people.owner.access)
      #expect((intakes["intakes"] as? [[String: Any]])?.count == 3)
      let deleted = try await client.json(
        .delete, "\(base)/medications/\(medication)", token: people.owner.access)
      #expect(deleted.status == 204)
      let after = try await client.json(.get, "\(base)/intakes", token: people.owner.access)
      #expect((after["intakes"] as? [[String: Any]])?.count == 1)
    }
  }
}

extension AuralystAPITests {
  /// The pages send a wall-clock time as the person typed it; it is read in the journal's zone,
  /// with that date's offset (summer time here), not today's.
  @Test func aTimeWithoutAnOffsetIsTheJournalsLocalTime() async throws {
    let server = try await TestServer()
    try await server.run { client in
      let owner = try await client.signup("ann@example.com")
      let created = try await client.json(
        .post, "/api/auralyst/journals", ["timeZone": "Europe/Paris"], token: owner.access)
      let journal = try #require((created["journal"] as? [String: Any])?["id"] as? String)
      let reply = try await client.json(
        .post, "/api/auralyst/journals/\(journal)/entries",
        ["severity": 2, "timestamp": "2026-07-01T08:30"], token: owner.access)
      #expect(reply.status == 201)
      #expect(
        (reply["entry"] as? [String: Any])?["timestamp"] as? String
          == "2026-07-01T06:30:00.000+00:00")
    }
  }

  /// A scheduled dose logged without its day is checked off against the nearest dose.
  @Test func aDoseWithoutItsDayCountsForTheNearestDose() async throws {
    let server = try await TestServer()
    try await server.run { client in
      let owner = try await client.signup("ann@example.com")
      let created = try await client.json(
        .post, "/api/auralyst/journals", ["timeZone": "Asia/Tokyo"], token: owner.access)
      let journal = try #require((created["journal"] as? [String: Any])?["id"] as? String)
      let base = "/api/auralyst/journals/\(journal)"
      let medication = try await AuralystExportTests.post(
        client, "\(base)/medications", ["name": "Melatonin", "schedules": [["time": "00:10"]]],
        owner.access)
      let schedule = try #require((medication["schedules"] as? [[String: Any]])?.first?["id"])
      // 23:50 in Tokyo on 2026-11-23: the next dose, 20 minutes later, is the 24th's
      let intake = try await AuralystExportTests.post(
        client, "\(base)/intakes",
        [
          "medicationId": medication["id"]!, "scheduleId": schedule,
          "timestamp": "2026-11-23T23:50",
        ], owner.access)
      #expect(intake["scheduledDate"] as? String == "2026-11-24")
      // An as-needed dose, or one given its day, keeps what it was given
      let given = try await AuralystExportTests.post(
        client, "\(base)/intakes",
        [
          "medicationId": medication["id"]!, "scheduleId": schedule,
          "timestamp": "2026-11-23T23:50", "scheduledDate": "2026-11-23",
        ], owner.access)
      #expect(given["scheduledDate"] as? String == "2026-11-23")
      let asNeeded = try await AuralystExportTests.post(
        client, "\(base)/intakes",
        ["medicationId": medication["id"]!, "origin": "asNeeded", "timestamp": "2026-11-23T23:50"],
        owner.access)
      #expect(asNeeded["scheduledDate"] == nil)
    }
  }
}
