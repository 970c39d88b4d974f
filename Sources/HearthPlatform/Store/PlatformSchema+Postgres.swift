import HearthSQL

extension PlatformSchema {
  /// The platform's accounts, shares, events and jobs on PostgreSQL, as an append-only list of
  /// migrations: never edit one that shipped, add another.
  static let postgres: [PostgresMigration] = [
    PostgresMigration(
      version: 1, shared: 1, name: "users and sessions",
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
    PostgresMigration(
      version: 2, shared: 2, name: "shares and participants",
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
    PostgresMigration(
      version: 3, shared: 3, name: "events",
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
    PostgresMigration(
      version: 4, shared: 4, name: "jobs",
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
    PostgresMigration(
      version: 5, shared: 5, name: "job claim indexes in claim order",
      statements: [
        "CREATE INDEX jobs_queued_order_idx ON jobs (run_at, created_at, id) WHERE status = 'queued'",
        "CREATE INDEX jobs_running_lease_idx ON jobs (lease_until) WHERE status = 'running'",
      ]),
    PostgresMigration(
      version: 6, shared: 12, name: "login attempts",
      statements: [
        """
        CREATE TABLE login_attempts (
          id text PRIMARY KEY,
          key text NOT NULL,
          at timestamptz NOT NULL
        )
        """,
        "CREATE INDEX login_attempts_key_at_idx ON login_attempts (key, at)",
        "CREATE INDEX login_attempts_at_idx ON login_attempts (at)",
      ]),
    PostgresMigration(
      version: 7, shared: 13, name: "events by audience",
      statements: ["CREATE INDEX events_audience_user_idx ON events (audience_user)"]),
    PostgresMigration(
      version: 8, shared: 14, name: "two-factor sign-in and the security log",
      statements: [
        """
        CREATE TABLE two_factor (
          user_id text PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
          sealed_secret text NOT NULL,
          enabled_at timestamptz,
          last_step bigint NOT NULL DEFAULT 0,
          created_at timestamptz NOT NULL
        )
        """,
        """
        CREATE TABLE recovery_codes (
          user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
          code_hash text NOT NULL,
          used_at timestamptz,
          PRIMARY KEY (user_id, code_hash)
        )
        """,
        """
        CREATE TABLE security_log (
          id text PRIMARY KEY,
          user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
          at timestamptz NOT NULL,
          kind text NOT NULL,
          address text NOT NULL,
          device text NOT NULL,
          detail text NOT NULL
        )
        """,
        "CREATE INDEX security_log_user_at_idx ON security_log (user_id, at)",
      ]),
    PostgresMigration(
      version: 9, shared: 15, name: "log-in attempts by account",
      statements: [
        "ALTER TABLE login_attempts ADD COLUMN account_key text",
        "CREATE INDEX login_attempts_account_idx ON login_attempts (account_key)",
      ]),
    PostgresMigration(
      version: 10, shared: 16, name: "batched job claims",
      statements: [
        // The claim-order index serves the claim; this one only misled the planner.
        "DROP INDEX jobs_claim_idx",
        claimJobsFunction,
      ]),
    PostgresMigration(
      version: 11, shared: 22, name: "account email: verification and invitations by email",
      statements: [
        "ALTER TABLE users ADD COLUMN email_verified_at timestamptz",
        "UPDATE users SET email_verified_at = created_at",
        """
        CREATE TABLE email_invitations (
          id text PRIMARY KEY,
          email text NOT NULL,
          resource_app text NOT NULL,
          resource_kind text NOT NULL,
          resource_id text NOT NULL,
          permission text NOT NULL,
          invited_by text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
          token_hash text UNIQUE,
          created_at timestamptz NOT NULL,
          expires_at timestamptz NOT NULL,
          accepted_user_id text REFERENCES users (id) ON DELETE SET NULL,
          accepted_at timestamptz
        )
        """,
        "CREATE INDEX email_invitations_email_idx ON email_invitations (email)",
      ]),
    PostgresMigration(
      version: 12, shared: 32, name: "invitations by email the owner cancelled",
      statements: ["ALTER TABLE email_invitations ADD COLUMN cancelled_at timestamptz"]),
  ]

  /// Claims up to `lim` due jobs in one statement: stalled jobs out of attempts become dead;
  /// then stalled jobs (their worker's lease ran out) are taken before the oldest queued ones,
  /// and only as many queued rows are locked as remain. A function so that it can carry its
  /// planner settings: when a backlog grows faster than the table's statistics are renewed,
  /// the planner expects a few queued rows and sorts the whole backlog on every claim; these
  /// settings keep it walking the claim-order indexes, which reach the first rows at once.
  /// The claim commits without waiting for its WAL flush: a claim lost in a crash leaves the job
  /// queued, as an expired lease would, and anything the handler then commits, its completion
  /// included, flushes the claim before it.
  static let claimJobsFunction = """
    CREATE FUNCTION hearth_claim_jobs(
      queues text[], lim bigint, token text, lease timestamptz, as_of timestamptz)
    RETURNS SETOF jobs LANGUAGE sql VOLATILE
    SET enable_sort = off SET enable_bitmapscan = off
    AS $$
      SELECT set_config('synchronous_commit', 'off', true);
      WITH expired AS (
        UPDATE jobs SET status = 'dead', lease_until = NULL, completion_token = NULL,
          updated_at = as_of,
          last_error = COALESCE(last_error, 'The lease expired after the last attempt.')
        WHERE id IN (
          SELECT id FROM jobs
          WHERE status = 'running' AND lease_until < as_of AND queue = ANY(queues)
            AND attempts >= max_attempts
          FOR UPDATE SKIP LOCKED)
        RETURNING id
      ), stalled AS (
        SELECT id FROM jobs
        WHERE status = 'running' AND lease_until < as_of AND queue = ANY(queues)
          AND attempts < max_attempts
        ORDER BY lease_until LIMIT lim
        FOR UPDATE SKIP LOCKED
      ), queued AS (
        SELECT id FROM jobs
        WHERE status = 'queued' AND run_at <= as_of AND queue = ANY(queues)
        ORDER BY run_at, created_at, id LIMIT (lim - (SELECT count(*) FROM stalled))
        FOR UPDATE SKIP LOCKED
      )
      UPDATE jobs SET status = 'running', attempts = attempts + 1, completion_token = token,
        lease_until = lease, updated_at = as_of
      WHERE id = ANY(ARRAY(SELECT id FROM stalled UNION ALL SELECT id FROM queued))
      RETURNING *
    $$
    """
}
