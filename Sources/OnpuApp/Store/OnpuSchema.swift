import HearthPlatform
import HearthSQL

/// Onpu's tables on both databases. Append-only: never edit one that shipped, add another.
enum OnpuSchema {
  static let all = AppSchema(
    namespace: "onpu",
    sqlite: [
      SQLiteMigration(
        "006-onpu", epoch: 1,
        """
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
        """),
      // The owner's change clock outlives deleted jobs: a deleted job's time is never reused.
      SQLiteMigration(
        "007-onpu-clock", epoch: 1,
        """
        CREATE TABLE onpuClock (
          ownerID TEXT PRIMARY KEY NOT NULL REFERENCES user(id) ON DELETE CASCADE,
          latest INTEGER NOT NULL
        );
        INSERT INTO onpuClock (ownerID, latest)
          SELECT ownerID, MAX(updatedAt) FROM onpuJob GROUP BY ownerID;
        """),
      SQLiteMigration(
        "onpu-snake-case",
        """
        ALTER TABLE onpuJob RENAME TO onpu_jobs;
        ALTER TABLE onpu_jobs RENAME COLUMN ownerID TO owner_id;
        ALTER TABLE onpu_jobs RENAME COLUMN createdAt TO created_at;
        ALTER TABLE onpu_jobs RENAME COLUMN updatedAt TO updated_at;
        ALTER TABLE onpu_jobs RENAME COLUMN songID TO song_id;
        ALTER TABLE onpuSong RENAME TO onpu_songs;
        ALTER TABLE onpu_songs RENAME COLUMN ownerID TO owner_id;
        ALTER TABLE onpu_songs RENAME COLUMN jobID TO job_id;
        ALTER TABLE onpu_songs RENAME COLUMN createdAt TO created_at;
        ALTER TABLE onpu_songs RENAME COLUMN lyricsData TO lyrics_data;
        ALTER TABLE onpu_songs RENAME COLUMN translationState TO translation_state;
        ALTER TABLE onpuClock RENAME TO onpu_clocks;
        ALTER TABLE onpu_clocks RENAME COLUMN ownerID TO owner_id;
        """),
      SQLiteMigration(
        "onpu-translation-error", "ALTER TABLE onpu_songs ADD COLUMN translation_error TEXT;"),
      // A song's own corrections go with it; song_id NULL is a correction of every song.
      SQLiteMigration(
        "onpu-reading-corrections",
        """
        CREATE TABLE onpu_reading_corrections (
          owner_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
          song_id TEXT REFERENCES onpu_songs(id) ON DELETE CASCADE,
          surface TEXT NOT NULL,
          reading TEXT NOT NULL,
          created_at REAL NOT NULL
        );
        CREATE UNIQUE INDEX onpu_reading_corrections_key
          ON onpu_reading_corrections(owner_id, COALESCE(song_id, ''), surface);
        """),
      SQLiteMigration("onpu-study", OnpuStudySchema.sqlite),
      SQLiteMigration(
        "onpu-apple-ids",
        """
        CREATE TABLE onpu_apple_ids (
          subject TEXT PRIMARY KEY NOT NULL,
          user_id TEXT NOT NULL UNIQUE REFERENCES users(id) ON DELETE CASCADE,
          email TEXT,
          created_at REAL NOT NULL
        );
        """),
    ],
    postgres: [
      PostgresMigration(
        version: 1, shared: 9, name: "onpu jobs and songs",
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
      PostgresMigration(
        version: 2, shared: 10, name: "onpu change clock",
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
      PostgresMigration(
        version: 3, shared: 28, name: "onpu: why a translation failed",
        statements: ["ALTER TABLE onpu_songs ADD COLUMN translation_error text"]),
      PostgresMigration(
        version: 4, shared: 29, name: "onpu: the learner's reading corrections",
        statements: [
          """
          CREATE TABLE onpu_reading_corrections (
            owner_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
            song_id text REFERENCES onpu_songs (id) ON DELETE CASCADE,
            surface text NOT NULL,
            reading text NOT NULL,
            created_at timestamptz NOT NULL
          )
          """,
          """
          CREATE UNIQUE INDEX onpu_reading_corrections_key
            ON onpu_reading_corrections (owner_id, COALESCE(song_id, ''), surface)
          """,
        ]),
      PostgresMigration(
        version: 5, shared: 30, name: "onpu study cards", statements: OnpuStudySchema.postgresCards),
      PostgresMigration(
        version: 6, shared: 31, name: "onpu study reviews",
        statements: OnpuStudySchema.postgresReviews),
      PostgresMigration(
        version: 7, name: "onpu: Apple IDs linked to accounts",
        statements: [
          """
          CREATE TABLE onpu_apple_ids (
            subject text PRIMARY KEY,
            user_id text NOT NULL UNIQUE REFERENCES users (id) ON DELETE CASCADE,
            email text,
            created_at timestamptz NOT NULL
          )
          """
        ]),
    ],
    // Their songs go by foreign key; the analysis jobs that name them, here
    accountCleanup: AccountCleanup { account in
      [
        """
        DELETE FROM jobs WHERE queue = 'onpu.analyze' AND EXISTS (
          SELECT 1 FROM onpu_jobs WHERE onpu_jobs.owner_id = \(account.id)
            AND jobs.payload LIKE '%' || onpu_jobs.id || '%')
        """,
        """
        DELETE FROM jobs WHERE queue = 'onpu.translate' AND EXISTS (
          SELECT 1 FROM onpu_songs WHERE onpu_songs.owner_id = \(account.id)
            AND jobs.payload LIKE '%' || onpu_songs.id || '%')
        """,
      ]
    })
}
