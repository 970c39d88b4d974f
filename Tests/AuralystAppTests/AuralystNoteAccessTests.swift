import Foundation
import HTTPTypes
import HearthCore
import HearthTesting
import HummingbirdTesting
import Testing

@testable import AuralystApp
@testable import HearthPlatform

/// The access matrix for notes (Ann's note about an entry, Bob's about no entry) and for the
/// share list's fields, person by person.
extension AuralystAPITests {
  @Test func notesAnswerEachPersonByTheirAccess() async throws {
    let server = try await TestServer()
    try await server.run { client in
      let (people, journal, ids) = try await Self.sharedJournal(client)
      let base = "/api/auralyst/journals/\(journal)"
      let bobs = try await AuralystExportTests.post(
        client, "\(base)/notes", ["text": "Bob's day note"], people.writer.access)
      let (annNote, bobNote) = (ids["note"]!, try #require(bobs["id"] as? String))
      let everyone = [
        ("owner", people.owner), ("writer", people.writer), ("reader", people.reader),
        ("removed", people.removed), ("stranger", people.stranger),
      ]
      func expectStatus(
        _ method: HTTPRequest.Method, _ path: String, _ body: [String: Any]?,
        _ expected: [String: Int]
      ) async throws {
        for (name, person) in everyone {
          let reply = try await client.json(method, path, body, token: person.access)
          #expect(reply.status == expected[name], "\(name) \(method) \(path): \(reply.text)")
          if reply.status == 404 {
            #expect(reply.errorCode == "not_found")
            #expect(!reply.text.contains("Ann") && !reply.text.contains("Bob's day note"))
          }
        }
      }
      let members = ["owner": 200, "writer": 200, "reader": 200, "removed": 404, "stranger": 404]
      // Reading: members see both notes, whoever wrote them; nobody else learns they exist
      try await expectStatus(.get, "\(base)/notes", nil, members)
      try await expectStatus(.get, "\(base)/notes/\(annNote)", nil, members)
      try await expectStatus(.get, "\(base)/notes/\(bobNote)", nil, members)
      try await expectStatus(.get, "\(base)/notes?entryId=\(ids["entry"]!)", nil, members)
      for person in [people.owner, people.writer, people.reader] {
        let listed = try await client.json(.get, "\(base)/notes", token: person.access)
        let texts = (listed["notes"] as? [[String: Any]])?.compactMap { $0["text"] as? String }
        #expect(Set(texts ?? []) == ["Rough morning", "Bob's day note"])
      }
      // Writing: the author and the owner change a note; the reader and other writers may not
      try await expectStatus(
        .patch, "\(base)/notes/\(bobNote)", ["text": "Bob's day note"],
        ["owner": 200, "writer": 200, "reader": 403, "removed": 404, "stranger": 404])
      try await expectStatus(
        .patch, "\(base)/notes/\(annNote)", ["text": "Rough morning"],
        ["owner": 200, "writer": 403, "reader": 403, "removed": 404, "stranger": 404])
      try await expectStatus(
        .post, "\(base)/notes", ["text": "Hello", "entryId": ids["entry"]!],
        ["owner": 201, "writer": 201, "reader": 403, "removed": 404, "stranger": 404])

      // A note's id under the stranger's own journal is no way to it either
      let hers = try await client.json(
        .post, "/api/auralyst/journals", [:], token: people.stranger.access)
      let herJournal = try #require((hers["journal"] as? [String: Any])?["id"] as? String)
      for method in [HTTPRequest.Method.get, .delete] {
        let reply = try await client.json(
          method, "/api/auralyst/journals/\(herJournal)/notes/\(annNote)",
          token: people.stranger.access)
        #expect(reply.status == 404 && reply.errorCode == "not_found", "\(method)")
      }

      // Deleting: the reader and the other writer cannot; the author can
      for person in [people.reader, people.removed, people.stranger] {
        let refused = try await client.json(
          .delete, "\(base)/notes/\(bobNote)", token: person.access)
        #expect([403, 404].contains(refused.status))
      }
      let notBobs = try await client.json(
        .delete, "\(base)/notes/\(annNote)", token: people.writer.access)
      #expect(notBobs.status == 403)
      let deleted = try await client.json(
        .delete, "\(base)/notes/\(bobNote)", token: people.writer.access)
      #expect(deleted.status == 204)
      let gone = try await client.json(.get, "\(base)/notes/\(bobNote)", token: people.owner.access)
      #expect(gone.status == 404)
    }
  }

  /// Everyone in the journal sees who else is in it by name, with permission and status; the
  /// email addresses go to the owner, and each person gets their own.
  @Test func theShareListsFieldsFollowAccess() async throws {
    let server = try await TestServer()
    try await server.run { client in
      let (people, journal, _) = try await Self.sharedJournal(client)
      let emails = [
        people.writer.id: "bob@example.com", people.reader.id: "cal@example.com",
      ]
      let names = [people.writer.id: "Bob", people.reader.id: "Cal"]
      let permissions = [people.writer.id: "read-write", people.reader.id: "read-only"]
      for (name, person) in [
        ("owner", people.owner), ("writer", people.writer), ("reader", people.reader),
      ] {
        let reply = try await client.json(
          .get, "/api/auralyst/journals/\(journal)/shares", token: person.access)
        let list = try #require(reply["participants"] as? [[String: Any]], "\(name)")
        #expect(Set(list.compactMap { $0["userId"] as? String }) == Set(names.keys), "\(name)")
        for participant in list {
          let id = try #require(participant["userId"] as? String)
          #expect(participant["displayName"] as? String == names[id], "\(name) sees \(id)")
          #expect(participant["permission"] as? String == permissions[id])
          #expect(participant["status"] as? String == "accepted")
          let email = participant["email"] as? String
          let shown = person.id == people.owner.id || person.id == id
          #expect(email == (shown ? emails[id] : nil), "\(name) sees \(id)'s email")
        }
        // The sharing page follows the same rule
        let page = try await client.json(
          .get, "/auralyst/journals/\(journal)/sharing", token: person.access)
        #expect(page.text.contains("Bob") && page.text.contains("Cal"), "\(name)")
        for (id, email) in emails {
          let shown = person.id == people.owner.id || person.id == id
          #expect(page.text.contains(email) == shown, "\(name) page, \(email)")
        }
      }
      for person in [people.removed, people.stranger] {
        let reply = try await client.json(
          .get, "/api/auralyst/journals/\(journal)/shares", token: person.access)
        #expect(reply.status == 404 && !reply.text.contains("bob@example.com"))
      }
    }
  }
}
