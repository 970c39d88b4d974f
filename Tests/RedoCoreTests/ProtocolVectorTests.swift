import CanonicalJSON
import Foundation
import RedoCore
import TestSupport
import Testing

/// The project's own protocol vectors (Tests/Fixtures/redo-vectors, signed by Python's RFC 8785
/// and Ed25519), shared with the browser's replay tests (tests/js, tests/browser).
@Suite struct ProtocolVectorTests {
  static let file: JSON = {
    let url = ProjectRoot.url.appendingPathComponent(
      "Tests/Fixtures/redo-vectors/protocol-vectors.json")
    return try! JSONParser.parse(Array(try! Data(contentsOf: url)))
  }()

  @Test func objectKeysCompareByCodeUnits() throws {
    let cases = Self.file["canonical"]!.arrayValue!
    #expect(cases.count >= 3)
    for vector in cases {
      let input = Array(vector["input"]!.stringValue!.utf8)
      let output = String(decoding: try JSON.canonicalize(input), as: UTF8.self)
      #expect(output == vector["canonical"]!.stringValue!, "\(vector["name"]!)")
    }
    for vector in Self.file["duplicateKeys"]!.arrayValue! {
      #expect(throws: CanonicalJSONError.self, "\(vector["name"]!)") {
        try JSON.canonicalize(Array(vector["input"]!.stringValue!.utf8))
      }
    }
  }

  @Test func nodesAreAcceptedOrRefusedWithTheirCode() throws {
    let cases = Self.file["nodes"]!.arrayValue!
    #expect(cases.count >= 10)
    for vector in cases {
      let name = vector["name"]!.stringValue!
      let expected = vector["code"]!.stringValue.flatMap(RedoErrorCode.init(rawValue:))
      do {
        let node = try NodeValidator.validate(vector["node"]!)
        #expect(expected == nil, "\(name): accepted, expected \(expected?.rawValue ?? "")")
        #expect(node.id == vector["node"]!["id"]!.stringValue!)
      } catch {
        #expect(error.code == expected, "\(name): \(error)")
      }
    }
  }

  @Test func replaysRefuseTheSameNodesAndReachTheSameTask() throws {
    let cases = Self.file["replays"]!.arrayValue!
    #expect(cases.count >= 9)
    for vector in cases {
      let name = vector["name"]!.stringValue!
      // Given nodes that each pass alone
      let nodes = try vector["nodes"]!.arrayValue!.map { try NodeValidator.validate($0) }
      // When they are replayed together
      let result = TaskReplay.replay(nodes)
      // Then exactly the listed nodes are refused, with their codes
      let refused = Dictionary(
        uniqueKeysWithValues: result.rejections.map { ($0.nodeId!, $0.code.rawValue) })
      let expected = vector["rejected"]!.objectValue!.map { ($0.key.string, $0.value.stringValue!) }
      #expect(refused == Dictionary(uniqueKeysWithValues: expected), "\(name)")
      // And the task is deleted, or has the listed todos
      let taskId = nodes[0].taskId
      let deleted = vector["deleted"]!.boolValue!
      #expect(result.deletedTaskIds.contains(taskId) == deleted, "\(name)")
      #expect((result.tasks[taskId] == nil) == deleted, "\(name)")
      guard let task = result.tasks[taskId] else { continue }
      let todos = task.todos.map { todo in
        var fields = ["id": todo.id, "deadline": todo.deadline.description]
        fields["completed"] = todo.completed?.description
        return fields
      }
      let expectedTodos = vector["task"]!["todos"]!.arrayValue!.map { todo in
        Dictionary(
          uniqueKeysWithValues: todo.objectValue!.map { ($0.key.string, $0.value.stringValue!) })
      }
      #expect(todos == expectedTodos, "\(name)")
    }
  }
}
