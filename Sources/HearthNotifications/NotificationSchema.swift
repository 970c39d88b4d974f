import HearthPlatform
import HearthSQL

/// Notifications and reminders on PostgreSQL, in their own namespace. (On SQLite their tables
/// are in the platform's list, where they began.)
public enum NotificationSchema {
  public static let all = AppSchema(namespace: "notifications", sqlite: [], postgres: postgres)

  static let postgres: [PostgresMigration] = [
    PostgresMigration(
      version: 1, shared: 20, name: "notifications: push subscriptions, the inbox and deliveries",
      statements: [
        """
        CREATE TABLE push_subscriptions (
          id text PRIMARY KEY,
          user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
          endpoint text NOT NULL UNIQUE,
          p256dh text NOT NULL,
          auth text NOT NULL,
          label text NOT NULL,
          created_at timestamptz NOT NULL,
          last_success_at timestamptz,
          failures integer NOT NULL DEFAULT 0
        )
        """,
        "CREATE INDEX push_subscriptions_user_idx ON push_subscriptions (user_id)",
        """
        CREATE TABLE notifications (
          id text PRIMARY KEY,
          user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
          kind text NOT NULL,
          title text NOT NULL,
          body text NOT NULL,
          url text NOT NULL,
          dedupe_key text NOT NULL,
          occurred_at timestamptz NOT NULL,
          created_at timestamptz NOT NULL,
          read_at timestamptz,
          UNIQUE (user_id, dedupe_key)
        )
        """,
        "CREATE INDEX notifications_user_created_idx ON notifications (user_id, created_at)",
        "CREATE INDEX notifications_unread_idx ON notifications (user_id) WHERE read_at IS NULL",
        """
        CREATE TABLE notification_deliveries (
          notification_id text NOT NULL REFERENCES notifications (id) ON DELETE CASCADE,
          channel text NOT NULL,
          target text NOT NULL,
          status text NOT NULL,
          detail text NOT NULL DEFAULT '',
          updated_at timestamptz NOT NULL,
          PRIMARY KEY (notification_id, channel, target)
        )
        """,
      ]),
    PostgresMigration(
      version: 2, shared: 21, name: "reminders",
      statements: [
        """
        CREATE TABLE reminders (
          id text PRIMARY KEY,
          app text NOT NULL,
          kind text NOT NULL,
          owner_user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
          resource_app text,
          resource_kind text,
          resource_id text,
          rule text NOT NULL,
          data text NOT NULL,
          version integer NOT NULL,
          next_at timestamptz,
          next_job_id text,
          active boolean NOT NULL,
          created_at timestamptz NOT NULL,
          updated_at timestamptz NOT NULL
        )
        """,
        """
        CREATE INDEX reminders_resource_idx
          ON reminders (app, resource_app, resource_kind, resource_id)
        """,
      ]),
    PostgresMigration(
      version: 3, shared: 23,
      name: "notification preferences, quiet hours, and whom a notice is about",
      statements: [
        "ALTER TABLE notifications ADD COLUMN hidden boolean NOT NULL DEFAULT false",
        """
        ALTER TABLE notifications
          ADD COLUMN about_user_id text REFERENCES users (id) ON DELETE CASCADE
        """,
        "CREATE INDEX notifications_about_idx ON notifications (about_user_id)",
        """
        CREATE TABLE notification_preferences (
          user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
          kind text NOT NULL,
          channel text NOT NULL,
          enabled boolean NOT NULL,
          PRIMARY KEY (user_id, kind, channel)
        )
        """,
        """
        CREATE TABLE notification_settings (
          user_id text PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
          quiet_start integer,
          quiet_end integer,
          updated_at timestamptz NOT NULL
        )
        """,
      ]),
    PostgresMigration(
      version: 4, shared: 24, name: "notification actions and the data they act on",
      statements: [
        "ALTER TABLE notifications ADD COLUMN actions text NOT NULL DEFAULT '[]'",
        "ALTER TABLE notifications ADD COLUMN data text NOT NULL DEFAULT '{}'",
      ]),
    PostgresMigration(
      version: 5, shared: 25, name: "notification settings: the time of the daily email digest",
      statements: ["ALTER TABLE notification_settings ADD COLUMN digest_time integer"]),
    PostgresMigration(
      version: 6, name: "notifications about one thing for everyone: their topic, when closed",
      statements: [
        "ALTER TABLE notifications ADD COLUMN topic text",
        "ALTER TABLE notifications ADD COLUMN closed_at timestamptz",
        "CREATE INDEX notifications_topic_idx ON notifications (topic) WHERE topic IS NOT NULL",
      ]),
  ]

}
