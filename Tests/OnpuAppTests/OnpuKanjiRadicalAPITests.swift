import HearthTesting
import Testing

/// A kanji's radical in the kanji JSON, and the radical search of the API and the dictionary page.
@Suite struct OnpuKanjiRadicalAPITests {
  @Test func theKanjiJSONSpellsOutItsRadical() async throws {
    let server = try await TestServer()
    try await server.run { client in
      let ann = try await client.signup("ann@example.com")
      let sea = try await client.json(.get, "/api/onpu/kanji/%E6%B5%B7", token: ann.access)
      #expect(sea.status == 200)
      #expect((sea["kanji"] as? [String: Any])?["radical"] as? Int == 85)
      let radical = try #require(sea["radical"] as? [String: Any])
      #expect(radical["number"] as? Int == 85 && radical["ideograph"] as? String == "水")
      #expect(radical["variant"] as? String == "氵" && radical["name"] as? String == "water")
      #expect(radical["strokes"] as? Int == 4 && radical["character"] as? String == "\u{2F54}")
      let word = try await client.json(.get, "/api/onpu/kanji/%E8%AA%9E", token: ann.access)
      #expect((word["radical"] as? [String: Any])?["name"] as? String == "speech")
    }
  }

  @Test func aRadicalSearchListsItsKanjiAndABadOneSaysWhy() async throws {
    let server = try await TestServer()
    try await server.run { client in
      let ann = try await client.signup("ann@example.com")
      let water = try await client.json(
        .get, "/api/onpu/kanji?q=radical%3A85", token: ann.access)
      let kanji = try #require(water["kanji"] as? [[String: Any]])
      #expect(water.status == 200 && kanji.count == 60)
      #expect(kanji.allSatisfy { $0["radical"] as? Int == 85 })
      #expect(kanji.contains { $0["literal"] as? String == "海" })
      let byVariant = try await client.json(
        .get, "/api/onpu/kanji?q=radical%3A%E6%B0%B5", token: ann.access)
      #expect((byVariant["kanji"] as? [[String: Any]])?.count == 60)
      for bad in ["radical%3A0", "radical%3A215", "radical%3Asea"] {
        let reply = try await client.json(.get, "/api/onpu/kanji?q=\(bad)", token: ann.access)
        #expect(reply.status == 400 && reply.errorField == "q", "\(bad)")
      }

      let page = try await client.raw(
        .get, "/onpu/dictionary?q=radical%3A85", headers: [.authorization: "Bearer \(ann.access)"])
      #expect(page.status == 200 && page.text.contains(#"data-kanji="海""#))
      #expect(!page.text.contains("onpu-words-loading"))
    }
  }
}
