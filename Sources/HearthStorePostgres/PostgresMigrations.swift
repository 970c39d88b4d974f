import Logging
import PostgresNIO

/// The schema, as an append-only list of migrations: never edit one that shipped, add another.
enum PostgresMigrations {
  struct Migration: Sendable {
    var version: Int
    var name: String
    var statements: [PostgresQuery]
  }

  /// Any constant: every process that migrates takes this transaction-scoped advisory lock.
  static let advisoryLockKey = 4_852_873_001

  static let all: [Migration] = [
    Migration(
      version: 1, name: "users and sessions",
      statements: [
        """
        CREATE TABLE users (
          id text PRIMARY KEY,
          email text NOT NULL CONSTRAINT users_email_key UNIQUE,
          phone text CONSTRAINT users_phone_key UNIQUE,
          display_name text NOT NULL,
          password_hash text NOT NULL,
          time_zone text NOT NULL,
          is_admin boolean NOT NULL DEFAULT false,
          disabled boolean NOT NULL DEFAULT false,
          created_at timestamptz NOT NULL
        )
        """,
        """
        CREATE TABLE sessions (
          id text PRIMARY KEY,
          user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
          kind text NOT NULL,
          token_hash text NOT NULL CONSTRAINT sessions_token_hash_key UNIQUE,
          csrf_token text NOT NULL,
          label text NOT NULL,
          created_at timestamptz NOT NULL,
          last_seen_at timestamptz NOT NULL,
          expires_at timestamptz NOT NULL,
          revoked_at timestamptz
        )
        """,
        "CREATE INDEX sessions_user_id_idx ON sessions (user_id)",
      ]),
    Migration(
      version: 2, name: "shares and participants",
      statements: [
        """
        CREATE TABLE shares (
          app text NOT NULL,
          kind text NOT NULL,
          resource_id text NOT NULL,
          owner_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
          title text NOT NULL,
          created_at timestamptz NOT NULL,
          PRIMARY KEY (app, kind, resource_id)
        )
        """,
        "CREATE INDEX shares_owner_id_idx ON shares (owner_id)",
        """
        CREATE TABLE participants (
          app text NOT NULL,
          kind text NOT NULL,
          resource_id text NOT NULL,
          user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
          status text NOT NULL,
          permission text NOT NULL,
          invited_by text NOT NULL,
          updated_at timestamptz NOT NULL,
          PRIMARY KEY (app, kind, resource_id, user_id),
          FOREIGN KEY (app, kind, resource_id) REFERENCES shares (app, kind, resource_id)
            ON DELETE CASCADE
        )
        """,
        "CREATE INDEX participants_user_id_idx ON participants (user_id, status)",
      ]),
    Migration(
      version: 3, name: "events",
      statements: [
        """
        CREATE TABLE events (
          seq bigint PRIMARY KEY,
          type text NOT NULL,
          audience_user text,
          res_app text,
          res_kind text,
          res_id text,
          payload text NOT NULL,
          created_at timestamptz NOT NULL,
          CHECK ((audience_user IS NULL) <> (res_app IS NULL))
        )
        """,
        """
        CREATE TABLE event_counter (
          id boolean PRIMARY KEY DEFAULT true CHECK (id),
          value bigint NOT NULL
        )
        """,
        "INSERT INTO event_counter (id, value) VALUES (true, 0)",
      ]),
    Migration(
      version: 4, name: "jobs",
      statements: [
        """
        CREATE TABLE jobs (
          id text PRIMARY KEY,
          queue text NOT NULL,
          payload text NOT NULL,
          status text NOT NULL,
          attempts integer NOT NULL DEFAULT 0,
          max_attempts integer NOT NULL,
          run_at timestamptz NOT NULL,
          lease_until timestamptz,
          completion_token text,
          last_error text,
          idempotency_key text,
          created_at timestamptz NOT NULL,
          updated_at timestamptz NOT NULL,
          CONSTRAINT jobs_queue_idempotency_key_key UNIQUE (queue, idempotency_key)
        )
        """,
        "CREATE INDEX jobs_claim_idx ON jobs (queue, status, run_at)",
      ]),
    Migration(
      version: 5, name: "job claim indexes in claim order",
      statements: [
        "CREATE INDEX jobs_queued_order_idx ON jobs (run_at, created_at, id) WHERE status = 'queued'",
        "CREATE INDEX jobs_running_lease_idx ON jobs (lease_until) WHERE status = 'running'",
      ]),
    Migration(
      version: 6, name: "redo keys and nodes",
      statements: [
        """
        CREATE TABLE redo_keys (
          public_key text PRIMARY KEY,
          user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
          label text NOT NULL,
          created_at timestamptz NOT NULL
        )
        """,
        "CREATE INDEX redo_keys_user_id_idx ON redo_keys (user_id)",
        """
        CREATE TABLE redo_nodes (
          id text PRIMARY KEY,
          task_id text NOT NULL,
          json text NOT NULL,
          uploader_id text NOT NULL,
          seq bigint NOT NULL
        )
        """,
        "CREATE INDEX redo_nodes_task_id_idx ON redo_nodes (task_id)",
        "CREATE INDEX redo_nodes_seq_idx ON redo_nodes (seq)",
      ]),
    Migration(
      version: 7, name: "softer rooms",
      statements: [
        """
        CREATE TABLE softer_rooms (
          id text PRIMARY KEY,
          originator_user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
          spec text NOT NULL,
          state_type text NOT NULL,
          defunct_reason text,
          signaled text NOT NULL,
          voice text NOT NULL,
          composing text,
          turn text NOT NULL,
          created_at timestamptz NOT NULL,
          modified_at timestamptz NOT NULL
        )
        """,
        """
        CREATE TABLE softer_seats (
          room_id text NOT NULL REFERENCES softer_rooms (id) ON DELETE CASCADE,
          participant_id text NOT NULL,
          user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
          PRIMARY KEY (room_id, participant_id)
        )
        """,
        "CREATE INDEX softer_seats_user_id_idx ON softer_seats (user_id)",
        """
        CREATE TABLE softer_messages (
          seq bigserial PRIMARY KEY,
          room_id text NOT NULL REFERENCES softer_rooms (id) ON DELETE CASCADE,
          id text NOT NULL,
          author_id text NOT NULL,
          author_name text NOT NULL,
          text text NOT NULL,
          created_at timestamptz NOT NULL,
          is_lightward boolean NOT NULL,
          is_narration boolean NOT NULL,
          UNIQUE (room_id, id)
        )
        """,
        """
        CREATE TABLE softer_payments (
          id text PRIMARY KEY,
          room_id text NOT NULL,
          user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
          tier integer NOT NULL,
          provider text NOT NULL,
          created_at timestamptz NOT NULL
        )
        """,
        "CREATE INDEX softer_payments_user_id_idx ON softer_payments (user_id, created_at)",
      ]),
    Migration(
      version: 8, name: "auralyst journals",
      statements: [
        """
        CREATE TABLE auralyst_journals (
          id text PRIMARY KEY,
          owner_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
          title text NOT NULL,
          time_zone text NOT NULL,
          symptoms text NOT NULL,
          created_at timestamptz NOT NULL,
          updated_at timestamptz NOT NULL
        )
        """,
        "CREATE INDEX auralyst_journals_owner_id_idx ON auralyst_journals (owner_id)",
        """
        CREATE TABLE auralyst_records (
          id text PRIMARY KEY,
          journal_id text NOT NULL REFERENCES auralyst_journals (id) ON DELETE CASCADE,
          kind text NOT NULL,
          author_id text NOT NULL,
          timestamp timestamptz NOT NULL,
          entry_id text,
          medication_id text,
          body text NOT NULL,
          updated_at timestamptz NOT NULL
        )
        """,
        """
        CREATE INDEX auralyst_records_journal_idx
          ON auralyst_records (journal_id, kind, timestamp)
        """,
        """
        CREATE INDEX auralyst_records_entry_idx ON auralyst_records (journal_id, entry_id)
          WHERE entry_id IS NOT NULL
        """,
        """
        CREATE INDEX auralyst_records_medication_idx
          ON auralyst_records (journal_id, medication_id) WHERE medication_id IS NOT NULL
        """,
      ]),
    Migration(
      version: 9, name: "onpu jobs and songs",
      statements: [
        """
        CREATE TABLE onpu_jobs (
          id text PRIMARY KEY,
          owner_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
          title text NOT NULL,
          artist text NOT NULL,
          lyrics text NOT NULL,
          status text NOT NULL,
          stage text,
          error text,
          created_at timestamptz NOT NULL,
          updated_at bigint NOT NULL,
          acknowledged boolean NOT NULL DEFAULT false,
          song_id text
        )
        """,
        "CREATE INDEX onpu_jobs_owner_idx ON onpu_jobs (owner_id, updated_at)",
        """
        CREATE TABLE onpu_songs (
          id text PRIMARY KEY,
          owner_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
          job_id text NOT NULL UNIQUE,
          title text NOT NULL,
          artist text NOT NULL,
          lyrics text NOT NULL,
          favorite boolean NOT NULL DEFAULT false,
          created_at timestamptz NOT NULL,
          lyrics_data text NOT NULL,
          translations text NOT NULL,
          translation_state text NOT NULL
        )
        """,
        "CREATE INDEX onpu_songs_owner_idx ON onpu_songs (owner_id, created_at)",
      ]),
    Migration(
      version: 10, name: "onpu change clock",
      statements: [
        """
        CREATE TABLE onpu_clocks (
          owner_id text PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
          latest bigint NOT NULL
        )
        """,
        """
        INSERT INTO onpu_clocks (owner_id, latest)
        SELECT owner_id, MAX(updated_at) FROM onpu_jobs GROUP BY owner_id
        """,
      ]),
  ]
}

extension PostgresDatabase {
  /// Applies the migrations not yet recorded in `schema_migrations`, all in one transaction
  /// under an advisory lock, so processes starting together migrate one after the other.
  public func migrate() async throws {
    try await transaction { connection in
      let logger = self.logger
      try await connection.run(
        "SELECT pg_advisory_xact_lock(\(PostgresMigrations.advisoryLockKey))", logger: logger)
      try await connection.run(
        """
        CREATE TABLE IF NOT EXISTS schema_migrations (
          version integer PRIMARY KEY,
          name text NOT NULL,
          applied_at timestamptz NOT NULL DEFAULT now()
        )
        """, logger: logger)
      var applied = Set<Int>()
      for row in try await connection.rows("SELECT version FROM schema_migrations", logger: logger)
      {
        applied.insert(try row.decode(Int.self))
      }
      var newlyApplied: [Int] = []
      for migration in PostgresMigrations.all where !applied.contains(migration.version) {
        for statement in migration.statements {
          try await connection.run(statement, logger: logger)
        }
        try await connection.run(
          """
          INSERT INTO schema_migrations (version, name)
          VALUES (\(migration.version), \(migration.name))
          """, logger: logger)
        newlyApplied.append(migration.version)
      }
      if !newlyApplied.isEmpty {
        logger.info(
          "Applied PostgreSQL migrations",
          metadata: ["versions": "\(newlyApplied.map(String.init).joined(separator: ","))"])
      }
    }
  }
}
