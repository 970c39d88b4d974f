/// A button on a notice ("Taken", "Snooze 10 min"): shown by browsers that support actions on
/// notifications, and on the inbox page everywhere.
public struct NotificationAction: Codable, Equatable, Hashable, Sendable {
  /// Letters, digits and hyphens: it names the action in links and tokens.
  public var id: String
  public var title: String

  public init(_ id: String, title: String) {
    self.id = id
    self.title = title
  }

  /// The platform answers this one itself, for any notice: the same notice again, `minutes` later.
  public static func snooze(minutes: Int = 10) -> NotificationAction {
    NotificationAction(snoozeID, title: "Snooze \(minutes) min")
  }

  public static let snoozeID = "snooze"

  /// How long a snooze waits, read back from its title.
  public var snoozeMinutes: Int? {
    guard id == Self.snoozeID else { return nil }
    return title.split(separator: " ").compactMap { Int($0) }.first
  }
}
