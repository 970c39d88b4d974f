import HearthCore

/// What a module tells the notices' machinery: the kinds it sends, what its reminders send
/// when they fire, and what its notices' buttons do. `HearthAppModule` refines it.
public protocol NotifyingModule: Sendable {
  /// The kinds of notice the app sends, as people see them in their notification settings.
  static var notificationKinds: [NotificationKind] { get }
  /// What to send when one of the app's reminders fires, by reminder kind.
  var reminderHandlers: [String: ReminderHandler] { get }
  /// What to send, by reminder kind, for an occurrence that could not be sent in time (more
  /// than `Reminders.lateLimit` late: the server was down); without one it is skipped and
  /// logged.
  var lateReminderHandlers: [String: ReminderHandler] { get }
  /// What the buttons on the app's notices do, by notification kind id.
  var notificationActionHandlers: [String: NotificationActionHandler] { get }
}

extension NotifyingModule {
  public static var notificationKinds: [NotificationKind] { [] }
  public var reminderHandlers: [String: ReminderHandler] { [:] }
  public var lateReminderHandlers: [String: ReminderHandler] { [:] }
  public var notificationActionHandlers: [String: NotificationActionHandler] { [:] }
}
