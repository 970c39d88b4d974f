import CanonicalJSON
import RedoCore
import Testing

/// Properties over random histories: order independence, exact pruning, tamper detection.
@Suite struct ReplayPropertyTests {
  static let seeds: [UInt64] = [1, 2, 3, 42, 2026]

  @Test(arguments: seeds)
  func replayIsIndependentOfArrivalOrder(seed: UInt64) {
    // Given a random history and the same nodes in several other orders
    let history = RandomHistory.make(tasks: 12, stepsPerTask: 0...25, seed: seed)
    let reference = TaskReplay.replay(history.nodes)
    #expect(reference.rejections.isEmpty, "\(reference.rejections.prefix(3))")
    var rng = SeededGenerator(state: seed &* 7)
    for _ in 0..<5 {
      // When replayed shuffled, and with duplicates
      var shuffled = history.nodes + history.nodes.prefix(10)
      shuffled.shuffle(using: &rng)
      let result = TaskReplay.replay(shuffled)
      // Then the tasks and verdicts are the same
      #expect(result.tasks == reference.tasks)
      #expect(result.deletedTaskIds == reference.deletedTaskIds)
      #expect(result.validNodeIds() == reference.validNodeIds())
    }
  }

  @Test(arguments: seeds)
  func pruningKeepsExactlyTheValidBranches(seed: UInt64) {
    // Given a random history, and invalid nodes grafted onto random nodes with valid-looking children
    var history = RandomHistory.make(tasks: 8, stepsPerTask: 0...15, seed: seed)
    let reference = TaskReplay.replay(history.nodes)
    var rng = SeededGenerator(state: seed &+ 99)
    var invalid = Set<String>()
    for _ in 0..<6 {
      let target = history.nodes.randomElement(using: &rng)!
      guard target.action != .delete else { continue }
      let bad = history.append(
        .update, task: target.taskId, parents: [target], payload: ["priority": 1],
        lamport: target.lamport + 3)
      let child = history.append(
        .update, task: target.taskId, parents: [bad], payload: ["title": "On a broken branch"])
      let grandchild = history.append(.archive, task: target.taskId, parents: [child])
      invalid.formUnion([bad.id, child.id, grandchild.id])
    }
    // When replayed
    let result = TaskReplay.replay(history.nodes)
    // Then exactly the grafted nodes are rejected and the valid state is untouched
    #expect(Set(result.rejections.map { $0.nodeId! }) == invalid)
    #expect(result.rejections.allSatisfy { $0.code == .lamportViolation })
    #expect(result.validNodeIds() == reference.validNodeIds())
    #expect(result.tasks == reference.tasks)
  }

  @Test(arguments: seeds)
  func anyTamperedByteIsRejected(seed: UInt64) throws {
    var history = History()
    let (taskId, _, todo) = history.createTask("Tamper-proof title")
    let node = history.append(
      .update, task: taskId, parents: [todo], payload: ["title": "Tamper-proof title, edited"])
    let bytes = node.canonicalJSONBytes()
    let text = String(decoding: bytes, as: UTF8.self)
    let signatureStart = text.range(of: #""signature":""#)!.upperBound.utf16Offset(in: text)
    let idStart = text.range(of: #""id":"sha256:"#)!.upperBound.utf16Offset(in: text)
    var rng = SeededGenerator(state: seed)
    for position in bytes.indices {
      // Given the node with one byte changed
      var tampered = bytes
      tampered[position] = bytes[position] &+ UInt8.random(in: 1...255, using: &rng)
      // Then it is rejected, with the code for where the change landed
      let rejection = #expect(throws: NodeRejection.self) {
        try NodeValidator.validate(bytes: tampered)
      }
      guard let code = rejection?.code else { continue }
      let byte = tampered[position]
      let isHex = Hex.isLowercaseHex(String(UnicodeScalar(byte)) + "0", count: 2)
      // Outside hex, a byte either still reads as a character (a bad encoding) or breaks the JSON
      let breaksJSON = byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
      let nonHexCode: RedoErrorCode = breaksJSON ? .schemaMismatch : .encodingViolation
      if (signatureStart..<signatureStart + 128).contains(position) {
        #expect(code == (isHex ? .invalidSignature : nonHexCode), "byte \(position)")
      } else if (idStart..<idStart + 64).contains(position), isHex {
        #expect(code == .hashMismatch, "byte \(position)")
      }
    }
    // And a change inside a text value that keeps the JSON valid is a hash mismatch
    var edited = bytes
    let title = text.range(of: "edited")!.lowerBound.utf16Offset(in: text)
    edited[title] = UInt8(ascii: "E")
    let rejection = #expect(throws: NodeRejection.self) {
      try NodeValidator.validate(bytes: edited)
    }
    #expect(rejection?.code == .hashMismatch)
  }
}
