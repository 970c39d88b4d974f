import Foundation

/// Line-by-line translation with the line numbers on both sides: the request numbers every
/// line, the answer must be a JSON object from those numbers to English, and only numbers that
/// were asked for are taken. A line the answer skips stays missing, so no translation can slide
/// onto the next line.
public enum NumberedTranslation {
  public static let instructions = """
    You translate Japanese song lyrics into natural English, one line at a time. The user \
    sends a JSON object whose keys are line numbers and whose values are lines of lyrics. \
    Answer with one JSON object and nothing else: the same keys, each mapped to the English \
    translation of that line only. Never merge, split, skip or renumber lines; keep English \
    words that appear in a line as they are.
    """

  /// The user message: a JSON object from line number to line.
  public static func request(_ lines: [(number: Int, text: String)]) -> String {
    let object = Dictionary(
      lines.map { ("\($0.number)", $0.text) }, uniquingKeysWith: { a, _ in a })
    let data = try? JSONSerialization.data(
      withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
    return data.map { String(decoding: $0, as: UTF8.self) } ?? "{}"
  }

  /// The translations in `answer` for the asked `numbers`; anything else in it is ignored.
  /// An answer that is not a JSON object (after any Markdown code fence) gives nothing.
  public static func parse(_ answer: String, numbers: Set<Int>) -> [Int: String] {
    let text = stripFence(answer)
    guard let data = text.data(using: .utf8),
      let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
    else { return [:] }
    var translations: [Int: String] = [:]
    for (key, value) in object {
      guard let number = Int(key.trimmingCharacters(in: .whitespaces)), numbers.contains(number),
        let text = value as? String
      else { continue }
      let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
      if !trimmed.isEmpty { translations[number] = trimmed }
    }
    return translations
  }

  static func stripFence(_ answer: String) -> String {
    var text = answer.trimmingCharacters(in: .whitespacesAndNewlines)
    if text.hasPrefix("```") {
      text = String(text.drop { $0 != "\n" }.dropFirst())
      if let end = text.range(of: "```", options: .backwards) {
        text = String(text[..<end.lowerBound])
      }
    }
    return text.trimmingCharacters(in: .whitespacesAndNewlines)
  }
}
