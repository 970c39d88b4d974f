import Foundation
import HTTPTypes
import HearthCore
import HearthTesting
import HummingbirdTesting
import Testing

@testable import AuralystApp
@testable import HearthPlatform

/// The access matrix for factors and their values, person by person: Ann owns the journal,
/// Bob writes, Cal reads, Dan was removed, Eve was never invited.
extension AuralystAPITests {
  @Test func factorsAnswerEachPersonByTheirAccess() async throws {
    let server = try await TestServer()
    try await server.run { client in
      let (people, journal, _) = try await Self.sharedJournal(client)
      let base = "/api/auralyst/journals/\(journal)"
      let annSleep = try await AuralystExportTests.post(
        client, "\(base)/factors", ["name": "Sleep", "kind": "number"], people.owner.access)
      let bobMood = try await AuralystExportTests.post(
        client, "\(base)/factors", ["name": "Mood", "kind": "scale"], people.writer.access)
      let (sleep, mood) = (try #require(annSleep["id"] as? String), try #require(bobMood["id"]))
      let everyone = [
        ("owner", people.owner), ("writer", people.writer), ("reader", people.reader),
        ("removed", people.removed), ("stranger", people.stranger),
      ]
      /// Each person's request (a body of their own, so that names and days do not collide).
      func expectStatus(
        _ method: HTTPRequest.Method, _ path: (String) -> String,
        _ body: ((String) -> [String: Any])?,
        _ expected: [String: Int]
      ) async throws {
        for (name, person) in everyone {
          let reply = try await client.json(
            method, path(name), body?(name), token: person.access)
          #expect(reply.status == expected[name], "\(name) \(method) \(path(name)): \(reply.text)")
          if reply.status == 404 {
            #expect(reply.errorCode == "not_found")
            #expect(!reply.text.contains("Sleep") && !reply.text.contains("Mood"))
          }
        }
      }
      let members = ["owner": 200, "writer": 200, "reader": 200, "removed": 404, "stranger": 404]
      let writers = ["owner": 200, "writer": 200, "reader": 403, "removed": 404, "stranger": 404]
      let ownerOnly = ["owner": 200, "writer": 403, "reader": 403, "removed": 404, "stranger": 404]
      // Reading
      try await expectStatus(.get, { _ in "\(base)/factors" }, nil, members)
      try await expectStatus(.get, { _ in "\(base)/factor-values" }, nil, members)
      for person in [people.owner, people.writer, people.reader] {
        let listed = try await client.json(.get, "\(base)/factors", token: person.access)
        let names = (listed["factors"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
        #expect(names == ["Mood", "Sleep"])
      }
      // Defining: the owner and writers
      try await expectStatus(
        .post, { _ in "\(base)/factors" }, { ["name": "Coffee \($0)", "kind": "yesno"] },
        writers.mapValues { $0 == 200 ? 201 : $0 })
      // Renaming: the author and the owner
      try await expectStatus(
        .patch, { _ in "\(base)/factors/\(sleep)" }, { _ in ["name": "Sleep"] }, ownerOnly)
      try await expectStatus(
        .patch, { _ in "\(base)/factors/\(mood)" }, { _ in ["name": "Mood"] }, writers)
      // Logging a day: the owner and writers; a value someone else logged, only the owner
      let days = ["owner": "01", "writer": "02", "reader": "03", "removed": "04", "stranger": "05"]
      try await expectStatus(
        .put, { "\(base)/factors/\(sleep)/days/2026-11-\(days[$0]!)" }, { _ in ["number": 7] },
        writers)
      try await expectStatus(
        .put, { _ in "\(base)/factors/\(sleep)/days/2026-11-01" }, { _ in ["number": 6] },
        ownerOnly)
      try await expectStatus(
        .put, { "\(base)/factors/\(mood)/days/2026-11-1\(days[$0]!.suffix(1))" },
        { _ in ["number": 4] }, writers)
      // Clearing a day: the reader, the removed and the stranger cannot; Bob not Ann's day
      for (name, person, status) in [
        ("reader", people.reader, 403), ("removed", people.removed, 404),
        ("stranger", people.stranger, 404), ("writer", people.writer, 403),
      ] {
        let reply = try await client.json(
          .delete, "\(base)/factors/\(sleep)/days/2026-11-01", token: person.access)
        #expect(reply.status == status, "\(name): \(reply.text)")
      }
      let bobClears = try await client.json(
        .delete, "\(base)/factors/\(sleep)/days/2026-11-02", token: people.writer.access)
      #expect(bobClears.status == 204)
      let annClears = try await client.json(
        .delete, "\(base)/factors/\(sleep)/days/2026-11-01", token: people.owner.access)
      #expect(annClears.status == 204)

      // A factor's id under the stranger's own journal is no way to it either
      let hers = try await client.json(
        .post, "/api/auralyst/journals", [:], token: people.stranger.access)
      let herJournal = try #require((hers["journal"] as? [String: Any])?["id"] as? String)
      let herBase = "/api/auralyst/journals/\(herJournal)"
      for (method, path, body) in [
        (
          HTTPRequest.Method.patch, "\(herBase)/factors/\(sleep)",
          ["name": "Mine"] as [String: Any]?
        ),
        (.delete, "\(herBase)/factors/\(sleep)", nil),
        (.put, "\(herBase)/factors/\(sleep)/days/2026-11-06", ["number": 1]),
        (.delete, "\(herBase)/factors/\(sleep)/days/2026-11-02", nil),
      ] {
        let reply = try await client.json(method, path, body, token: people.stranger.access)
        #expect(reply.status == 404 && reply.errorCode == "not_found", "\(method) \(path)")
      }

      // Deleting a factor: Bob's Mood holds Ann's value, so only Ann may delete it; Ann's Sleep
      // is hers
      let ann = try await client.json(
        .put, "\(base)/factors/\(mood)/days/2026-11-20", ["number": 2], token: people.owner.access)
      #expect(ann.status == 200)
      for (name, person, status) in [
        ("writer", people.writer, 403), ("reader", people.reader, 403),
        ("removed", people.removed, 404), ("stranger", people.stranger, 404),
      ] {
        let reply = try await client.json(.delete, "\(base)/factors/\(mood)", token: person.access)
        #expect(reply.status == status, "\(name): \(reply.text)")
      }
      for (name, person, status) in [
        ("writer", people.writer, 403), ("reader", people.reader, 403),
        ("removed", people.removed, 404), ("stranger", people.stranger, 404),
        ("owner", people.owner, 204),
      ] {
        let reply = try await client.json(
          .delete, "\(base)/factors/\(sleep)", token: person.access)
        #expect(reply.status == status, "\(name): \(reply.text)")
      }
      let annDeletesMood = try await client.json(
        .delete, "\(base)/factors/\(mood)", token: people.owner.access)
      #expect(annDeletesMood.status == 204)
      let left = try await client.json(.get, "\(base)/factors", token: people.owner.access)
      let names = (left["factors"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
      #expect(Set(names ?? []) == ["Coffee owner", "Coffee writer"])
    }
  }
}
