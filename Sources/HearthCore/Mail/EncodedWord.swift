import Foundation

/// RFC 2047 encoded-words, `=?UTF-8?B?…?=`, for header text that is not plain ASCII.
enum EncodedWord {
  static let longest = 75

  /// Plain printable ASCII goes out as it is; anything else, or text that would read as an
  /// encoded-word itself, is encoded.
  static func isNeeded(_ text: String) -> Bool {
    text.contains("=?") || !text.utf8.allSatisfy { (0x20...0x7E).contains($0) }
  }

  /// The words for `text`, each at most 75 characters and the first at most `firstRoom`, split
  /// between Unicode scalars so that no word ends inside a UTF-8 sequence.
  static func words(_ text: String, firstRoom: Int = longest) -> [String] {
    var words: [String] = []
    var chunk: [UInt8] = []
    var room = min(firstRoom, longest)
    for scalar in text.unicodeScalars {
      let bytes = Array(String(scalar).utf8)
      if !chunk.isEmpty, chunk.count + bytes.count > payload(room) {
        words.append(word(chunk))
        chunk = []
        room = longest
      }
      chunk += bytes
    }
    if !chunk.isEmpty || words.isEmpty { words.append(word(chunk)) }
    return words
  }

  /// How many bytes fit in a word of `room` characters: 12 go to `=?UTF-8?B?` and `?=`, and
  /// base64 writes 3 bytes as 4 characters.
  private static func payload(_ room: Int) -> Int { max(1, (room - 12) / 4) * 3 }

  private static func word(_ bytes: [UInt8]) -> String {
    "=?UTF-8?B?" + Data(bytes).base64EncodedString() + "?="
  }
}
