import HearthAccounts
import HearthNotifications
import HearthPlatform
import HearthSQL

extension PlatformSchema {
  /// Every schema of the platform, migrated before the apps': its own, then notifications'.
  public static let all = [hearth, NotificationSchema.all]
}

extension HearthDatabase {
  /// Brings the platform's tables and then each app's up to date.
  public func migrate(_ apps: [AppSchema]) async throws {
    try await migrate(schemas: PlatformSchema.all + apps)
  }
}
