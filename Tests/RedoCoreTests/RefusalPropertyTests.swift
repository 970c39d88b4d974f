import CanonicalJSON
import RedoCore
import Testing

/// Issue 37's property, in process: Ann's two devices and Bob's one work on shared tasks while
/// the server refuses: Bob is read-only for a while, then removed, then given write access
/// again; one of Ann's keys is revoked and later registered again; and the server fails at
/// random. Each device treats refusals as `SyncRefusal` says: a temporary one leaves the node
/// waiting, a final one sets it aside with everything built on it. Afterwards every accepted node
/// is on every device that may see it, no refused node is in any state, and nothing anyone
/// signed is lost: it is on the server or set aside where its author can discard or copy it.
@Suite struct RefusalPropertyTests {
  struct Server {
    var nodes: [String: RedoNode] = [:]
    var owners: [String: String] = [:]
    var access: [String: [String: Access]] = [:]  // task → user → access
    var keys: [String: String] = [:]  // public key → user

    enum Access { case read, write }

    func visible(to user: String) -> [RedoNode] {
      nodes.values.filter { owners[$0.taskId] == user || access[$0.taskId]?[user] != nil }
    }

    /// One verdict per node: nil for accepted, else the refusal.
    mutating func upload(_ batch: [RedoNode], from user: String, failing: Bool) -> [SyncRefusal?] {
      var verdicts = [SyncRefusal?](repeating: nil, count: batch.count)
      var byTask: [String: [(Int, RedoNode)]] = [:]
      for (index, node) in batch.enumerated() {
        if keys[node.author.publicKey] != user {
          verdicts[index] = SyncRefusal(nodeId: node.id, code: SyncRefusal.unknownKey, message: "")
        } else if failing {
          verdicts[index] = SyncRefusal(nodeId: node.id, code: "unavailable", message: "busy")
        } else {
          byTask[node.taskId, default: []].append((index, node))
        }
      }
      for (taskId, entries) in byTask {
        let owner = owners[taskId]
        if let owner, owner != user, access[taskId]?[user] != .write {
          for (index, node) in entries {
            verdicts[index] = SyncRefusal(nodeId: node.id, code: "forbidden", message: "no")
          }
          continue
        }
        let held = nodes.values.filter { $0.taskId == taskId }
        let outcome = TaskReplay.admit(entries.map(\.1), to: Array(held))
        let refused = Dictionary(
          outcome.rejections.map { ($0.nodeId ?? "", $0) }, uniquingKeysWith: { a, _ in a })
        for (index, node) in entries {
          if let rejection = refused[node.id] {
            verdicts[index] = SyncRefusal(
              nodeId: node.id, code: rejection.code.rawValue, message: rejection.reason)
          }
        }
        for node in outcome.accepted { nodes[node.id] = node }
        if owner == nil, !outcome.accepted.isEmpty { owners[taskId] = user }
      }
      return verdicts
    }
  }

  struct Phone {
    var user: String
    var device: MultiDeviceTests.Device
    var unsynced: [String] = []  // in signing order
    var setAside: [String: RedoNode] = [:]
    var reasons: [String: String] = [:]  // set-aside node → the code that refused it
    var signed: Set<String> = []

    mutating func perform(_ intent: TaskIntent, taskId: String?, newID: () -> String) throws {
      let nodes = try device.perform(intent, taskId: taskId, newID: newID)
      unsynced += nodes.map(\.id)
      signed.formUnion(nodes.map(\.id))
    }

    mutating func sync(with server: inout Server, failing: Bool) {
      // Small requests, as a real device's are bounded: a child can go up after its parent
      // was refused in an earlier request, and is then refused for lack of it.
      let batch = unsynced.compactMap { device.nodes[$0] }
      var verdicts: [SyncRefusal?] = []
      for start in stride(from: 0, to: batch.count, by: 3) {
        let request = Array(batch[start..<min(start + 3, batch.count)])
        verdicts += server.upload(request, from: user, failing: failing)
      }
      var final: Set<String> = []
      var waiting: [String] = []
      for (node, verdict) in zip(batch, verdicts) {
        guard let verdict else { continue }
        if verdict.isTemporary {
          waiting.append(node.id)
        } else {
          final.insert(node.id)
          reasons[node.id] = verdict.code
        }
      }
      let leaving = RefusedWork.closure(of: final, in: Array(device.nodes.values))
      for id in leaving {
        setAside[id] = device.nodes.removeValue(forKey: id)
      }
      unsynced = waiting.filter { !leaving.contains($0) }
      // Downloads pass the same door as on a real device: only what leaves held nodes valid.
      let incoming = server.visible(to: user)
      for (taskId, nodes) in Dictionary(grouping: incoming, by: \.taskId) {
        let held = device.nodes.values.filter { $0.taskId == taskId }
        device.receive(TaskReplay.admit(nodes, to: Array(held)).accepted)
      }
    }
  }

  static let seeds: [UInt64] = Array(1...10)

  @Test(arguments: seeds)
  func refusalsNeverLoseOrKeepWork(seed: UInt64) throws {
    var rng = SeededGenerator(state: seed)
    var counter = 0
    func newID() -> String {
      counter += 1
      return History.uuid(counter)
    }
    let start = WallTime(wall: "2026-01-01T00:00:00.000Z")!.milliseconds
    var phones = [
      Phone(user: "ann", device: .init(name: "ann_laptop", key: try .seeded(&rng), clock: start)),
      Phone(user: "ann", device: .init(name: "ann_phone", key: try .seeded(&rng), clock: start)),
      Phone(user: "bob", device: .init(name: "bob_phone", key: try .seeded(&rng), clock: start)),
    ]
    var server = Server()
    for phone in phones { server.keys[phone.device.key.publicKeyHex] = phone.user }
    for round in 0..<3 {
      try phones[0].perform(
        .add(
          fields: ["title": .string("Shared \(round)"), "frequencyDays": 2],
          deadline: WallTime(milliseconds: start)), taskId: nil, newID: newID)
    }
    phones[0].sync(with: &server, failing: false)
    let shared = Set(server.owners.keys)
    var story: [String] = ["seed \(seed)"]
    for round in 0..<80 {
      // Bob's rights change in four acts; Ann's phone key is revoked for the middle of the run.
      let bobAccess: Server.Access? =
        switch round {
        case 0..<20: .write
        case 20..<40: .read
        case 40..<60: nil
        default: .write
        }
      for taskId in shared { server.access[taskId, default: [:]]["bob"] = bobAccess }
      if round == 30 { server.keys[phones[1].device.key.publicKeyHex] = nil }
      if round == 55 { server.keys[phones[1].device.key.publicKeyHex] = "ann" }
      if round == 25 {
        // Bob, read-only now, surely edits a shared task he holds
        phones[2].sync(with: &server, failing: false)
        let held = TaskReplay.replay(phones[2].device.log).tasks.values
          .filter { shared.contains($0.id) && !$0.archived }.sorted { $0.id < $1.id }
        if let task = held.first {
          try phones[2].perform(
            .edit(fields: ["title": .string("Bob's")]), taskId: task.id, newID: newID)
          phones[2].sync(with: &server, failing: false)
          #expect(!phones[2].setAside.isEmpty, "seed \(seed): Bob's read-only edit was taken")
          story.append("25: bob_phone edits read-only \(task.id.suffix(4)) and syncs")
        }
      }

      let index = Int.random(in: phones.indices, using: &rng)
      let live = TaskReplay.replay(phones[index].device.log).tasks.values
        .filter { !$0.archived && $0.currentTodo != nil }.sorted { $0.id < $1.id }
      let choice = Int.random(in: 0..<10, using: &rng)
      do {
        if live.isEmpty || choice == 0 {
          try phones[index].perform(
            .add(
              fields: ["title": .string("Task \(round)")], deadline: WallTime(milliseconds: start)),
            taskId: nil, newID: newID)
          story.append("\(round): \(phones[index].device.name) adds")
        } else {
          let task = live[Int.random(in: live.indices, using: &rng)]
          let intent: TaskIntent =
            switch choice {
            case 1, 2, 3: .edit(fields: ["title": .string("Renamed \(round)")])
            case 4, 5: .complete(notes: nil)
            case 6, 7: .snooze(days: 1, until: nil, notes: nil)
            case 8: .edit(fields: ["priority": .number(Double(Int.random(in: 1...5, using: &rng)))])
            default: .delete
            }
          try phones[index].perform(intent, taskId: task.id, newID: newID)
          story.append("\(round): \(phones[index].device.name) \(intent) \(task.id.suffix(4))")
        }
      } catch let error as PlanError {
        Issue.record("seed \(seed), round \(round): \(error)")
      }
      if Int.random(in: 0..<3, using: &rng) == 0 {
        let syncing = Int.random(in: phones.indices, using: &rng)
        let failing = Int.random(in: 0..<4, using: &rng) == 0
        phones[syncing].sync(with: &server, failing: failing)
        story.append(
          "\(round): \(phones[syncing].device.name) syncs\(failing ? " (server fails)" : "")")
      }
    }
    // The server recovers and everyone syncs until nothing moves
    for _ in 0..<3 {
      for index in phones.indices { phones[index].sync(with: &server, failing: false) }
    }
    let log = story.joined(separator: "\n")
    let refusedAnywhere = phones.reduce(into: Set<String>()) { $0.formUnion($1.setAside.keys) }
    #expect(refusedAnywhere.isDisjoint(with: server.nodes.keys), "\(log)")
    for phone in phones {
      let name = phone.device.name
      #expect(phone.unsynced.isEmpty, "\(name) still waits: \(log)")
      // Nothing refused is in its state, everything it may see is
      #expect(Set(phone.device.nodes.keys).isDisjoint(with: refusedAnywhere), "\(name): \(log)")
      let visible = Set(server.visible(to: phone.user).map(\.id))
      #expect(visible.isSubset(of: phone.device.nodes.keys), "\(name) misses nodes: \(log)")
      // Nothing it signed is lost
      let kept = Set(server.nodes.keys).union(phone.setAside.keys)
      #expect(phone.signed.isSubset(of: kept), "\(name) lost work: \(log)")
      // Ann owns the shared tasks and her keys come back: only a protocol rule (a change that
      // would break what the server holds) can set her work aside, never a passing refusal
      if phone.user == "ann" {
        let codes = Set(phone.reasons.values)
        #expect(codes.allSatisfy { $0.hasPrefix("E_") }, "\(name) set aside \(codes): \(log)")
      }
      // Its state is the server's for every task it holds
      let mine = TaskReplay.replay(phone.device.log)
      let theirs = TaskReplay.replay(Array(server.visible(to: phone.user)))
      #expect(mine.rejections == [], "\(name): \(log)")
      #expect(mine.tasks == theirs.tasks, "\(name) differs from the server: \(log)")
    }
  }
}
