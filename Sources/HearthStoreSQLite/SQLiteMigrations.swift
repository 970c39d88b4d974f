import GRDB

/// Append-only: never edit a registered migration, add a new one.
enum SQLiteMigrations {
  static var migrator: DatabaseMigrator {
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
    migrator.registerMigration("003-redo") { db in
      try db.execute(
        sql: """
          CREATE TABLE redoKey (
            publicKey TEXT PRIMARY KEY NOT NULL,
            userID TEXT NOT NULL REFERENCES user(id) ON DELETE CASCADE,
            label TEXT NOT NULL,
            createdAt REAL NOT NULL
          );
          CREATE INDEX redoKey_user ON redoKey(userID);
          CREATE TABLE redoNode (
            id TEXT PRIMARY KEY NOT NULL,
            taskId TEXT NOT NULL,
            json TEXT NOT NULL,
            uploaderID TEXT NOT NULL,
            seq INTEGER NOT NULL
          );
          CREATE INDEX redoNode_task ON redoNode(taskId);
          CREATE INDEX redoNode_seq ON redoNode(seq);
          """)
    }
    migrator.registerMigration("004-softer") { db in
      try db.execute(
        sql: """
          CREATE TABLE softerRoom (
            id TEXT PRIMARY KEY NOT NULL,
            originatorUserID TEXT NOT NULL REFERENCES user(id) ON DELETE CASCADE,
            spec TEXT NOT NULL,
            stateType TEXT NOT NULL,
            defunctReason TEXT,
            signaled TEXT NOT NULL,
            voice TEXT NOT NULL,
            composing TEXT,
            turn TEXT NOT NULL,
            createdAt REAL NOT NULL,
            modifiedAt REAL NOT NULL
          );
          CREATE TABLE softerSeat (
            roomID TEXT NOT NULL REFERENCES softerRoom(id) ON DELETE CASCADE,
            participantID TEXT NOT NULL,
            userID TEXT NOT NULL REFERENCES user(id) ON DELETE CASCADE,
            PRIMARY KEY (roomID, participantID)
          );
          CREATE INDEX softerSeat_user ON softerSeat(userID);
          CREATE TABLE softerMessage (
            seq INTEGER PRIMARY KEY AUTOINCREMENT,
            roomID TEXT NOT NULL REFERENCES softerRoom(id) ON DELETE CASCADE,
            id TEXT NOT NULL,
            authorID TEXT NOT NULL,
            authorName TEXT NOT NULL,
            text TEXT NOT NULL,
            createdAt REAL NOT NULL,
            isLightward INTEGER NOT NULL,
            isNarration INTEGER NOT NULL,
            UNIQUE (roomID, id)
          );
          CREATE TABLE softerPayment (
            id TEXT PRIMARY KEY NOT NULL,
            roomID TEXT NOT NULL,
            userID TEXT NOT NULL REFERENCES user(id) ON DELETE CASCADE,
            tier INTEGER NOT NULL,
            provider TEXT NOT NULL,
            createdAt REAL NOT NULL
          );
          CREATE INDEX softerPayment_user ON softerPayment(userID, createdAt);
          """)
    }
    migrator.registerMigration("005-auralyst") { db in
      try db.execute(
        sql: """
          CREATE TABLE auralystJournal (
            id TEXT PRIMARY KEY NOT NULL,
            ownerID TEXT NOT NULL REFERENCES user(id) ON DELETE CASCADE,
            title TEXT NOT NULL,
            timeZone TEXT NOT NULL,
            symptoms TEXT NOT NULL,
            createdAt REAL NOT NULL,
            updatedAt REAL NOT NULL
          );
          CREATE INDEX auralystJournal_owner ON auralystJournal(ownerID);
          CREATE TABLE auralystRecord (
            id TEXT PRIMARY KEY NOT NULL,
            journalID TEXT NOT NULL REFERENCES auralystJournal(id) ON DELETE CASCADE,
            kind TEXT NOT NULL,
            authorID TEXT NOT NULL,
            timestamp REAL NOT NULL,
            entryID TEXT,
            medicationID TEXT,
            body TEXT NOT NULL,
            updatedAt REAL NOT NULL
          );
          CREATE INDEX auralystRecord_journal ON auralystRecord(journalID, kind, timestamp);
          CREATE INDEX auralystRecord_entry ON auralystRecord(journalID, entryID)
            WHERE entryID IS NOT NULL;
          CREATE INDEX auralystRecord_medication ON auralystRecord(journalID, medicationID)
            WHERE medicationID IS NOT NULL;
          """)
    }
    migrator.registerMigration("006-onpu") { db in
      try db.execute(
        sql: """
          CREATE TABLE onpuJob (
            id TEXT PRIMARY KEY NOT NULL,
            ownerID TEXT NOT NULL REFERENCES user(id) ON DELETE CASCADE,
            title TEXT NOT NULL,
            artist TEXT NOT NULL,
            lyrics TEXT NOT NULL,
            status TEXT NOT NULL,
            stage TEXT,
            error TEXT,
            createdAt REAL NOT NULL,
            updatedAt INTEGER NOT NULL,
            acknowledged INTEGER NOT NULL DEFAULT 0,
            songID TEXT
          );
          CREATE INDEX onpuJob_owner ON onpuJob(ownerID, updatedAt);
          CREATE TABLE onpuSong (
            id TEXT PRIMARY KEY NOT NULL,
            ownerID TEXT NOT NULL REFERENCES user(id) ON DELETE CASCADE,
            jobID TEXT NOT NULL UNIQUE,
            title TEXT NOT NULL,
            artist TEXT NOT NULL,
            lyrics TEXT NOT NULL,
            favorite INTEGER NOT NULL DEFAULT 0,
            createdAt REAL NOT NULL,
            lyricsData TEXT NOT NULL,
            translations TEXT NOT NULL,
            translationState TEXT NOT NULL
          );
          CREATE INDEX onpuSong_owner ON onpuSong(ownerID, createdAt);
          """)
    }
    migrator.registerMigration("007-onpu-clock") { db in
      // The owner's change clock outlives deleted jobs: a deleted job's time is never reused.
      try db.execute(
        sql: """
          CREATE TABLE onpuClock (
            ownerID TEXT PRIMARY KEY NOT NULL REFERENCES user(id) ON DELETE CASCADE,
            latest INTEGER NOT NULL
          );
          INSERT INTO onpuClock (ownerID, latest)
            SELECT ownerID, MAX(updatedAt) FROM onpuJob GROUP BY ownerID;
          """)
    }
    return migrator
  }
}
