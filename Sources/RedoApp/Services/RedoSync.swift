import CanonicalJSON
import Foundation
import HearthCore
import HearthNotifications
import HearthOpenAPI
import HearthPlatform
import HearthSQL
import NIOConcurrencyHelpers
import RedoCore

/// Server side of Redo sync: every uploaded node is validated, checked against the uploader's
/// keys and rights, replayed with its task's stored nodes, and only then stored.
struct RedoSync {
  static let maximumBatch = 400
  static let bodyLimit = 2 << 20

  let env: HearthEnvironment

  struct Verdict: Codable, Equatable, JSONSchemaRefined {
    enum Status: String, Codable, CaseIterable { case accepted, duplicate, rejected }
    var id: String?
    var status: Status
    var code: String?
    var message: String?

    static func rejected(_ id: String?, _ code: String, _ message: String) -> Verdict {
      Verdict(id: id, status: .rejected, code: code, message: message)
    }

    enum CodingKeys: String, CodingKey { case id, status, code, message }

    /// `id` is always present, null when the entry had none.
    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(id, forKey: .id)
      try container.encode(status, forKey: .status)
      try container.encodeIfPresent(code, forKey: .code)
      try container.encodeIfPresent(message, forKey: .message)
    }

    /// `id` is always written, null when the node had none.
    static let schemaRefinements: [String: JSON] = ["id": ["type": ["string", "null"]]]
    static let schemaRequired = ["id"]
  }

  func upload(_ entries: [JSON], by user: User) async throws -> [Verdict] {
    let keys = Set(try await env.database.redoStore.redoKeys(userID: user.id).map(\.publicKey))
    var verdicts = [Verdict?](repeating: nil, count: entries.count)
    var tasks: [String: [(index: Int, node: RedoNode)]] = [:]
    var taskOrder: [String] = []
    for (index, entry) in entries.enumerated() {
      do throws(NodeRejection) {
        let node = try NodeValidator.validate(entry)
        guard keys.contains(node.author.publicKey) else {
          verdicts[index] = .rejected(
            node.id, SyncRefusal.unknownKey,
            "author.publicKey is not registered to your account (redo login registers it)")
          continue
        }
        if tasks[node.taskId] == nil { taskOrder.append(node.taskId) }
        tasks[node.taskId, default: []].append((index, node))
      } catch {
        verdicts[index] = .rejected(entry["id"]?.stringValue, error.code.rawValue, error.reason)
      }
    }
    for taskId in taskOrder {
      for (index, verdict) in try await store(tasks[taskId]!, taskId: taskId, by: user) {
        verdicts[index] = verdict
      }
    }
    return verdicts.map { $0! }
  }

  /// One task's nodes, decided inside the store's transaction for the task.
  private func store(
    _ batch: [(index: Int, node: RedoNode)], taskId: String, by user: User
  ) async throws -> [(Int, Verdict)] {
    let access = try await env.database.access(RedoEvents.resource(taskId: taskId), userID: user.id)
    let title = batch.first { $0.node.action == .create }?.node.payload["title"]?.stringValue
    let outcome = NIOLockedValueBox<[(Int, Verdict)]>([])
    let owner = NIOLockedValueBox<String?>(nil)
    _ = try await env.database.redoStore.appendRedoNodes(
      taskId: taskId, uploaderID: user.id, title: title ?? "Task", at: env.now()
    ) { ownerID, stored in
      owner.withLockedValue { $0 = ownerID }
      if let ownerID, ownerID != user.id, access < .write {
        // Words for the person whose change this is: their device shows them as they are.
        let message =
          access == .read
          ? "You can only view this task." : "This task is not shared with you any more."
        outcome.withLockedValue {
          $0 = batch.map { ($0.index, .rejected($0.node.id, "forbidden", message)) }
        }
        return []
      }
      let storedIds = Set(stored.map(\.id))
      // Stored nodes passed every check when they came in; reading their structure is enough.
      // None of them may be made invalid by what arrives: that is refused instead.
      let existing = RedoTasks(env: env).read(stored)
      let rejections = TaskReplay.admit(batch.map(\.node), to: existing).rejections
      let rejected = Dictionary(
        rejections.map { ($0.nodeId ?? "", $0) }, uniquingKeysWith: { first, _ in first })
      var verdicts: [(Int, Verdict)] = []
      var accepted: [NewRedoNode] = []
      var seen = storedIds
      for (index, node) in batch {
        if let rejection = rejected[node.id] {
          verdicts.append((index, .rejected(node.id, rejection.code.rawValue, rejection.reason)))
        } else if !seen.insert(node.id).inserted {
          verdicts.append((index, Verdict(id: node.id, status: .duplicate)))
        } else {
          verdicts.append((index, Verdict(id: node.id, status: .accepted)))
          accepted.append(NewRedoNode(id: node.id, json: try node.json.canonicalString()))
        }
      }
      outcome.withLockedValue { $0 = verdicts }
      return accepted
    }
    let verdicts = outcome.withLockedValue { $0 }
    let accepted = verdicts.contains { $0.1.status == .accepted }
    if accepted, batch.contains(where: { $0.node.payload["title"] != nil }) {
      let nodes = RedoTasks(env: env).read(
        try await env.database.redoStore.redoNodes(taskId: taskId))
      if let current = TaskReplay.replayTask(nodes).task?.title {
        try await env.database.redoStore.renameRedoTaskShare(taskId: taskId, title: current)
      }
    }
    if accepted, let ownerID = owner.withLockedValue({ $0 }) {
      try await tellOthers(taskId: taskId, ownerID: ownerID, changedBy: user)
      try await RedoDeadlineReminders(env: env).replan(taskId: taskId)
    }
    return verdicts
  }

  static let sharedTaskChanged = NotificationKind(
    "redo.shared-task-changed", label: "Someone changed a task you share", urgency: .low)

  /// The others who share the task hear of a change; changes within a quarter of an hour make
  /// one notice.
  private func tellOthers(taskId: String, ownerID: String, changedBy user: User) async throws {
    let resource = RedoEvents.resource(taskId: taskId)
    let members = try await env.database.participants(resource).filter { $0.status == .accepted }
    let others = Set(members.map(\.userID) + [ownerID]).subtracting([user.id])
    guard !others.isEmpty else { return }
    let nodes = RedoTasks(env: env).read(try await env.database.redoStore.redoNodes(taskId: taskId))
    let title = TaskReplay.replayTask(nodes).task?.title ?? "A task"
    let now = env.now()
    let window = Int(now.timeIntervalSince1970) / 900
    try await env.notifier.send(
      NotificationDraft(
        kind: Self.sharedTaskChanged, to: others.sorted(),
        title: "\(user.displayName) changed “\(title)”", body: "A task you share in Redo.",
        url: "/redo/tasks/\(taskId)", dedupeKey: "redo:task:\(taskId):\(window)",
        occurredAt: now, about: user.id))
  }

  func registerKey(publicKey: String, proof: String, label: String, for user: User) async throws {
    guard Hex.isLowercaseHex(publicKey, count: 64) else {
      throw APIErrorResponse(
        .invalid("publicKey", "publicKey must be 64 lowercase hex characters."))
    }
    let message = KeyRegistration.message(accountId: user.id, publicKey: publicKey)
    guard NodeCrypto.isValidSignature(proof, publicKeyHex: publicKey, message: message) else {
      throw APIErrorResponse(
        .invalid("proof", "proof must be the key's signature of the registration message."))
    }
    do {
      try await env.database.redoStore.registerRedoKey(
        RedoDeviceKey(publicKey: publicKey, userID: user.id, label: label, createdAt: env.now()))
    } catch StoreError.duplicate {
      throw APIErrorResponse(.conflict("publicKey", "This key is registered to another account."))
    }
  }
}
