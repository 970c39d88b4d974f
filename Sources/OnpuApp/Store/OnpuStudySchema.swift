/// The study tables: one card per learner and word (or kanji), and the log of every review.
/// A card's `reviews` counts its reviews, so two gradings of one showing cannot both count.
enum OnpuStudySchema {
  static let sqlite = """
    CREATE TABLE onpu_study_cards (
      id TEXT PRIMARY KEY NOT NULL,
      owner_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      kind TEXT NOT NULL,
      card_key TEXT NOT NULL,
      song_id TEXT,
      note TEXT NOT NULL,
      state TEXT NOT NULL,
      step INTEGER,
      stability REAL,
      difficulty REAL,
      due REAL NOT NULL,
      last_review REAL,
      status TEXT NOT NULL DEFAULT 'active',
      buried_until REAL,
      reviews INTEGER NOT NULL DEFAULT 0,
      created_at REAL NOT NULL,
      UNIQUE (owner_id, kind, card_key)
    );
    CREATE INDEX onpu_study_cards_due ON onpu_study_cards(owner_id, due);
    CREATE TABLE onpu_study_reviews (
      id TEXT PRIMARY KEY NOT NULL,
      card_id TEXT NOT NULL REFERENCES onpu_study_cards(id) ON DELETE CASCADE,
      owner_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      grade INTEGER NOT NULL,
      reviewed_at REAL NOT NULL,
      state_before TEXT NOT NULL,
      state TEXT NOT NULL,
      stability REAL NOT NULL,
      difficulty REAL NOT NULL,
      due REAL NOT NULL
    );
    CREATE INDEX onpu_study_reviews_owner ON onpu_study_reviews(owner_id, reviewed_at);
    """

  static let postgresCards = [
    """
    CREATE TABLE onpu_study_cards (
      id text PRIMARY KEY,
      owner_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      kind text NOT NULL,
      card_key text NOT NULL,
      song_id text,
      note text NOT NULL,
      state text NOT NULL,
      step bigint,
      stability double precision,
      difficulty double precision,
      due timestamptz NOT NULL,
      last_review timestamptz,
      status text NOT NULL DEFAULT 'active',
      buried_until timestamptz,
      reviews bigint NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL,
      UNIQUE (owner_id, kind, card_key)
    )
    """,
    "CREATE INDEX onpu_study_cards_due_idx ON onpu_study_cards (owner_id, due)",
  ]

  static let postgresReviews = [
    """
    CREATE TABLE onpu_study_reviews (
      id text PRIMARY KEY,
      card_id text NOT NULL REFERENCES onpu_study_cards (id) ON DELETE CASCADE,
      owner_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      grade bigint NOT NULL,
      reviewed_at timestamptz NOT NULL,
      state_before text NOT NULL,
      state text NOT NULL,
      stability double precision NOT NULL,
      difficulty double precision NOT NULL,
      due timestamptz NOT NULL
    )
    """,
    "CREATE INDEX onpu_study_reviews_owner_idx ON onpu_study_reviews (owner_id, reviewed_at)",
  ]
}
