import HearthSQL

/// The platform's own tables, migrated before every app's: accounts, sessions, shares, events
/// and jobs in the `hearth` namespace, notifications and reminders in their own on PostgreSQL.
public enum PlatformSchema {
  public static let all = [
    AppSchema(namespace: "hearth", sqlite: sqlite, postgres: postgres),
    AppSchema(namespace: "notifications", sqlite: [], postgres: notificationsOnPostgres),
  ]
}
