import CanonicalJSON
import Foundation
import RedoCore
import TestSupport
import Testing

/// The spec's hashing vector, derived node vectors, and the Ed25519 conformance data.
@Suite struct VectorTests {
  @Test func specHashingVector13_1() throws {
    // Given the spec's 13.1 body
    let publicKey = "a1b2c3d4e5f6a1b2c3d4e5f6a1b2c3d4e5f6a1b2c3d4e5f6a1b2c3d4e5f6a1b2"
    let node = RedoNode(
      id: "", parents: [], lamport: 1, wall: "2025-10-26T00:00:00.000Z",
      author: .init(
        userId: "a1b2c3d4e5f6a1b2c3d4e5f6a1b2c3d4", deviceId: "test_device", publicKey: publicKey),
      action: .create, taskId: "550e8400-e29b-41d4-a716-446655440000",
      payload: ["title": "Test Task", "priority": 1], signature: nil)
    // When canonicalized and hashed
    let body = node.canonicalBody()
    // Then the bytes are the spec's 365 and the id is the real digest (the spec prints a placeholder)
    #expect(body.count == 365)
    #expect(
      String(decoding: body, as: UTF8.self)
        == #"{"action":"CREATE","author":{"deviceId":"test_device","publicKey":"a1b2c3d4e5f6a1b2c3d4e5f6a1b2c3d4e5f6a1b2c3d4e5f6a1b2c3d4e5f6a1b2","userId":"a1b2c3d4e5f6a1b2c3d4e5f6a1b2c3d4"},"data":{"payload":{"priority":1,"title":"Test Task"}},"parents":[],"taskId":"550e8400-e29b-41d4-a716-446655440000","timestamp":{"lamport":1,"wall":"2025-10-26T00:00:00.000Z"},"version":1}"#
    )
    #expect(
      NodeCrypto.contentID(ofCanonicalBody: body)
        == "sha256:18c19e9a251e84004decb26b91403c613cef7f8577830168e50f93cbfcf6e889")
  }

  @Test func derivedSignedNodes() throws {
    // Given the RFC 8032 test-1 key as the author
    let key = History.rfc8032Key
    #expect(key.publicKeyHex == "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a")
    #expect(key.userId == "d75a980182b10ab7d54bfed3c964073a")
    let taskId = "550e8400-e29b-41d4-a716-446655440000"
    // When it signs the 13.1 CREATE and a CREATE_TODO child
    let create = key.sign(
      NodeDraft(
        taskId: taskId, parents: [], lamport: 1, action: .create,
        payload: ["title": "Test Task", "priority": 1]),
      deviceId: "test_device", wall: "2025-10-26T00:00:00.000Z")
    let todo = key.sign(
      NodeDraft(
        taskId: taskId, parents: [create.id], lamport: 2, action: .createTodo,
        payload: [
          "todoTaskId": "3b6f8b9d-c5e4-4a2f-9d7b-1f3a5c8e2b4d",
          "deadline": "2025-11-02T00:00:00.000Z", "notes": "",
        ]),
      deviceId: "test_device", wall: "2025-10-26T00:00:01.000Z")
    // Then ids and signatures are the independently computed ones
    #expect(create.id == "sha256:893bffa36c8ea29c9aa56ed3a78043d195df215fee3aca844998b23083ab8233")
    #expect(
      create.signature
        == "65f082428bd8ef747dbb00ca81aeaa2c1f8ea72c92af752cae23dbe7bfdfb41513974b7a29b8e23589d992a82b6f5ce88381abf4e29ba5e7573836c37c66090b"
    )
    #expect(todo.id == "sha256:765f4783ebeaadf37db28b2fafad21520da19e4f264fc44579c2036e6bae86ae")
    #expect(
      todo.signature
        == "65157c95958ac42cb8813e8801610b59d9b98719ca6dba1826dd5d6b403b097bfdb25cbcedda87912cb5d46dac7a5faffae6e234cef9b83ab5ba679706e8cf01"
    )
    #expect(try NodeValidator.validate(create.json) == create)
    #expect(try NodeValidator.validate(bytes: todo.canonicalJSONBytes()) == todo)
  }

  @Test func rfc8032Vectors() throws {
    let file = try JSONParser.parse(ExternalData.bytes("ed25519/rfc8032/rfc8032_7_1_ed25519.json"))
    let vectors = file["vectors"]!.arrayValue!
    #expect(vectors.count == 5)
    for vector in vectors {
      let key = try RedoKey(seedHex: vector["secret_key"]!.stringValue!)
      let message = Hex.decode(vector["message"]!.stringValue!)!
      let signature = vector["signature"]!.stringValue!
      #expect(key.publicKeyHex == vector["public_key"]!.stringValue!)
      #expect(key.signatureHex(for: message) == signature)
      #expect(
        NodeCrypto.isValidSignature(signature, publicKeyHex: key.publicKeyHex, message: message))
    }
  }

  @Test(arguments: [
    "ed25519/wycheproof/ed25519_test.json", "ed25519/wycheproof/eddsa_test.legacy.json",
  ])
  func wycheproof(path: String) throws {
    let file = try JSONParser.parse(ExternalData.bytes(path))
    var checked = 0
    var disagreements: [Int] = []
    for group in file["testGroups"]!.arrayValue! {
      let publicKey = (group["publicKey"] ?? group["key"])!["pk"]!.stringValue!
      for test in group["tests"]!.arrayValue! {
        let accepted = NodeCrypto.isValidSignature(
          test["sig"]!.stringValue!, publicKeyHex: publicKey,
          message: Hex.decode(test["msg"]!.stringValue!)!)
        if accepted != (test["result"]!.stringValue! == "valid") {
          disagreements.append(test["tcId"]!.integerValue!)
        }
        checked += 1
      }
    }
    #expect(checked == file["numberOfTests"]!.integerValue!)
    #expect(disagreements.isEmpty)
  }

  /// BoringSSL's row of the speccheck table; a backend change shows up here.
  @Test func speccheckEdgeCases() throws {
    let cases = try JSONParser.parse(ExternalData.bytes("ed25519/speccheck/cases.json")).arrayValue!
    let verdicts = cases.map { entry in
      NodeCrypto.isValidSignature(
        entry["signature"]!.stringValue!, publicKeyHex: entry["pub_key"]!.stringValue!,
        message: Hex.decode(entry["message"]!.stringValue!)!) ? "V" : "X"
    }
    #expect(verdicts.joined(separator: " ") == "V V V V X X X X X X X V")
  }

  @Test(arguments: [(14.0, 1.037, 0.001), (0, 6.0, 0.001), (-7, 10.42, 0.01), (-30, 10.999, 0.001)])
  func urgencyVectors(days: Double, expected: Double, tolerance: Double) {
    #expect(abs(Ranking.urgency(daysUntilDue: days) - expected) <= tolerance)
  }

  @Test func urgencyLimits() {
    #expect(abs(Ranking.urgency(daysUntilDue: 1) - 5.0131) < 0.0001)
    #expect(abs(Ranking.urgency(daysUntilDue: -1000) - 11) < 1e-9)
    #expect(abs(Ranking.urgency(daysUntilDue: 1000) - 1) < 1e-9)
  }
}

extension RedoNode {
  func canonicalJSONBytes() -> [UInt8] { try! json.canonicalBytes() }
}
