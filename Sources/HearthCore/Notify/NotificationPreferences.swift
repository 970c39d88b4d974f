import Foundation

/// What one person chose: the channels of each kind that differ from its defaults, hours
/// when their devices stay quiet, and whether email comes as it happens or once a day.
public struct NotificationPreferences: Equatable, Sendable {
  /// Per kind id, the channels switched on or off by the person.
  public var choices: [String: [NotificationChannel: Bool]]
  public var quietHours: QuietHours?
  /// Minutes after local midnight when the day's emails go out together, in one mail; nil sends
  /// each as it happens.
  public var digestTime: Int?

  public init(
    choices: [String: [NotificationChannel: Bool]] = [:], quietHours: QuietHours? = nil,
    digestTime: Int? = nil
  ) {
    self.choices = choices
    self.quietHours = quietHours
    self.digestTime = digestTime.flatMap { (0..<1440).contains($0) ? $0 : nil }
  }

  public func isOn(_ channel: NotificationChannel, for kind: NotificationKind) -> Bool {
    choices[kind.id]?[channel] ?? kind.defaultChannels.contains(channel)
  }

  /// When the daily digest goes out in `zone`, DST-correct as every reminder; nil when email
  /// comes as it happens.
  public func digestRule(zone: String) -> RecurrenceRule? {
    guard let time = digestTime, (0..<1440).contains(time) else { return nil }
    return RecurrenceRule(zone: zone, hour: time / 60, minute: time % 60)
  }
}

/// A daily span of local time, which may wrap past midnight (22:00 to 07:00), when pushes wait.
public struct QuietHours: Equatable, Sendable {
  /// Minutes after local midnight; `start == end` is no quiet time at all.
  public var start: Int
  public var end: Int

  public init?(start: Int, end: Int) {
    guard (0..<1440).contains(start), (0..<1440).contains(end), start != end else { return nil }
    self.start = start
    self.end = end
  }

  /// `date` when it is outside the quiet hours in `zone`, else the instant they end: the first
  /// moment the local clock reads `end` or later, which on a spring-forward night is the
  /// moment the clock jumps past it.
  public func nextAllowed(after date: Date, in zone: TimeZone) -> Date {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    let parts = calendar.dateComponents([.hour, .minute], from: date)
    let minute = (parts.hour ?? 0) * 60 + (parts.minute ?? 0)
    let quiet = start < end ? (start..<end).contains(minute) : (minute >= start || minute < end)
    guard quiet else { return date }
    var day = calendar.startOfDay(for: date)
    if start > end, minute >= start {
      day = calendar.date(byAdding: .day, value: 1, to: day) ?? day
    }
    let wanted = DateComponents(hour: end / 60, minute: end % 60)
    return calendar.nextDate(
      after: day.addingTimeInterval(-1), matching: wanted, matchingPolicy: .nextTime,
      direction: .forward) ?? date
  }
}

extension QuietHours {
  /// Minutes after midnight from "HH:MM" (24-hour), as a time input sends it.
  public static func minutes(_ text: String) -> Int? {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 2, parts.allSatisfy({ $0.count == 2 }), let hour = Int(parts[0]),
      let minute = Int(parts[1]), (0..<24).contains(hour), (0..<60).contains(minute)
    else { return nil }
    return hour * 60 + minute
  }

  /// "HH:MM" for minutes after midnight.
  public static func text(_ minutes: Int) -> String {
    let hour = String(minutes / 60)
    let minute = String(minutes % 60)
    return String(repeating: "0", count: 2 - hour.count) + hour + ":"
      + String(repeating: "0", count: 2 - minute.count) + minute
  }
}
