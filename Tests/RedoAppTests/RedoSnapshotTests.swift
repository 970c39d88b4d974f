import HearthTesting
import SnapshotTesting
import Testing

/// Whole responses against the snapshots in __Snapshots__: a page and a JSON body.
@Suite struct RedoSnapshotTests {
  @Test func tasksPageAndTaskList() async throws {
    let server = try await TestServer(apps: testedApps, pinned: true)
    try await server.run { client in
      let ann = try await client.signup("ann@example.com", name: "Ann")
      let page = try await client.raw(
        .get, "/redo", headers: [.authorization: "Bearer \(ann.access)"])
      assertSnapshot(of: ResponseSnapshot.text(page), as: .lines, named: "page")
      let tasks = try await client.json(.get, "/api/redo/tasks", token: ann.access)
      assertSnapshot(of: ResponseSnapshot.text(tasks), as: .lines, named: "tasks")
    }
  }
}
