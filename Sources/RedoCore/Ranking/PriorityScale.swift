import Foundation

/// The one priority scale people see, p1 the most urgent: P1 is the protocol's priority 5 (its
/// highest), P5 its 1. redo-view.mjs words it the same way in the browser.
public enum PriorityScale {
  public static let words = ["Urgent", "High", "Medium", "Low", "Someday"]

  /// 1 (P1, the most urgent) for the protocol's 5, down to 5 for its 1; out-of-range values are
  /// clamped.
  public static func level(_ priority: Int) -> Int {
    6 - min(max(priority, 1), 5)
  }

  /// "P1 · Urgent" for the protocol's 5, "P5 · Someday" for its 1.
  public static func name(_ priority: Int) -> String {
    let level = level(priority)
    return "P\(level) · \(words[level - 1])"
  }

  /// The protocol's priority for a typed one: "p1" to "p5" (p1 the most urgent, so 5), or the
  /// protocol's own number "1" to "5"; nil for anything else.
  public static func priority(typed: String) -> Int? {
    let text = typed.trimmingCharacters(in: .whitespaces).lowercased()
    if text.hasPrefix("p"), let level = Int(text.dropFirst()), (1...5).contains(level) {
      return 6 - level
    }
    if let priority = Int(text), (1...5).contains(priority) { return priority }
    return nil
  }
}
