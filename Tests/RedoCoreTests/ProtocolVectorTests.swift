import CanonicalJSON
import Foundation
import RedoCore
import TestSupport
import Testing

/// The project's own protocol vectors (Tests/Fixtures/redo-vectors, signed by Python's RFC 8785
/// and Ed25519), shared with the browser's replay tests.
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
}
