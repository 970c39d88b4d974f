import CanonicalJSON
import Testing

/// What canonicalization refuses, each with an error that says why.
@Suite struct StrictParsingTests {
  func kind(of text: String) -> CanonicalJSONError.Kind? {
    do {
      _ = try JSON.canonicalize(Array(text.utf8))
      return nil
    } catch {
      return error.kind
    }
  }

  @Test func duplicateKeysAreRejected() {
    #expect(kind(of: #"{"a":1,"b":2,"a":3}"#) == .duplicateKey("a"))
    #expect(kind(of: #"{"x":{"\u00e9":1,"\u00e9":2}}"#) == .duplicateKey("\u{E9}"))
    #expect(kind(of: #"{"x":{"\u00e9":1,"e\u0301":2}}"#) == nil)
  }

  @Test(arguments: [#""\ud800""#, #""\udc00""#, #""\ud800\u0041""#, #""\ud800x""#, #""a\udfff""#])
  func loneSurrogatesAreRejected(text: String) {
    #expect(kind(of: text) == .loneSurrogate)
  }

  @Test func surrogatePairsBecomeOneScalar() throws {
    #expect(try JSON.canonicalize(Array(#""\ud83d\ude02""#.utf8)) == Array("\"😂\"".utf8))
  }

  @Test func invalidUTF8IsRejected() {
    let error = #expect(throws: CanonicalJSONError.self) {
      try JSON.canonicalize([0x22, 0xC3, 0x28, 0x22])
    }
    #expect(error?.kind == .invalidUTF8)
    #expect(error?.isEncodingError == true)
  }

  @Test(arguments: ["1e400", "-1e400", "1e-400", "9007199254740993", "-18446744073709551617"])
  func numbersOutsideIJSONAreRejected(text: String) {
    #expect(kind(of: text) == .numberOutOfRange(text))
  }

  @Test(arguments: [
    ("9007199254740992", "9007199254740992"), ("1152921504606846976", "1152921504606847000"),
    ("1152921504606847000", "1152921504606847000"), ("1e21", "1e+21"), ("-0", "0"), ("0e-400", "0"),
  ])
  func exactOrCanonicalIntegersAreAccepted(text: String, canonical: String) throws {
    #expect(try JSON.canonicalize(Array(text.utf8)) == Array(canonical.utf8))
  }

  @Test func nonFiniteNumbersCannotBeSerialized() {
    for value in [Double.nan, .infinity, -.infinity] {
      #expect(throws: CanonicalJSONError(.nonFiniteNumber)) {
        try JSON.number(value).canonicalBytes()
      }
    }
  }

  @Test(arguments: [
    "", "{", "[1,]", "{\"a\":1,}", "01", "1.", ".5", "+1", "tru", "nul", "\"\\x\"", "[1] 2",
    "\"\u{01}\"", "'a'", "{a:1}", "\u{FEFF}{}",
  ])
  func malformedTextIsRejected(text: String) {
    guard case .syntax = kind(of: text) else {
      Issue.record("expected a syntax error for \(text.debugDescription)")
      return
    }
  }

  @Test func nestingIsLimited() throws {
    let deep =
      String(repeating: "[", count: JSONParser.maximumDepth)
      + String(repeating: "]", count: JSONParser.maximumDepth)
    #expect(try JSON.canonicalize(Array(deep.utf8)).count == 2 * JSONParser.maximumDepth)
    let tooDeep = "[" + deep + "]"
    #expect(kind(of: tooDeep) == .tooDeep(limit: JSONParser.maximumDepth))
  }

  @Test func errorsNameTheirPlace() {
    let error = #expect(throws: CanonicalJSONError.self) {
      try JSONParser.parse(#"{"a": [1, 2,, 3]}"#)
    }
    #expect(error?.offset == 12)
    #expect(error?.description == "invalid JSON at byte 12: unexpected character ','")
  }
}
