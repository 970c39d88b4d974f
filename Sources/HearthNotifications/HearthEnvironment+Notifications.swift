import HearthCore
import HearthPlatform

extension HearthEnvironment {
  /// Who push services may contact about this server.
  public var vapidSubject: String {
    config[PushConfig.self].subject ?? config.publicURL.flatMap {
      $0.hasPrefix("https://") ? $0 : nil
    }
      ?? "mailto:hearth@localhost"
  }

  /// Sends notices to people; see `Notifier`.
  public var notifier: Notifier { Notifier(env: self) }

  /// Schedules recurring reminders; see `Reminders`.
  public var reminders: Reminders { Reminders(env: self) }
}
