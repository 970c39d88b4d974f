import CanonicalJSON
import Foundation
import TestSupport
import Testing

/// RFC 8785's own examples, the reference implementation's test data and the ES6 number file.
@Suite struct ConformanceVectorTests {
  static let cyberphoneNames = ["arrays", "french", "structures", "unicode", "values", "weird"]

  @Test(arguments: cyberphoneNames)
  func cyberphoneDocument(name: String) throws {
    // Given the reference input, its expected output and the expected bytes in hex
    let input = try ExternalData.bytes("jcs/cyberphone/testdata/input/\(name).json")
    let expected = try ExternalData.bytes("jcs/cyberphone/testdata/output/\(name).json")
    let hex = try ExternalData.text("jcs/cyberphone/testdata/outhex/\(name).txt")
    let expectedFromHex = hex.split(whereSeparator: \.isWhitespace).map { UInt8($0, radix: 16)! }
    // When canonicalized
    let output = try JSON.canonicalize(input)
    // Then both agree byte for byte
    #expect(output == expected)
    #expect(output == expectedFromHex)
  }

  @Test func appendixBNumbers() throws {
    let rows = try ExternalData.text("jcs/rfc8785/appendix_b_numbers.csv")
      .split(separator: "\n").dropFirst()
    #expect(rows.count == 26)
    for row in rows {
      let columns = row.split(separator: ",", maxSplits: 2).map(String.init)
      let value = Double(bitPattern: UInt64(columns[0], radix: 16)!)
      if columns[1] == "<reject>" {
        #expect(throws: CanonicalJSONError.self) { try JSON.number(value).canonicalString() }
      } else {
        #expect(try JSON.number(value).canonicalString() == columns[1], "\(columns[0])")
      }
    }
  }

  @Test func es6NumberFile() throws {
    // Given 10,000 lines of "<IEEE-754 bits in hex>,<ECMAScript's String(value)>"
    let lines = try ExternalData.text("jcs/es6numbers/es6testfile_10k.txt").split(separator: "\n")
    #expect(lines.count == 10_000)
    var mismatches: [String] = []
    for line in lines {
      let comma = line.firstIndex(of: ",")!
      let value = Double(bitPattern: UInt64(line[..<comma], radix: 16)!)
      let expected = String(line[line.index(after: comma)...])
      // When formatted, and when parsed back from the expected text
      let formatted = try ECMAScriptNumber.format(value)
      let reparsed = try JSONParser.parse(expected)
      // Then the text is ECMAScript's and it names the same double
      if formatted != expected || reparsed != .number(value) { mismatches.append(String(line)) }
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
  }

  @Test func section3Example() throws {
    let input = try ExternalData.bytes("jcs/rfc8785/sec3_2_2_input.json")
    let canonical = try ExternalData.bytes("jcs/rfc8785/sec3_2_3_canonical.json")
    let utf8 = try ExternalData.text("jcs/rfc8785/sec3_2_4_utf8.hex")
      .split(whereSeparator: { $0.isWhitespace }).map { UInt8($0, radix: 16)! }
    let output = try JSON.canonicalize(input)
    #expect(output == canonical)
    #expect(output == utf8)
  }

  @Test func propertiesSortByUTF16CodeUnits() throws {
    let input = try ExternalData.bytes("jcs/rfc8785/sec3_2_3_sort_input.json")
    let expected = try ExternalData.text("jcs/rfc8785/sec3_2_3_sort_expected_values.txt")
      .split(separator: "\n").map(String.init)
    let canonical = try JSON.canonicalize(input)
    // Values appear in the canonical text in the order of their sorted keys
    let text = String(decoding: canonical, as: UTF8.self)
    let positions = expected.map { text.range(of: "\"\($0)\"")!.lowerBound }
    #expect(positions == positions.sorted())
  }
}
