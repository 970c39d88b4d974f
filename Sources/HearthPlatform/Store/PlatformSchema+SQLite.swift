import HearthSQL

extension PlatformSchema {
  /// The platform's tables on SQLite, notifications' included: append-only, never edit a
  /// registered migration, add a new one.
  static let sqlite = [
    SQLiteMigration(
      "001-platform", epoch: 1,
      """
      CREATE TABLE user (
        id TEXT PRIMARY KEY NOT NULL,
        email TEXT NOT NULL UNIQUE,
        phone TEXT UNIQUE,
        displayName TEXT NOT NULL,
        passwordHash TEXT NOT NULL,
        timeZone TEXT NOT NULL,
        isAdmin INTEGER NOT NULL DEFAULT 0,
        disabled INTEGER NOT NULL DEFAULT 0,
        createdAt REAL NOT NULL
      );
      CREATE TABLE session (
        id TEXT PRIMARY KEY NOT NULL,
        userID TEXT NOT NULL REFERENCES user(id) ON DELETE CASCADE,
        kind TEXT NOT NULL,
        tokenHash TEXT NOT NULL UNIQUE,
        csrfToken TEXT NOT NULL,
        label TEXT NOT NULL,
        createdAt REAL NOT NULL,
        lastSeenAt REAL NOT NULL,
        expiresAt REAL NOT NULL,
        revokedAt REAL
      );
      CREATE INDEX session_user ON session(userID);
      CREATE TABLE share (
        app TEXT NOT NULL,
        kind TEXT NOT NULL,
        resourceID TEXT NOT NULL,
        ownerID TEXT NOT NULL REFERENCES user(id) ON DELETE CASCADE,
        title TEXT NOT NULL,
        createdAt REAL NOT NULL,
        PRIMARY KEY (app, kind, resourceID)
      );
      CREATE TABLE participant (
        app TEXT NOT NULL,
        kind TEXT NOT NULL,
        resourceID TEXT NOT NULL,
        userID TEXT NOT NULL REFERENCES user(id) ON DELETE CASCADE,
        status TEXT NOT NULL,
        permission TEXT NOT NULL,
        invitedBy TEXT NOT NULL,
        updatedAt REAL NOT NULL,
        PRIMARY KEY (app, kind, resourceID, userID),
        FOREIGN KEY (app, kind, resourceID)
          REFERENCES share(app, kind, resourceID) ON DELETE CASCADE
      );
      CREATE INDEX participant_user ON participant(userID, status);
      CREATE TABLE event (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        type TEXT NOT NULL,
        audienceUser TEXT,
        resApp TEXT,
        resKind TEXT,
        resID TEXT,
        payload TEXT NOT NULL,
        createdAt REAL NOT NULL
      );
      CREATE TABLE job (
        id TEXT PRIMARY KEY NOT NULL,
        queue TEXT NOT NULL,
        payload TEXT NOT NULL,
        status TEXT NOT NULL,
        attempts INTEGER NOT NULL,
        maxAttempts INTEGER NOT NULL,
        runAt REAL NOT NULL,
        leaseUntil REAL,
        completionToken TEXT,
        lastError TEXT,
        idempotencyKey TEXT,
        createdAt REAL NOT NULL,
        updatedAt REAL NOT NULL,
        UNIQUE (queue, idempotencyKey)
      );
      CREATE INDEX job_due ON job(queue, status, runAt);
      """),
    SQLiteMigration(
      "002-job-claim-indexes", epoch: 1,
      """
      CREATE INDEX job_queued_order ON job(runAt, createdAt, id) WHERE status = 'queued';
      CREATE INDEX job_running_lease ON job(leaseUntil) WHERE status = 'running';
      """),
    // The naming convention PostgreSQL has always had: snake_case, tables in the plural.
    SQLiteMigration(
      "platform-snake-case", epoch: 2,
      """
      ALTER TABLE user RENAME TO users;
      ALTER TABLE users RENAME COLUMN displayName TO display_name;
      ALTER TABLE users RENAME COLUMN passwordHash TO password_hash;
      ALTER TABLE users RENAME COLUMN timeZone TO time_zone;
      ALTER TABLE users RENAME COLUMN isAdmin TO is_admin;
      ALTER TABLE users RENAME COLUMN createdAt TO created_at;
      ALTER TABLE session RENAME TO sessions;
      ALTER TABLE sessions RENAME COLUMN userID TO user_id;
      ALTER TABLE sessions RENAME COLUMN tokenHash TO token_hash;
      ALTER TABLE sessions RENAME COLUMN csrfToken TO csrf_token;
      ALTER TABLE sessions RENAME COLUMN createdAt TO created_at;
      ALTER TABLE sessions RENAME COLUMN lastSeenAt TO last_seen_at;
      ALTER TABLE sessions RENAME COLUMN expiresAt TO expires_at;
      ALTER TABLE sessions RENAME COLUMN revokedAt TO revoked_at;
      ALTER TABLE share RENAME TO shares;
      ALTER TABLE shares RENAME COLUMN resourceID TO resource_id;
      ALTER TABLE shares RENAME COLUMN ownerID TO owner_id;
      ALTER TABLE shares RENAME COLUMN createdAt TO created_at;
      ALTER TABLE participant RENAME TO participants;
      ALTER TABLE participants RENAME COLUMN resourceID TO resource_id;
      ALTER TABLE participants RENAME COLUMN userID TO user_id;
      ALTER TABLE participants RENAME COLUMN invitedBy TO invited_by;
      ALTER TABLE participants RENAME COLUMN updatedAt TO updated_at;
      ALTER TABLE event RENAME TO events;
      ALTER TABLE events RENAME COLUMN audienceUser TO audience_user;
      ALTER TABLE events RENAME COLUMN resApp TO res_app;
      ALTER TABLE events RENAME COLUMN resKind TO res_kind;
      ALTER TABLE events RENAME COLUMN resID TO res_id;
      ALTER TABLE events RENAME COLUMN createdAt TO created_at;
      ALTER TABLE job RENAME TO jobs;
      ALTER TABLE jobs RENAME COLUMN maxAttempts TO max_attempts;
      ALTER TABLE jobs RENAME COLUMN runAt TO run_at;
      ALTER TABLE jobs RENAME COLUMN leaseUntil TO lease_until;
      ALTER TABLE jobs RENAME COLUMN completionToken TO completion_token;
      ALTER TABLE jobs RENAME COLUMN lastError TO last_error;
      ALTER TABLE jobs RENAME COLUMN idempotencyKey TO idempotency_key;
      ALTER TABLE jobs RENAME COLUMN createdAt TO created_at;
      ALTER TABLE jobs RENAME COLUMN updatedAt TO updated_at;
      """),
    SQLiteMigration(
      "platform-login-attempts",
      """
      CREATE TABLE login_attempts (
        id TEXT PRIMARY KEY NOT NULL,
        key TEXT NOT NULL,
        at REAL NOT NULL
      );
      CREATE INDEX login_attempts_key_at ON login_attempts(key, at);
      CREATE INDEX login_attempts_at ON login_attempts(at);
      """),
    // Deleting an account deletes its events by audience.
    SQLiteMigration(
      "platform-events-audience", "CREATE INDEX events_audience_user ON events(audience_user);"),
    SQLiteMigration(
      "platform-two-factor-and-security-log",
      """
      CREATE TABLE two_factor (
        user_id TEXT PRIMARY KEY NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        sealed_secret TEXT NOT NULL,
        enabled_at REAL,
        last_step INTEGER NOT NULL DEFAULT 0,
        created_at REAL NOT NULL
      );
      CREATE TABLE recovery_codes (
        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        code_hash TEXT NOT NULL,
        used_at REAL,
        PRIMARY KEY (user_id, code_hash)
      );
      CREATE TABLE security_log (
        id TEXT PRIMARY KEY NOT NULL,
        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        at REAL NOT NULL,
        kind TEXT NOT NULL,
        address TEXT NOT NULL,
        device TEXT NOT NULL,
        detail TEXT NOT NULL
      );
      CREATE INDEX security_log_user_at ON security_log(user_id, at);
      """),
    // Deleting an account deletes the log-in attempts about it.
    SQLiteMigration(
      "platform-login-attempts-account",
      """
      ALTER TABLE login_attempts ADD COLUMN account_key TEXT;
      CREATE INDEX login_attempts_account ON login_attempts(account_key);
      """),
    SQLiteMigration(
      "platform-notifications",
      """
      CREATE TABLE push_subscriptions (
        id TEXT PRIMARY KEY NOT NULL,
        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        endpoint TEXT NOT NULL UNIQUE,
        p256dh TEXT NOT NULL,
        auth TEXT NOT NULL,
        label TEXT NOT NULL,
        created_at REAL NOT NULL,
        last_success_at REAL,
        failures INTEGER NOT NULL DEFAULT 0
      );
      CREATE INDEX push_subscriptions_user ON push_subscriptions(user_id);
      CREATE TABLE notifications (
        id TEXT PRIMARY KEY NOT NULL,
        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        kind TEXT NOT NULL,
        title TEXT NOT NULL,
        body TEXT NOT NULL,
        url TEXT NOT NULL,
        dedupe_key TEXT NOT NULL,
        occurred_at REAL NOT NULL,
        created_at REAL NOT NULL,
        read_at REAL,
        UNIQUE (user_id, dedupe_key)
      );
      CREATE INDEX notifications_user_created ON notifications(user_id, created_at);
      CREATE INDEX notifications_unread ON notifications(user_id) WHERE read_at IS NULL;
      CREATE TABLE notification_deliveries (
        notification_id TEXT NOT NULL REFERENCES notifications(id) ON DELETE CASCADE,
        channel TEXT NOT NULL,
        target TEXT NOT NULL,
        status TEXT NOT NULL,
        detail TEXT NOT NULL DEFAULT '',
        updated_at REAL NOT NULL,
        PRIMARY KEY (notification_id, channel, target)
      );
      """),
    SQLiteMigration(
      "platform-notification-preferences",
      """
      ALTER TABLE notifications ADD COLUMN hidden INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE notifications ADD COLUMN about_user_id TEXT REFERENCES users(id) ON DELETE CASCADE;
      CREATE INDEX notifications_about ON notifications(about_user_id);
      CREATE TABLE notification_preferences (
        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        kind TEXT NOT NULL,
        channel TEXT NOT NULL,
        enabled INTEGER NOT NULL,
        PRIMARY KEY (user_id, kind, channel)
      );
      CREATE TABLE notification_settings (
        user_id TEXT PRIMARY KEY NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        quiet_start INTEGER,
        quiet_end INTEGER,
        updated_at REAL NOT NULL
      );
      """),
    SQLiteMigration(
      "platform-reminders",
      """
      CREATE TABLE reminders (
        id TEXT PRIMARY KEY NOT NULL,
        app TEXT NOT NULL,
        kind TEXT NOT NULL,
        owner_user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        resource_app TEXT,
        resource_kind TEXT,
        resource_id TEXT,
        rule TEXT NOT NULL,
        data TEXT NOT NULL,
        version INTEGER NOT NULL,
        next_at REAL,
        next_job_id TEXT,
        active INTEGER NOT NULL,
        created_at REAL NOT NULL,
        updated_at REAL NOT NULL
      );
      CREATE INDEX reminders_resource ON reminders(app, resource_app, resource_kind, resource_id);
      """),
    SQLiteMigration(
      "platform-account-email",
      """
      ALTER TABLE users ADD COLUMN email_verified_at REAL;
      UPDATE users SET email_verified_at = created_at;
      CREATE TABLE email_invitations (
        id TEXT PRIMARY KEY NOT NULL,
        email TEXT NOT NULL,
        resource_app TEXT NOT NULL,
        resource_kind TEXT NOT NULL,
        resource_id TEXT NOT NULL,
        permission TEXT NOT NULL,
        invited_by TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        token_hash TEXT UNIQUE,
        created_at REAL NOT NULL,
        expires_at REAL NOT NULL,
        accepted_user_id TEXT REFERENCES users(id) ON DELETE SET NULL,
        accepted_at REAL
      );
      CREATE INDEX email_invitations_email ON email_invitations(email);
      """),
    SQLiteMigration(
      "platform-notification-actions",
      """
      ALTER TABLE notifications ADD COLUMN actions TEXT NOT NULL DEFAULT '[]';
      ALTER TABLE notifications ADD COLUMN data TEXT NOT NULL DEFAULT '{}';
      """),
    SQLiteMigration(
      "platform-notification-digest",
      "ALTER TABLE notification_settings ADD COLUMN digest_time INTEGER;"),
    SQLiteMigration(
      "platform-invitation-cancel",
      "ALTER TABLE email_invitations ADD COLUMN cancelled_at REAL;"),
    SQLiteMigration(
      "platform-notification-topic",
      """
      ALTER TABLE notifications ADD COLUMN topic TEXT;
      ALTER TABLE notifications ADD COLUMN closed_at REAL;
      CREATE INDEX notifications_topic ON notifications(topic) WHERE topic IS NOT NULL;
      """),
  ]
}
