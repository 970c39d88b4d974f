import Foundation
import HearthPlatform
import HearthSQL
import OnpuCore

extension OnpuSQLStore: OnpuStudyStore {
  func addStudyCards(_ cards: [OnpuStudyCard]) async throws -> [OnpuStudyCard] {
    try await database.transaction { tx in
      var added: [OnpuStudyCard] = []
      for card in cards {
        let memory = card.memory
        let inserted = try await tx.rows(
          """
          INSERT INTO onpu_study_cards (id, owner_id, kind, card_key, song_id, note, state, step,
            stability, difficulty, due, last_review, status, buried_until, reviews, created_at)
          VALUES (\(card.id), \(card.ownerID), \(card.kind.rawValue), \(card.key), \(card.songID),
            \(card.note), \(memory.state.name), \(memory.step), \(memory.stability),
            \(memory.difficulty), \(memory.due), \(memory.lastReview), \(card.status.rawValue),
            \(card.buriedUntil), \(card.reviews), \(card.createdAt))
          ON CONFLICT (owner_id, kind, card_key) DO NOTHING
          RETURNING id
          """)
        if !inserted.isEmpty { added.append(card) }
      }
      return added
    }
  }

  func studyCard(id: String) async throws -> OnpuStudyCard? {
    try await database.row("SELECT \(Self.cardColumns) FROM onpu_study_cards WHERE id = \(id)")
      .map(Self.card)
  }

  func studyCard(ownerID: String, kind: String, key: String) async throws -> OnpuStudyCard? {
    try await database.row(
      """
      SELECT \(Self.cardColumns) FROM onpu_study_cards
      WHERE owner_id = \(ownerID) AND kind = \(kind) AND card_key = \(key)
      """
    ).map(Self.card)
  }

  func studyCards(ownerID: String) async throws -> [OnpuStudyCard] {
    try await database.rows(
      """
      SELECT \(Self.cardColumns) FROM onpu_study_cards
      WHERE owner_id = \(ownerID) ORDER BY created_at, id
      """
    ).map(Self.card)
  }

  func dueStudyCards(ownerID: String, at date: Date, limit: Int) async throws -> [OnpuStudyCard] {
    try await database.rows(
      """
      SELECT \(Self.cardColumns) FROM onpu_study_cards
      WHERE owner_id = \(ownerID) AND status = \(OnpuStudyCard.Status.active.rawValue)
        AND due <= \(date) AND (buried_until IS NULL OR buried_until <= \(date))
      ORDER BY due, id LIMIT \(limit)
      """
    ).map(Self.card)
  }

  func recordStudyReview(_ review: OnpuStudyReview, card: OnpuStudyCard) async throws -> Bool {
    try await database.transaction { tx in
      let memory = card.memory
      let updated = try await tx.rows(
        """
        UPDATE onpu_study_cards SET state = \(memory.state.name), step = \(memory.step),
          stability = \(memory.stability), difficulty = \(memory.difficulty), due = \(memory.due),
          last_review = \(memory.lastReview), reviews = \(card.reviews), buried_until = NULL
        WHERE id = \(card.id) AND reviews = \(card.reviews - 1)
        RETURNING id
        """)
      guard !updated.isEmpty else { return false }
      try await tx.execute(
        """
        INSERT INTO onpu_study_reviews (id, card_id, owner_id, grade, reviewed_at, state_before,
          state, stability, difficulty, due)
        VALUES (\(review.id), \(review.cardID), \(review.ownerID), \(review.grade.rawValue),
          \(review.reviewedAt), \(review.stateBefore.name), \(review.state.name),
          \(review.stability), \(review.difficulty), \(review.due))
        """)
      return true
    }
  }

  func setStudyCardStatus(id: String, status: OnpuStudyCard.Status, buriedUntil: Date?)
    async throws -> Bool
  {
    try await database.transaction { tx in
      try await !tx.rows(
        """
        UPDATE onpu_study_cards SET status = \(status.rawValue), buried_until = \(buriedUntil)
        WHERE id = \(id) RETURNING id
        """
      ).isEmpty
    }
  }

  func studyReviews(ownerID: String, since: Date) async throws -> [OnpuStudyReview] {
    try await database.rows(
      """
      SELECT id, card_id, owner_id, grade, reviewed_at, state_before, state, stability,
        difficulty, due
      FROM onpu_study_reviews
      WHERE owner_id = \(ownerID) AND reviewed_at >= \(since) ORDER BY reviewed_at, id
      """
    ).map(Self.review)
  }

  private static let cardColumns: SQL = """
    id, owner_id, kind, card_key, song_id, note, state, step, stability, difficulty, due,
    last_review, status, buried_until, reviews, created_at
    """

  private static func state(_ row: SQLRow, _ column: String) throws -> FSRSState {
    let name: String = try row[column]
    guard let state = FSRSState(name: name) else {
      throw StoreError.unreadable("column \(column) holds \(name), not a card state")
    }
    return state
  }

  private static func card(_ row: SQLRow) throws -> OnpuStudyCard {
    let memory = FSRSCard(
      state: try state(row, "state"), step: try row["step"], stability: try row["stability"],
      difficulty: try row["difficulty"], due: try row["due"], lastReview: try row["last_review"])
    return OnpuStudyCard(
      id: try row["id"], ownerID: try row["owner_id"],
      kind: try row.decode(StudyCardDraft.Kind.self, "kind"), key: try row["card_key"],
      songID: try row["song_id"], note: try row["note"], memory: memory,
      status: try row.decode(OnpuStudyCard.Status.self, "status"),
      buriedUntil: try row["buried_until"], reviews: try row["reviews"],
      createdAt: try row["created_at"])
  }

  private static func review(_ row: SQLRow) throws -> OnpuStudyReview {
    OnpuStudyReview(
      id: try row["id"], cardID: try row["card_id"], ownerID: try row["owner_id"],
      grade: try row.decode(FSRSGrade.self, "grade"), reviewedAt: try row["reviewed_at"],
      stateBefore: try state(row, "state_before"),
      after: FSRSCard(
        state: try state(row, "state"), stability: try row["stability"],
        difficulty: try row["difficulty"], due: try row["due"]))
  }
}
