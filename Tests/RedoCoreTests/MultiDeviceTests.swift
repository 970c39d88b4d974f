import CanonicalJSON
import RedoCore
import Testing

/// Issue 14's property, in process: two to four devices work offline on the same repeating
/// tasks through the planner (edits, completions, snoozes, deletes, new tasks) and now and then
/// exchange their logs. Once everything is exchanged, every device has the same state in any
/// arrival order, nothing anyone signed is refused, and every live task can still be completed
/// and snoozed. A failure names its seed.
@Suite struct MultiDeviceTests {
  struct Device {
    var name: String
    var key: RedoKey
    var nodes: [String: RedoNode] = [:]
    var clock: Int64

    var log: [RedoNode] { nodes.values.sorted { $0.id < $1.id } }

    mutating func receive(_ incoming: [RedoNode]) {
      for node in incoming { nodes[node.id] = node }
    }

    /// Plans `intent` on its own replay and signs the steps as a client does.
    mutating func perform(_ intent: TaskIntent, taskId: String?, newID: () -> String) throws
      -> [RedoNode]
    {
      let replay = TaskReplay.replay(log)
      let task = taskId.flatMap { replay.tasks[$0] }
      let heads = task.map { task in log.filter { task.heads.contains($0.id) } } ?? []
      let taskNodes = taskId.map { id in log.filter { $0.taskId == id } } ?? []
      clock += 60_000
      let steps = try DraftPlanner.plan(
        intent, task: task, heads: heads, nodes: taskNodes, now: WallTime(milliseconds: clock),
        newID: newID)
      var signed: [RedoNode] = []
      for step in steps {
        var draft = step.draft
        if step.buildsOnPrevious, let previous = signed.last {
          draft.parents = [previous.id]
          draft.lamport = previous.lamport + 1
        }
        clock += 1
        signed.append(
          key.sign(draft, deviceId: name, wall: WallTime(milliseconds: clock).description))
      }
      receive(signed)
      return signed
    }
  }

  static let seeds: [UInt64] = Array(1...12)

  @Test(arguments: seeds)
  func devicesConvergeAndEveryLiveTaskStaysUsable(seed: UInt64) throws {
    var rng = SeededGenerator(state: seed)
    var counter = 0
    func newID() -> String {
      counter += 1
      return History.uuid(counter)
    }
    let start = WallTime(wall: "2026-01-01T00:00:00.000Z")!.milliseconds
    var devices: [Device] = []
    for index in 0..<Int.random(in: 2...4, using: &rng) {
      devices.append(
        Device(name: "device_\(index)", key: try .seeded(&rng), clock: start))
    }
    // A few tasks everyone has, then offline work with an exchange now and then
    for round in 0..<3 {
      _ = try devices[0].perform(
        .add(
          fields: ["title": .string("Shared \(round)"), "frequencyDays": 3],
          deadline: WallTime(milliseconds: start)),
        taskId: nil, newID: newID)
    }
    for index in devices.indices { devices[index].receive(devices[0].log) }
    for round in 0..<60 {
      let index = Int.random(in: devices.indices, using: &rng)
      let tasks = TaskReplay.replay(devices[index].log).tasks.values.sorted { $0.id < $1.id }
      let live = tasks.filter { !$0.archived && $0.currentTodo != nil }
      let choice = Int.random(in: 0..<10, using: &rng)
      do {
        if live.isEmpty || (choice == 0 && Bool.random(using: &rng)) {
          _ = try devices[index].perform(
            .add(
              fields: ["title": .string("Task \(round)"), "frequencyDays": 3],
              deadline: WallTime(milliseconds: start)),
            taskId: nil, newID: newID)
        } else {
          let task = live[Int.random(in: live.indices, using: &rng)]
          let intent: TaskIntent =
            switch choice {
            case 1, 2, 3:
              .edit(fields: ["priority": .number(Double(Int.random(in: 1...5, using: &rng)))])
            case 4, 5: .complete(notes: nil)
            case 6, 7: .snooze(days: Int.random(in: 1...3, using: &rng), until: nil, notes: nil)
            case 8: .edit(fields: ["title": .string("Renamed \(round)")])
            default: .delete
            }
          _ = try devices[index].perform(intent, taskId: task.id, newID: newID)
        }
      } catch let error as PlanError {
        Issue.record("seed \(seed), round \(round): \(error)")
      }
      // Now and then two devices exchange everything they have
      if Int.random(in: 0..<6, using: &rng) == 0 {
        let other = Int.random(in: devices.indices, using: &rng)
        let mine = devices[index].log
        devices[index].receive(devices[other].log)
        devices[other].receive(mine)
      }
    }
    // Everyone exchanges everything
    let all = devices.flatMap(\.log)
    for index in devices.indices { devices[index].receive(all) }
    let reference = TaskReplay.replay(devices[0].log)
    #expect(reference.rejections == [], "seed \(seed)")
    #expect(
      TaskReplay.replay(devices[0].log.shuffled(using: &rng)).tasks == reference.tasks,
      "seed \(seed): replay depends on arrival order")
    for device in devices.dropFirst() {
      #expect(TaskReplay.replay(device.log).tasks == reference.tasks, "seed \(seed)")
    }
    // Every live task can still be completed and snoozed, on any device
    for task in reference.tasks.values where !task.archived && task.currentTodo != nil {
      for intent in [TaskIntent.complete(notes: nil), .snooze(days: 1, until: nil, notes: nil)] {
        var device = devices[Int.random(in: devices.indices, using: &rng)]
        _ = try device.perform(intent, taskId: task.id, newID: newID)
        let rejections = TaskReplay.replay(device.log).rejections
        #expect(rejections == [], "seed \(seed): \(intent) on \(task.id)")
      }
    }
  }
}
