import GRDB

/// The platform's tables, then each app's. Append-only: never edit a registered migration, add a
/// new one.
package enum SQLiteMigrations {
  package static func migrator(_ apps: [AppSchema]) -> DatabaseMigrator {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("001-platform") { db in
      try db.execute(
        sql: """
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
          """)
    }
    migrator.registerMigration("002-job-claim-indexes") { db in
      try db.execute(
        sql: """
          CREATE INDEX job_queued_order ON job(runAt, createdAt, id) WHERE status = 'queued';
          CREATE INDEX job_running_lease ON job(leaseUntil) WHERE status = 'running';
          """)
    }
    for migration in apps.flatMap(\.sqlite) {
      migrator.registerMigration(migration.identifier) { db in try db.execute(sql: migration.sql) }
    }
    return migrator
  }
}
