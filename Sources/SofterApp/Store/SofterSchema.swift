import HearthPlatform
import HearthSQL

/// Softer's tables on both databases. Append-only: never edit one that shipped, add another.
enum SofterSchema {
  /// The summary of every room that existed before summaries were kept, as `RoomSummary` makes
  /// it: turn-consuming messages are speech and yields; the last message is the newest speech,
  /// else the newest narration.
  static let summaryBackfill = """
    UPDATE softer_rooms SET
      message_count = (SELECT COUNT(*) FROM softer_messages m WHERE m.room_id = softer_rooms.id),
      turn_index = (
        SELECT COUNT(*) FROM softer_messages m
        WHERE m.room_id = softer_rooms.id AND (NOT m.is_narration OR m.id LIKE '%:yield')),
      last_message_id = COALESCE(
        (SELECT m.id FROM softer_messages m WHERE m.room_id = softer_rooms.id AND NOT m.is_narration
          ORDER BY m.seq DESC LIMIT 1),
        (SELECT m.id FROM softer_messages m WHERE m.room_id = softer_rooms.id
          ORDER BY m.seq DESC LIMIT 1)),
      has_cenotaph = EXISTS (
        SELECT 1 FROM softer_messages m
        WHERE m.room_id = softer_rooms.id AND m.id = softer_rooms.id || ':cenotaph')
    """

  static let all = AppSchema(
    namespace: "softer",
    sqlite: [
      SQLiteMigration(
        "004-softer", epoch: 1,
        """
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
        """),
      SQLiteMigration(
        "softer-snake-case",
        """
        ALTER TABLE softerRoom RENAME TO softer_rooms;
        ALTER TABLE softer_rooms RENAME COLUMN originatorUserID TO originator_user_id;
        ALTER TABLE softer_rooms RENAME COLUMN stateType TO state_type;
        ALTER TABLE softer_rooms RENAME COLUMN defunctReason TO defunct_reason;
        ALTER TABLE softer_rooms RENAME COLUMN createdAt TO created_at;
        ALTER TABLE softer_rooms RENAME COLUMN modifiedAt TO modified_at;
        ALTER TABLE softerSeat RENAME TO softer_seats;
        ALTER TABLE softer_seats RENAME COLUMN roomID TO room_id;
        ALTER TABLE softer_seats RENAME COLUMN participantID TO participant_id;
        ALTER TABLE softer_seats RENAME COLUMN userID TO user_id;
        ALTER TABLE softerMessage RENAME TO softer_messages;
        ALTER TABLE softer_messages RENAME COLUMN roomID TO room_id;
        ALTER TABLE softer_messages RENAME COLUMN authorID TO author_id;
        ALTER TABLE softer_messages RENAME COLUMN authorName TO author_name;
        ALTER TABLE softer_messages RENAME COLUMN createdAt TO created_at;
        ALTER TABLE softer_messages RENAME COLUMN isLightward TO is_lightward;
        ALTER TABLE softer_messages RENAME COLUMN isNarration TO is_narration;
        ALTER TABLE softerPayment RENAME TO softer_payments;
        ALTER TABLE softer_payments RENAME COLUMN roomID TO room_id;
        ALTER TABLE softer_payments RENAME COLUMN userID TO user_id;
        ALTER TABLE softer_payments RENAME COLUMN createdAt TO created_at;
        """),
      SQLiteMigration(
        "softer-seats-waiting",
        "ALTER TABLE softer_seats ADD COLUMN seated INTEGER NOT NULL DEFAULT 1"),
      SQLiteMigration(
        "softer-room-summaries",
        """
        ALTER TABLE softer_rooms ADD COLUMN message_count INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE softer_rooms ADD COLUMN turn_index INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE softer_rooms ADD COLUMN last_message_id TEXT;
        ALTER TABLE softer_rooms ADD COLUMN has_cenotaph INTEGER NOT NULL DEFAULT 0;
        \(summaryBackfill)
        """),
    ],
    postgres: [
      PostgresMigration(
        version: 1, shared: 7, name: "softer rooms",
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
      PostgresMigration(
        version: 2, shared: 17, name: "softer seats waiting for Lightward",
        statements: ["ALTER TABLE softer_seats ADD COLUMN seated boolean NOT NULL DEFAULT true"]),
      PostgresMigration(
        version: 3, shared: 18, name: "softer room summaries",
        statements: [
          """
          ALTER TABLE softer_rooms ADD COLUMN message_count integer NOT NULL DEFAULT 0,
            ADD COLUMN turn_index integer NOT NULL DEFAULT 0, ADD COLUMN last_message_id text,
            ADD COLUMN has_cenotaph boolean NOT NULL DEFAULT false
          """,
          summaryBackfill,
        ]),
    ],
    // The rooms they were in keep their history for the others (the module has them leave
    // first): a room they opened passes to someone else seated in it, and no room keeps the
    // email or phone they were invited by.
    accountCleanup: AccountCleanup { account in
      let someoneElse: SQL = """
        SELECT user_id FROM softer_seats
        WHERE room_id = softer_rooms.id AND user_id <> \(account.id) AND seated = \(true)
        """
      let handover: SQL = """
        UPDATE softer_rooms SET originator_user_id = (\(someoneElse) ORDER BY participant_id LIMIT 1)
        WHERE originator_user_id = \(account.id) AND EXISTS (\(someoneElse))
        """
      return [handover]
        + [account.email, account.phone].compactMap { $0 }.map { contact in
          """
          UPDATE softer_rooms SET spec = REPLACE(spec, \(contact), '')
          WHERE spec LIKE \("%\(contact)%")
          """
        }
    })
}
