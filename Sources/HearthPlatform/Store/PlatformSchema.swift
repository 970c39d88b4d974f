import HearthSQL

/// The platform's own tables: accounts, sessions, shares, events and jobs in the `hearth`
/// namespace (on SQLite, notifications' and reminders' too, in the one list they began in).
public enum PlatformSchema {
  public static let hearth = AppSchema(namespace: "hearth", sqlite: sqlite, postgres: postgres)
}
