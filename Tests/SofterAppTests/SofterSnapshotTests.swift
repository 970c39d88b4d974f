import HearthTesting
import SnapshotTesting
import Testing

/// Whole responses against the snapshots in __Snapshots__: a page and a JSON body.
@Suite struct SofterSnapshotTests {
  @Test func roomsPageAndARefusedRoom() async throws {
    let server = try await TestServer(apps: testedApps, pinned: true)
    try await server.run { client in
      let ann = try await client.signup("ann@example.com", name: "Ann")
      let page = try await client.raw(
        .get, "/softer", headers: [.authorization: "Bearer \(ann.access)"])
      assertSnapshot(of: ResponseSnapshot.text(page), as: .lines, named: "page")
      let refused = try await client.json(.post, "/api/softer/rooms", [:], token: ann.access)
      assertSnapshot(of: ResponseSnapshot.text(refused), as: .lines, named: "refused")
    }
  }
}
