import Foundation
import HearthTesting
import Testing

/// Saved list views over the JSON API: each account's own, replaced by name, limited and checked.
@Suite struct RedoViewsAPITests {
  func names(_ reply: JSONReply) -> [String] {
    (reply["views"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
  }

  @Test func viewsAreSavedReplacedAndForgotten() async throws {
    let server = try await TestServer()
    try await server.run { client in
      let ann = try await client.signup("ann@example.com", name: "Ann")
      let bob = try await client.signup("bob@example.com", name: "Bob")
      #expect(names(try await client.json(.get, "/api/redo/views", token: ann.access)) == [])
      let saved = try await client.json(
        .put, "/api/redo/views/Urgent%20work", ["query": "?preset=urgent&q=tax"], token: ann.access)
      #expect(saved.status == 200 && names(saved) == ["Urgent work"])
      #expect(
        (saved["views"] as? [[String: Any]])?.first?["query"] as? String == "preset=urgent&q=tax")
      let replaced = try await client.json(
        .put, "/api/redo/views/Urgent%20work", ["query": "preset=high"], token: ann.access)
      #expect((replaced["views"] as? [[String: Any]])?.count == 1)
      // Another account sees none of them and cannot forget them
      #expect(names(try await client.json(.get, "/api/redo/views", token: bob.access)) == [])
      #expect(
        try await client.json(.delete, "/api/redo/views/Urgent%20work", token: bob.access).status
          == 404)
      let forgotten = try await client.json(
        .delete, "/api/redo/views/Urgent%20work", token: ann.access)
      #expect(forgotten.status == 200 && names(forgotten) == [])
      #expect(try await client.json(.get, "/api/redo/views").status == 401)
    }
  }

  @Test func badViewsAreExplained() async throws {
    let server = try await TestServer()
    try await server.run { client in
      let ann = try await client.signup("ann@example.com", name: "Ann")
      let missing = try await client.json(.put, "/api/redo/views/Mine", [:], token: ann.access)
      #expect(missing.status == 400 && missing.errorField == "query")
      let long = try await client.json(
        .put, "/api/redo/views/" + String(repeating: "n", count: 81), ["query": ""],
        token: ann.access)
      #expect(long.status == 400 && long.errorField == "name")
      for number in 1...50 {
        let reply = try await client.json(
          .put, "/api/redo/views/View\(number)", ["query": "q=\(number)"], token: ann.access)
        #expect(reply.status == 200)
      }
      let tooMany = try await client.json(
        .put, "/api/redo/views/One%20more", ["query": ""], token: ann.access)
      #expect(tooMany.status == 409 && tooMany.errorField == "name")
      // Replacing one of the fifty is still allowed
      #expect(
        try await client.json(.put, "/api/redo/views/View1", ["query": "q=x"], token: ann.access)
          .status == 200)
    }
  }
}
