import CanonicalJSON
import RedoCore

extension RedoCorpus {
  /// A signed log in which every task forked: after its CREATE and first CREATE_TODO, one device
  /// renames it, completes the todo and makes the next, while another changes its priority and
  /// description; a MERGE joins the two branches and a SNOOZE builds on it. Nine nodes a task.
  static func makeForked(tasks: Int) -> RedoCorpus {
    let key = RedoKey.generate()
    var corpus = RedoCorpus(publicKey: key.publicKeyHex)
    var clock = WallTime(wall: "2026-01-01T00:00:00.000Z")!
    var ids = SequentialUUIDs(variant: "9000")
    func uuid() -> String { ids.next() }
    for index in 0..<tasks {
      let taskId = uuid()
      let (first, second) = (uuid(), uuid())
      var all: [RedoNode] = []
      func sign(
        _ parent: RedoNode?, _ action: NodeAction, _ payload: [String: JSON], on device: String
      )
        -> RedoNode
      {
        clock = WallTime(milliseconds: clock.milliseconds + 1)
        let node = key.sign(
          NodeDraft(
            taskId: taskId, parents: parent.map { [$0.id] } ?? [],
            lamport: (parent?.lamport ?? 0) + 1, action: action, payload: payload),
          deviceId: device, wall: clock.description)
        all.append(node)
        return node
      }
      let create = sign(
        nil, .create,
        ["title": .string("Task \(index)"), "priority": 3, "frequencyDays": 7], on: "laptop")
      let todo = sign(
        create, .createTodo,
        ["todoTaskId": .string(first), "deadline": .string(clock.adding(days: 3).description)],
        on: "laptop")
      var laptop = sign(todo, .update, ["title": .string("Task \(index), renamed")], on: "laptop")
      laptop = sign(
        laptop, .completeTodo,
        ["todoTaskId": .string(first), "completed": .string(clock.description)], on: "laptop")
      laptop = sign(
        laptop, .createTodo,
        ["todoTaskId": .string(second), "deadline": .string(clock.adding(days: 7).description)],
        on: "laptop")
      var phone = sign(todo, .update, ["priority": .number(Double(index % 5 + 1))], on: "phone")
      phone = sign(phone, .update, ["description": "Changed offline"], on: "phone")
      clock = WallTime(milliseconds: clock.milliseconds + 1)
      let merge = key.sign(
        .merge(heads: [laptop, phone], among: all), deviceId: "phone", wall: clock.description)
      all.append(merge)
      _ = sign(merge, .snooze, ["todoTaskId": .string(second), "daysToExtend": 2], on: "phone")
      corpus.texts += all.map { try! $0.json.canonicalBytes() }
    }
    return corpus
  }
}
