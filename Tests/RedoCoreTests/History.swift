import CanonicalJSON
import RedoCore

/// Builds signed histories the way a client would, with pinned ids, keys and clocks.
struct History {
  static let rfc8032Key = try! RedoKey(
    seedHex: "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60")

  var key = History.rfc8032Key
  var deviceId = "test_device"
  var clock = WallTime(wall: "2025-10-26T00:00:00.000Z")!
  var counter = 0
  var nodes: [RedoNode] = []

  /// Sequential v4 UUIDs: 00000000-0000-4000-8000-000000000001, …
  mutating func nextUUID() -> String {
    counter += 1
    return Self.uuid(counter)
  }

  /// The `number`th of the sequential v4 UUIDs.
  static func uuid(_ number: Int) -> String {
    let digits = String(number, radix: 16)
    return "00000000-0000-4000-8000-" + String(repeating: "0", count: 12 - digits.count) + digits
  }

  mutating func append(
    _ action: NodeAction, task: String, parents: [RedoNode], payload: [String: JSON] = [:],
    lamport: Int? = nil
  ) -> RedoNode {
    let draft = NodeDraft(
      taskId: task, parents: parents.map(\.id),
      lamport: lamport ?? ((parents.map(\.lamport).max() ?? 0) + 1), action: action,
      payload: payload)
    let node = key.sign(draft, deviceId: deviceId, wall: clock.description)
    clock = WallTime(milliseconds: clock.milliseconds + 1000)
    nodes.append(node)
    return node
  }

  /// CREATE and its first CREATE_TODO, as a client sends them.
  mutating func createTask(
    _ title: String, deadline: String = "2025-11-02T00:00:00.000Z", fields: [String: JSON] = [:]
  ) -> (taskId: String, create: RedoNode, todo: RedoNode) {
    let taskId = nextUUID()
    var payload = fields
    payload["title"] = .string(title)
    let create = append(.create, task: taskId, parents: [], payload: payload)
    let todo = append(
      .createTodo, task: taskId, parents: [create],
      payload: ["todoTaskId": .string(nextUUID()), "deadline": .string(deadline)])
    return (taskId, create, todo)
  }
}
