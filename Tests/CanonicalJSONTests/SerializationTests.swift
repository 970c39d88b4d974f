import CanonicalJSON
import Testing

/// Exact outputs: the reference iOS app's canonical-JSON cases and the escaping rules of RFC 8785.
@Suite struct SerializationTests {
  @Test(
    arguments: [
      (["key": "value"], #"{"key":"value"}"#),
      (["number": 42], #"{"number":42}"#),
      (["flag": true], #"{"flag":true}"#),
      (["z": "last", "a": "first", "m": "middle"], #"{"a":"first","m":"middle","z":"last"}"#),
      (["z": "value", "nested": ["b": 2, "a": 1]], #"{"nested":{"a":1,"b":2},"z":"value"}"#),
      (["array": [1, 2, 3]], #"{"array":[1,2,3]}"#),
      (["nested": [[1, 2], [3, 4]]], #"{"nested":[[1,2],[3,4]]}"#),
      (["outer": ["inner": "value"]], #"{"outer":{"inner":"value"}}"#),
      ([:], "{}"),
      (["array": []], #"{"array":[]}"#),
      (["empty": ""], #"{"empty":""}"#),
      (["value": nil], #"{"value":null}"#),
      (
        ["string": "s", "object": [:], "number": 1, "null": nil, "boolean": false, "array": []],
        #"{"array":[],"boolean":false,"null":null,"number":1,"object":{},"string":"s"}"#
      ),
    ] as [(JSON, String)])
  func exactOutput(value: JSON, expected: String) throws {
    #expect(try value.canonicalString() == expected)
  }

  @Test func escapesOnlyWhatRFC8785Escapes() throws {
    let value: JSON = ["data": ["payload": ["title": "Test émojis 🚀 & \"q\"\n\t"]]]
    let canonical = try value.canonicalString()
    #expect(canonical == #"{"data":{"payload":{"title":"Test émojis 🚀 & \"q\"\n\t"}}}"#)
    let controls = JSON.string("\u{0}\u{8}\u{C}\u{D}\u{1F}\u{7F}/\\\u{2028}")
    #expect(try controls.canonicalString() == "\"\\u0000\\b\\f\\r\\u001f\u{7F}/\\\\\u{2028}\"")
  }

  @Test func whitespaceIsNeverCanonical() throws {
    #expect(try JSON.canonicalize(Array(#"{ "a": 1 }"#.utf8)) == Array(#"{"a":1}"#.utf8))
  }

  @Test func canonicalFormIsAFixedPoint() throws {
    let text = #"{"b":[1E30,4.50,2e-3,-0.0,333333333.33333329],"a":"\u20ac\/"}"#
    let once = try JSON.canonicalize(Array(text.utf8))
    #expect(try JSON.canonicalize(once) == once)
    #expect(
      String(decoding: once, as: UTF8.self)
        == #"{"a":"€/","b":[1e+30,4.5,0.002,0,333333333.3333333]}"#)
  }
}
