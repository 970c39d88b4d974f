import HearthTesting
import SnapshotTesting
import Testing

/// Whole responses against the snapshots in __Snapshots__: a page and a JSON body.
@Suite struct OnpuSnapshotTests {
  @Test func libraryPageAndAKanji() async throws {
    let server = try await TestServer(apps: testedApps, pinned: true)
    try await server.run { client in
      let ann = try await client.signup("ann@example.com", name: "Ann")
      let page = try await client.raw(
        .get, "/onpu", headers: [.authorization: "Bearer \(ann.access)"])
      assertSnapshot(of: ResponseSnapshot.text(page), as: .lines, named: "page")
      let kanji = try await client.json(.get, "/api/onpu/kanji/%E6%B0%B4", token: ann.access)
      assertSnapshot(of: ResponseSnapshot.text(kanji), as: .lines, named: "kanji")
    }
  }
}
