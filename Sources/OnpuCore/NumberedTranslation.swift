import Foundation

/// Line-by-line translation with the line numbers on both sides: the request numbers every
/// line, the answer must be a JSON object from those numbers to English, and only an answer
/// that keeps to the numbers asked is taken. A line the answer skips stays missing, so no
/// translation can slide onto the next line.
public enum NumberedTranslation {
  public static let instructions = """
    You translate Japanese song lyrics into natural English, one line at a time. The user \
    sends a JSON object whose keys are line numbers and whose values are lines of lyrics. \
    Answer with one JSON object and nothing else: the same keys, each mapped to the English \
    translation of that line only. Never merge, split, skip or renumber lines; keep English \
    words that appear in a line as they are.
    """

  /// The user message: a JSON object from line number to line, in the song's order (a sorted
  /// JSON encoder would put line 10 before line 2).
  public static func request(_ lines: [(number: Int, text: String)]) -> String {
    let members = lines.sorted { $0.number < $1.number }.map { line in
      let value = try? JSONSerialization.data(
        withJSONObject: line.text, options: [.fragmentsAllowed, .withoutEscapingSlashes])
      return "\"\(line.number)\":" + (value.map { String(decoding: $0, as: UTF8.self) } ?? "\"\"")
    }
    return "{" + members.joined(separator: ",") + "}"
  }

  /// The translations in `answer` for the asked `numbers`. An answer that numbers a line that
  /// was not asked for has renumbered the lines, so none of it can be trusted: it gives nothing,
  /// as does an answer that is not a JSON object (after any Markdown code fence).
  public static func parse(_ answer: String, numbers: Set<Int>) -> [Int: String] {
    let text = stripFence(answer)
    guard let data = text.data(using: .utf8),
      let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
    else { return [:] }
    var translations: [Int: String] = [:]
    for (key, value) in object {
      guard let number = Int(key.trimmingCharacters(in: .whitespaces)) else { continue }
      guard numbers.contains(number) else { return [:] }
      guard let text = value as? String else { continue }
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
