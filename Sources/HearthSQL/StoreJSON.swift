import Foundation

/// How the stores keep values as JSON text: sorted keys, dates in milliseconds since 1970.
public enum StoreJSON {
  package static let encoder: JSONEncoder = {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    encoder.dateEncodingStrategy = .millisecondsSince1970
    return encoder
  }()
  package static let decoder: JSONDecoder = {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .millisecondsSince1970
    return decoder
  }()

  public static func encode(_ value: some Encodable) -> String {
    String(decoding: try! encoder.encode(value), as: UTF8.self)
  }

  public static func decode<Value: Decodable>(_ type: Value.Type, _ text: String) throws -> Value {
    try decoder.decode(type, from: Data(text.utf8))
  }
}
