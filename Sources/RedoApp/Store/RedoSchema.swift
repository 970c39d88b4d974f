import HearthPlatform
import HearthSQL

/// Redo's tables on both databases. Append-only: never edit one that shipped, add another.
enum RedoSchema {
  static let all = AppSchema(
    namespace: "redo",
    sqlite: [
      SQLiteMigration(
        "003-redo", epoch: 1,
        """
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
        """),
      SQLiteMigration(
        "redo-snake-case",
        """
        ALTER TABLE redoKey RENAME TO redo_keys;
        ALTER TABLE redo_keys RENAME COLUMN publicKey TO public_key;
        ALTER TABLE redo_keys RENAME COLUMN userID TO user_id;
        ALTER TABLE redo_keys RENAME COLUMN createdAt TO created_at;
        ALTER TABLE redoNode RENAME TO redo_nodes;
        ALTER TABLE redo_nodes RENAME COLUMN taskId TO task_id;
        ALTER TABLE redo_nodes RENAME COLUMN uploaderID TO uploader_id;
        """),
      SQLiteMigration(
        "redo-views",
        """
        CREATE TABLE redo_views (
          user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
          name TEXT NOT NULL,
          query TEXT NOT NULL,
          updated_at REAL NOT NULL,
          PRIMARY KEY (user_id, name)
        );
        """),
      SQLiteMigration(
        "redo-due-today",
        """
        CREATE TABLE redo_settings (
          user_id TEXT PRIMARY KEY NOT NULL REFERENCES users(id) ON DELETE CASCADE,
          due_today_on INTEGER NOT NULL,
          due_today_minute INTEGER NOT NULL
            CHECK (due_today_minute >= 0 AND due_today_minute < 1440),
          updated_at REAL NOT NULL
        );
        """),
      SQLiteMigration(
        "redo-task-reminders",
        """
        CREATE TABLE redo_task_reminders (
          user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
          task_id TEXT NOT NULL,
          minutes_before INTEGER NOT NULL CHECK (minutes_before >= 0),
          updated_at REAL NOT NULL,
          PRIMARY KEY (user_id, task_id)
        );
        CREATE INDEX redo_task_reminders_task ON redo_task_reminders(task_id);
        """),
    ],
    postgres: [
      PostgresMigration(
        version: 1, shared: 6, name: "redo keys and nodes",
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
      PostgresMigration(
        version: 2, shared: 11, name: "redo saved views",
        statements: [
          """
          CREATE TABLE redo_views (
            user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
            name text NOT NULL,
            query text NOT NULL,
            updated_at timestamptz NOT NULL,
            PRIMARY KEY (user_id, name)
          )
          """
        ]),
      PostgresMigration(
        version: 3, shared: 26, name: "redo settings: the due-today digest",
        statements: [
          """
          CREATE TABLE redo_settings (
            user_id text PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
            due_today_on boolean NOT NULL,
            due_today_minute integer NOT NULL
              CHECK (due_today_minute >= 0 AND due_today_minute < 1440),
            updated_at timestamptz NOT NULL
          )
          """
        ]),
      PostgresMigration(
        version: 4, name: "redo task reminders: each person's reminder of a task's deadline",
        statements: [
          """
          CREATE TABLE redo_task_reminders (
            user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
            task_id text NOT NULL,
            minutes_before integer NOT NULL CHECK (minutes_before >= 0),
            updated_at timestamptz NOT NULL,
            PRIMARY KEY (user_id, task_id)
          )
          """,
          "CREATE INDEX redo_task_reminders_task_id_idx ON redo_task_reminders (task_id)",
        ]),
    ],
    // redo_settings, the person's task reminders and the due-today reminder (`reminders`)
    // cascade with the account; a pending job then finds no setting and sends nothing.
    accountCleanup: AccountCleanup { account in
      [
        // Everyone's reminders of the tasks they own go with the tasks
        """
        DELETE FROM redo_task_reminders WHERE task_id IN (SELECT resource_id FROM shares
          WHERE app = 'redo' AND kind = 'task' AND owner_id = \(account.id))
        """,
        // The nodes of the tasks they own go with the tasks
        """
        DELETE FROM redo_nodes WHERE task_id IN (SELECT resource_id FROM shares
          WHERE app = 'redo' AND kind = 'task' AND owner_id = \(account.id))
        """,
        // Their nodes in others' tasks are those tasks' history (later nodes sign over them):
        // they stay, uploaded in the owner's name
        """
        UPDATE redo_nodes SET uploader_id = (SELECT owner_id FROM shares
          WHERE app = 'redo' AND kind = 'task' AND resource_id = redo_nodes.task_id)
        WHERE uploader_id = \(account.id)
        """,
      ]
    })
}
