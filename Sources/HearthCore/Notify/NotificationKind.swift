/// One kind of notice an app sends ("notes.list-shared"): how people see it in their
/// preferences and how a push service should treat it.
public struct NotificationKind: Equatable, Hashable, Sendable {
  /// `<app slug>.<name>`, stable: preferences and dedupe keys are stored under it.
  public var id: String
  /// What the preferences page calls it ("Your turn in a room").
  public var label: String
  public var urgency: PushUrgency
  /// The channels it goes to until the person chooses otherwise.
  public var defaultChannels: Set<NotificationChannel>
  /// How long a push service keeps trying to reach an offline device; after that the notice
  /// is stale and dropped (the inbox keeps it).
  public var timeToLive: Int

  public init(
    _ id: String, label: String, urgency: PushUrgency = .normal, timeToLive: Int = 86_400,
    defaultChannels: Set<NotificationChannel> = [.inbox, .push]
  ) {
    self.id = id
    self.label = label
    self.urgency = urgency
    self.timeToLive = timeToLive
    self.defaultChannels = defaultChannels
  }

  /// The app slug before the first dot.
  public var app: String { String(id.prefix { $0 != "." }) }
}

/// RFC 8030 §5.3: how eagerly a push service wakes a device for the message.
public enum PushUrgency: String, Sendable {
  case veryLow = "very-low"
  case low, normal, high
}

/// Where a notice can reach a person.
public enum NotificationChannel: String, CaseIterable, Codable, Sendable {
  /// The list behind the bell.
  case inbox
  /// The person's devices, through their push services.
  case push
  /// The account's address, when the server has SMTP; off unless the person turns it on.
  case email
}
