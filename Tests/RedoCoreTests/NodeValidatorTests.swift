import CanonicalJSON
import RedoCore
import Testing

/// Single-node rules: each broken rule gives its own code.
@Suite struct NodeValidatorTests {
  let node: RedoNode = {
    var history = History()
    return history.createTask("Water the plants").create
  }()

  func code(_ change: (inout [JSONKey: JSON]) -> Void) -> RedoErrorCode? {
    var members = node.json.objectValue!
    change(&members)
    do {
      _ = try NodeValidator.validate(.object(members))
      return nil
    } catch {
      return error.code
    }
  }

  func resigned(_ change: (inout RedoNode) -> Void) -> RedoErrorCode? {
    var copy = node
    change(&copy)
    let signed = History.rfc8032Key.sign(
      NodeDraft(
        taskId: copy.taskId, parents: copy.parents, lamport: copy.lamport, action: copy.action,
        payload: copy.payload),
      deviceId: copy.author.deviceId, wall: copy.wall)
    do {
      _ = try NodeValidator.validate(signed.json)
      return nil
    } catch {
      return error.code
    }
  }

  @Test func aSignedNodeIsValid() throws {
    #expect(try NodeValidator.validate(node.json) == node)
  }

  @Test func envelopeRules() {
    #expect(code { $0["version"] = 2 } == .schemaMismatch)
    #expect(code { $0["id"] = "invalid_id" } == .encodingViolation)
    #expect(code { $0["id"] = "sha256:ABC123" } == .encodingViolation)
    #expect(
      code { $0["id"] = .string("sha256:" + String(repeating: "A", count: 64)) }
        == .encodingViolation)
    #expect(code { $0["extra"] = 1 } == .schemaMismatch)
    #expect(code { $0["signature"] = nil } == .invalidSignature)
    #expect(
      code { $0["signature"] = .string(String(repeating: "0", count: 128)) } == .invalidSignature)
    #expect(
      code { $0["signature"] = .string(String(repeating: "A", count: 128)) } == .encodingViolation)
    #expect(
      code { $0["timestamp"] = ["lamport": 0, "wall": "2025-10-26T00:00:00.000Z"] }
        == .schemaMismatch)
    #expect(
      code { $0["timestamp"] = ["lamport": 1, "wall": "2025-10-26T00:00:00Z"] } == .schemaMismatch)
    // The wall pattern is exact: other implementations refuse a lower-case t
    #expect(
      code { $0["timestamp"] = ["lamport": 1, "wall": "2025-10-26t00:00:00.000Z"] }
        == .schemaMismatch)
    #expect(
      code {
        $0["author"] = [
          "userId": "short", "deviceId": "d", "publicKey": .string(node.author.publicKey),
        ]
      } == .encodingViolation)
    #expect(code { $0["taskId"] = "550E8400-E29B-41D4-A716-446655440000" } == .encodingViolation)
    #expect(code { $0["taskId"] = "550e8400e29b41d4a716446655440000" } == .schemaMismatch)
  }

  @Test func anyChangeToTheBodyBreaksTheHash() {
    #expect(code { $0["taskId"] = "550e8400-e29b-41d4-a716-446655440000" } == .hashMismatch)
    #expect(code { $0["data"] = ["payload": ["title": "Water the cactus"]] } == .hashMismatch)
    #expect(
      code { $0["id"] = .string("sha256:" + String(repeating: "a", count: 64)) } == .hashMismatch)
  }

  @Test func payloadRules() {
    #expect(resigned { $0.payload["archived"] = true } == .forbiddenField)
    #expect(resigned { $0.payload["todoTasks"] = [] } == .forbiddenField)
    #expect(resigned { $0.payload["color"] = "red" } == .schemaMismatch)
    #expect(resigned { $0.payload["title"] = "" } == .schemaMismatch)
    #expect(resigned { $0.payload["priority"] = 6 } == .schemaMismatch)
    #expect(resigned { $0.payload["storyPoints"] = 1.5 } == .schemaMismatch)
    #expect(resigned { $0.payload["frequencyDays"] = 0 } == .schemaMismatch)
    #expect(resigned { $0.parents = [node.id] } == .schemaMismatch)
    #expect(
      resigned { $0.payload["description"] = .string(String(repeating: "x", count: 1_048_577)) }
        == .schemaMismatch)
    #expect(
      resigned { $0.payload["description"] = .string(String(repeating: "x", count: 1_000_000)) }
        == nil)
  }

  @Test func actionPayloads() {
    func check(_ action: NodeAction, _ payload: [String: JSON], parents: Int = 1) -> RedoErrorCode?
    {
      resigned {
        $0.action = action
        $0.payload = payload
        $0.parents =
          Array(repeating: node.id, count: 1)
          + (1..<max(parents, 1)).map { _ in "sha256:" + String(repeating: "b", count: 64) }
        $0.lamport = 2
      }
    }
    let todo: JSON = "3b6f8b9d-c5e4-4a2f-9d7b-1f3a5c8e2b4d"
    #expect(check(.update, [:]) == .schemaMismatch)
    #expect(check(.update, ["archive": true]) == .forbiddenField)
    #expect(check(.update, ["deleted": true]) == .forbiddenField)
    #expect(check(.createTodo, ["deadline": "2025-11-02T00:00:00.000Z"]) == .schemaMismatch)
    #expect(check(.createTodo, ["todoTaskId": todo, "deadline": "next week"]) == .schemaMismatch)
    #expect(
      check(.createTodo, ["todoTaskId": todo, "deadline": "2025-11-02T09:00:00+09:00"]) == nil)
    #expect(check(.completeTodo, ["todoTaskId": todo]) == .schemaMismatch)
    #expect(
      check(
        .snooze, ["todoTaskId": todo, "daysToExtend": 2, "newDeadline": "2025-11-02T00:00:00.000Z"])
        == .schemaMismatch)
    #expect(check(.snooze, ["todoTaskId": todo, "daysToExtend": 0]) == .schemaMismatch)
    #expect(check(.snooze, ["todoTaskId": todo, "daysToExtend": 3]) == nil)
    #expect(check(.archive, ["reason": "done"]) == .schemaMismatch)
    #expect(check(.delete, [:]) == .missingDeletedChain)
    #expect(check(.delete, ["deletedChain": []]) == .missingDeletedChain)
    #expect(check(.merge, ["base": .string(node.id)]) == .schemaMismatch)
    #expect(check(.merge, ["base": .string(node.id)], parents: 2) == nil)
    #expect(
      check(
        .merge, ["base": .string(node.id), "policy": ["defaultStrategy": "coinflip"]], parents: 2)
        == .schemaMismatch)
    #expect(
      check(
        .merge,
        [
          "base": .string(node.id),
          "resolutions": ["task": [["path": "title", "strategy": "ours"]]],
        ], parents: 2) == .schemaMismatch)
    // A value chosen by hand obeys the payload's rules for its field
    func manual(_ path: String, _ value: JSON, todo isTodo: Bool = false) -> RedoErrorCode? {
      let resolution: JSON = ["path": .string(path), "strategy": "manual", "value": value]
      let resolutions: JSON =
        isTodo ? ["todos": [["todoTaskId": todo, "fields": [resolution]]]] : ["task": [resolution]]
      return check(
        .merge, ["base": .string(node.id), "resolutions": resolutions], parents: 2)
    }
    #expect(manual("title", "") == .schemaMismatch)
    #expect(manual("priority", 99) == .schemaMismatch)
    #expect(manual("frequencyDays", -5) == .schemaMismatch)
    #expect(manual("archived", "yes") == .schemaMismatch)
    #expect(manual("deadline", "soon", todo: true) == .schemaMismatch)
    #expect(manual("notes", 3, todo: true) == .schemaMismatch)
    #expect(manual("title", "Buy milk") == nil)
    #expect(manual("priority", 4) == nil)
    #expect(manual("archived", true) == nil)
    #expect(manual("deadline", "2025-11-02T00:00:00.000Z", todo: true) == nil)
  }

  @Test func parseErrorsHaveCodes() {
    #expect(throws: NodeRejection.self) { try NodeValidator.validate(bytes: Array("{".utf8)) }
    let encoding = #expect(throws: NodeRejection.self) {
      try NodeValidator.validate(bytes: [0x22, 0xFF, 0x22])
    }
    #expect(encoding?.code == .encodingViolation)
    let duplicate = #expect(throws: NodeRejection.self) {
      try NodeValidator.validate(bytes: Array(#"{"id":"a","id":"b"}"#.utf8))
    }
    #expect(duplicate?.code == .schemaMismatch)
  }

  @Test func rejectionsReadLikeTheSpecsLogLine() {
    let rejection = #expect(throws: NodeRejection.self) {
      var members = node.json.objectValue!
      members["signature"] = .string(String(repeating: "0", count: 128))
      _ = try NodeValidator.validate(.object(members))
    }
    #expect(
      rejection?.description
        == "[E_INVALID_SIGNATURE] Node \(node.id) rejected: the signature does not verify with author.publicKey"
    )
  }
}
