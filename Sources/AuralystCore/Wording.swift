import Foundation

/// Words for counts, weekdays and changes in severity, so every page says them the same way.
public enum Wording {
  public static let weekdays = [
    "Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday",
  ]

  /// "1 day", "2 days", "0 entries": `many` is given because English plurals are not all "+s".
  public static func count(_ value: Int, _ one: String, _ many: String) -> String {
    "\(value) \(value == 1 ? one : many)"
  }

  /// The weekday (1 = Sunday ... 7 = Saturday), or its plural ("Fridays") for "on Fridays".
  public static func weekday(_ weekday: Int, plural: Bool = false) -> String {
    let name = weekdays[(weekday - 1 + 7) % 7]
    return plural ? name + "s" : name
  }

  /// One decimal, with a real minus sign: "1.5", "−0.3".
  public static func oneDecimal(_ value: Double) -> String {
    let text = String(format: "%.1f", abs(value))
    return value < 0 && text != "0.0" ? "−" + text : text
  }

  /// A change in severity in words, one rule for every page: below zero is "lower", above is
  /// "higher", and what rounds to 0.0 is "no different".
  public static func change(_ change: Double) -> String {
    let size = String(format: "%.1f", abs(change))
    if size == "0.0" { return "no different" }
    return "\(size) points \(change < 0 ? "lower" : "higher")"
  }

  /// The same change as a signed number for a chart label: "−1.5", "+0.8", "0.0".
  public static func signedChange(_ change: Double) -> String {
    let size = String(format: "%.1f", abs(change))
    if size == "0.0" { return size }
    return (change < 0 ? "−" : "+") + size
  }
}
