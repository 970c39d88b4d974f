import HearthPlatform
import HearthSQL

/// Auralyst's tables on both databases. Append-only: never edit one that shipped, add another.
enum AuralystSchema {
  /// Records from before zones were kept were made in their journal's zone of then, which is
  /// not known; its zone now is the best guess, and keeps their days where they are today.
  static let recordZonesFromJournals = """
    UPDATE auralyst_records SET time_zone = (
      SELECT time_zone FROM auralyst_journals WHERE auralyst_journals.id = auralyst_records.journal_id)
    """

  static let all = AppSchema(
    namespace: "auralyst",
    sqlite: [
      SQLiteMigration(
        "005-auralyst", epoch: 1,
        """
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
        """),
      SQLiteMigration(
        "auralyst-snake-case",
        """
        ALTER TABLE auralystJournal RENAME TO auralyst_journals;
        ALTER TABLE auralyst_journals RENAME COLUMN ownerID TO owner_id;
        ALTER TABLE auralyst_journals RENAME COLUMN timeZone TO time_zone;
        ALTER TABLE auralyst_journals RENAME COLUMN createdAt TO created_at;
        ALTER TABLE auralyst_journals RENAME COLUMN updatedAt TO updated_at;
        ALTER TABLE auralystRecord RENAME TO auralyst_records;
        ALTER TABLE auralyst_records RENAME COLUMN journalID TO journal_id;
        ALTER TABLE auralyst_records RENAME COLUMN authorID TO author_id;
        ALTER TABLE auralyst_records RENAME COLUMN entryID TO entry_id;
        ALTER TABLE auralyst_records RENAME COLUMN medicationID TO medication_id;
        ALTER TABLE auralyst_records RENAME COLUMN updatedAt TO updated_at;
        """),
      SQLiteMigration(
        "auralyst-factors",
        """
        CREATE TABLE auralyst_factors (
          id TEXT PRIMARY KEY NOT NULL,
          journal_id TEXT NOT NULL REFERENCES auralyst_journals(id) ON DELETE CASCADE,
          name TEXT NOT NULL,
          name_key TEXT NOT NULL,
          kind TEXT NOT NULL,
          unit TEXT,
          author_id TEXT NOT NULL,
          created_at REAL NOT NULL,
          updated_at REAL NOT NULL
        );
        CREATE UNIQUE INDEX auralyst_factors_name ON auralyst_factors(journal_id, name_key);
        CREATE TABLE auralyst_factor_values (
          factor_id TEXT NOT NULL REFERENCES auralyst_factors(id) ON DELETE CASCADE,
          journal_id TEXT NOT NULL REFERENCES auralyst_journals(id) ON DELETE CASCADE,
          day TEXT NOT NULL,
          number REAL,
          tags TEXT,
          author_id TEXT NOT NULL,
          updated_at REAL NOT NULL,
          PRIMARY KEY (factor_id, day)
        );
        CREATE INDEX auralyst_factor_values_journal ON auralyst_factor_values(journal_id, day);
        """),
      SQLiteMigration(
        "auralyst-dose-reminders",
        """
        CREATE TABLE auralyst_dose_reminders (
          journal_id TEXT NOT NULL REFERENCES auralyst_journals(id) ON DELETE CASCADE,
          user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
          enabled INTEGER NOT NULL,
          updated_at REAL NOT NULL,
          PRIMARY KEY (journal_id, user_id)
        );
        """),
      SQLiteMigration(
        "auralyst-record-zones",
        """
        ALTER TABLE auralyst_records ADD COLUMN time_zone TEXT;
        \(recordZonesFromJournals);
        """),
      SQLiteMigration(
        "auralyst-reminder-zone",
        "ALTER TABLE auralyst_journals ADD COLUMN reminder_zone TEXT NOT NULL DEFAULT 'home';"),
      SQLiteMigration(
        "auralyst-missed-doses",
        """
        ALTER TABLE auralyst_journals ADD COLUMN dose_grace_minutes INTEGER;
        ALTER TABLE auralyst_dose_reminders ADD COLUMN missed INTEGER;
        """),
      SQLiteMigration(
        "auralyst-supplies",
        """
        CREATE TABLE auralyst_supplies (
          medication_id TEXT PRIMARY KEY NOT NULL
            REFERENCES auralyst_records(id) ON DELETE CASCADE,
          journal_id TEXT NOT NULL REFERENCES auralyst_journals(id) ON DELETE CASCADE,
          on_hand REAL NOT NULL,
          unit TEXT,
          refill_at REAL,
          refill_amount REAL,
          counted_at REAL NOT NULL,
          overdrawn REAL NOT NULL,
          notices INTEGER NOT NULL,
          notice_sent INTEGER NOT NULL,
          updated_at REAL NOT NULL
        );
        CREATE INDEX auralyst_supplies_journal ON auralyst_supplies(journal_id);
        """),
      SQLiteMigration(
        "auralyst-episodes",
        """
        CREATE TABLE auralyst_episodes (
          id TEXT PRIMARY KEY NOT NULL,
          journal_id TEXT NOT NULL REFERENCES auralyst_journals(id) ON DELETE CASCADE,
          author_id TEXT NOT NULL,
          started_at REAL NOT NULL,
          ended_at REAL,
          time_zone TEXT NOT NULL,
          body TEXT NOT NULL,
          updated_at REAL NOT NULL
        );
        CREATE INDEX auralyst_episodes_journal ON auralyst_episodes(journal_id, started_at);
        CREATE TABLE auralyst_check_ins (
          journal_id TEXT NOT NULL REFERENCES auralyst_journals(id) ON DELETE CASCADE,
          user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
          enabled INTEGER NOT NULL,
          minute INTEGER NOT NULL,
          updated_at REAL NOT NULL,
          PRIMARY KEY (journal_id, user_id)
        );
        """),
    ],
    postgres: [
      PostgresMigration(
        version: 1, shared: 8, name: "auralyst journals",
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
      PostgresMigration(
        version: 2, shared: 19, name: "auralyst factors",
        statements: [
          """
          CREATE TABLE auralyst_factors (
            id text PRIMARY KEY,
            journal_id text NOT NULL REFERENCES auralyst_journals (id) ON DELETE CASCADE,
            name text NOT NULL,
            name_key text NOT NULL,
            kind text NOT NULL,
            unit text,
            author_id text NOT NULL,
            created_at timestamptz NOT NULL,
            updated_at timestamptz NOT NULL
          )
          """,
          """
          CREATE UNIQUE INDEX auralyst_factors_name_idx ON auralyst_factors (journal_id, name_key)
          """,
          """
          CREATE TABLE auralyst_factor_values (
            factor_id text NOT NULL REFERENCES auralyst_factors (id) ON DELETE CASCADE,
            journal_id text NOT NULL REFERENCES auralyst_journals (id) ON DELETE CASCADE,
            day text NOT NULL,
            number double precision,
            tags text,
            author_id text NOT NULL,
            updated_at timestamptz NOT NULL,
            PRIMARY KEY (factor_id, day)
          )
          """,
          """
          CREATE INDEX auralyst_factor_values_journal_idx ON auralyst_factor_values (journal_id, day)
          """,
        ]),
      PostgresMigration(
        version: 3, shared: 27, name: "auralyst dose reminders: who wants them",
        statements: [
          """
          CREATE TABLE auralyst_dose_reminders (
            journal_id text NOT NULL REFERENCES auralyst_journals (id) ON DELETE CASCADE,
            user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
            enabled boolean NOT NULL,
            updated_at timestamptz NOT NULL,
            PRIMARY KEY (journal_id, user_id)
          )
          """
        ]),
      PostgresMigration(
        version: 4, name: "auralyst: the zone each record was made in",
        statements: [
          "ALTER TABLE auralyst_records ADD COLUMN time_zone text", recordZonesFromJournals,
        ]),
      PostgresMigration(
        version: 5, name: "auralyst: dose reminders at home or travelling",
        statements: [
          "ALTER TABLE auralyst_journals ADD COLUMN reminder_zone text NOT NULL DEFAULT 'home'"
        ]),
      PostgresMigration(
        version: 6, name: "auralyst missed doses: the grace period, who hears of them",
        statements: [
          "ALTER TABLE auralyst_journals ADD COLUMN dose_grace_minutes integer",
          "ALTER TABLE auralyst_dose_reminders ADD COLUMN missed boolean",
        ]),
      PostgresMigration(
        version: 7, name: "auralyst supplies: what is on hand, when to refill",
        statements: [
          """
          CREATE TABLE auralyst_supplies (
            medication_id text PRIMARY KEY REFERENCES auralyst_records (id) ON DELETE CASCADE,
            journal_id text NOT NULL REFERENCES auralyst_journals (id) ON DELETE CASCADE,
            on_hand double precision NOT NULL,
            unit text,
            refill_at double precision,
            refill_amount double precision,
            counted_at timestamptz NOT NULL,
            overdrawn double precision NOT NULL,
            notices integer NOT NULL,
            notice_sent boolean NOT NULL,
            updated_at timestamptz NOT NULL
          )
          """,
          "CREATE INDEX auralyst_supplies_journal_idx ON auralyst_supplies (journal_id)",
        ]),
      PostgresMigration(
        version: 8, name: "auralyst episodes and daily check-ins",
        statements: [
          """
          CREATE TABLE auralyst_episodes (
            id text PRIMARY KEY,
            journal_id text NOT NULL REFERENCES auralyst_journals (id) ON DELETE CASCADE,
            author_id text NOT NULL,
            started_at timestamptz NOT NULL,
            ended_at timestamptz,
            time_zone text NOT NULL,
            body text NOT NULL,
            updated_at timestamptz NOT NULL
          )
          """,
          """
          CREATE INDEX auralyst_episodes_journal_idx ON auralyst_episodes (journal_id, started_at)
          """,
          """
          CREATE TABLE auralyst_check_ins (
            journal_id text NOT NULL REFERENCES auralyst_journals (id) ON DELETE CASCADE,
            user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
            enabled boolean NOT NULL,
            minute integer NOT NULL,
            updated_at timestamptz NOT NULL,
            PRIMARY KEY (journal_id, user_id)
          )
          """,
        ]),
    ],
    // What they wrote in others' journals (entries, doses, notes, factors and their values,
    // episodes) goes with them; their own journals go by foreign key, with everything in them
    accountCleanup: AccountCleanup { account in
      [
        "DELETE FROM auralyst_records WHERE author_id = \(account.id)",
        "DELETE FROM auralyst_factor_values WHERE author_id = \(account.id)",
        "DELETE FROM auralyst_factors WHERE author_id = \(account.id)",
        "DELETE FROM auralyst_episodes WHERE author_id = \(account.id)",
      ]
    })
}
