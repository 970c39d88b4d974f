import Foundation
import HearthCore
import HearthPlatform
import OnpuCore

/// Study from the learner's songs: their words and kanji become cards, reviewed on FSRS's
/// schedule. Every card is its owner's: anyone else's is a 404, as a card that does not exist.
public struct OnpuStudy: Sendable {
  let library: OnpuLibrary
  /// Short meanings for word cards: the word dictionary's unless one is given; nil when there
  /// is none ("no meaning yet").
  let glossary: @Sendable () async -> (any WordGlossary)?
  /// A draw in 0..<1 for each review's fuzz; nil schedules exactly. The product fuzzes; with
  /// the hand-moved test clock (HEARTH_TEST_CLOCK) reviews are exact, so tests can compare
  /// them with the fsrs oracle.
  let fuzz: @Sendable () -> Double?

  var env: HearthEnvironment { library.env }
  var store: any OnpuStudyStore { env.database.onpuStudyStore }

  public init(
    library: OnpuLibrary, glossary: (any WordGlossary)? = nil,
    fuzz: (@Sendable () -> Double?)? = nil
  ) {
    self.library = library
    if let glossary {
      self.glossary = { glossary }
    } else {
      self.glossary = { [library] in await library.glossary() }
    }
    let exact = library.env.clockShift != nil
    self.fuzz = fuzz ?? { exact ? nil : Double.random(in: 0..<1) }
  }

  static let dueLimit = 200

  func knownKanji() -> @Sendable (Character) -> Bool {
    guard case .success(let analyzer) = library.analyzer else { return { _ in false } }
    let dictionary = analyzer.dictionary
    return { dictionary[String($0)] != nil }
  }

  // MARK: Adding cards

  /// Adds the song's words and kanji the learner has no card for yet.
  func addSong(_ songID: String, for user: User) async throws -> (added: Int, cards: Int) {
    let (song, lines, translations) = try await songLines(songID, for: user)
    let drafts = StudyWords.drafts(
      songTitle: song.title, lines: lines, translations: translations, knownKanji: knownKanji())
    let added = try await store.addStudyCards(
      try drafts.map { try newCard($0, song: song, for: user) })
    return (added.count, drafts.count)
  }

  /// Adds one word of a song, by its place (line and word, from 0) or as written; returns the
  /// card and whether it is new (a word already studied keeps its card).
  func addWord(songID: String, line: Int?, word: Int?, surface: String?, for user: User)
    async throws -> (card: OnpuStudyCard, added: Bool)
  {
    let (song, lines, translations) = try await songLines(songID, for: user)
    let place: (line: Int, word: Int)
    if let surface {
      guard let found = StudyWords.place(of: surface, in: lines) else {
        throw APIErrorResponse(.invalid("surface", "The song has no word written “\(surface)”."))
      }
      place = found
    } else {
      guard let line, lines.indices.contains(line) else {
        throw APIErrorResponse(.invalid("line", "line is the index of a line of the song, from 0."))
      }
      guard let word, lines[line].words.indices.contains(word) else {
        throw APIErrorResponse(
          .invalid("word", "word is the index of a word in line \(line), from 0."))
      }
      place = (line, word)
    }
    guard
      let draft = StudyWords.draft(
        songTitle: song.title, lines: lines, translations: translations, line: place.line,
        word: place.word)
    else {
      throw APIErrorResponse(
        .invalid(
          surface == nil ? "word" : "surface",
          "That word is a particle, punctuation, English or grammar: it makes no card."))
    }
    let card = try newCard(draft, song: song, for: user)
    if try await store.addStudyCards([card]).isEmpty {
      guard
        let existing = try await store.studyCard(
          ownerID: user.id, kind: draft.kind.rawValue, key: draft.key)
      else { throw APIErrorResponse(.conflict("word", "The card changed; try again.")) }
      return (existing, false)
    }
    return (card, true)
  }

  func newCard(_ draft: StudyCardDraft, song: OnpuSong, for user: User) throws
    -> OnpuStudyCard
  {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let now = env.now()
    return OnpuStudyCard(
      id: env.newID(), ownerID: user.id, kind: draft.kind, key: draft.key, songID: song.id,
      note: String(decoding: try encoder.encode(draft.note), as: UTF8.self),
      memory: .new(at: now), createdAt: now)
  }

  func songLines(_ songID: String, for user: User) async throws
    -> (OnpuSong, [LyricsLine], [String?])
  {
    let song = try await library.song(songID, for: user)
    guard let analysis = song.analysis else { throw APIErrorResponse(.notFound("song")) }
    return (
      song, try OnpuSongCoding.lines(analysis), try OnpuSongCoding.translations(analysis)
    )
  }

  // MARK: Reviewing

  /// The card when it is the user's.
  func card(_ id: String, for user: User) async throws -> OnpuStudyCard {
    guard let card = try await store.studyCard(id: id), card.ownerID == user.id else {
      throw APIErrorResponse(.notFound("card"))
    }
    return card
  }

  func due(for user: User, limit: Int = dueLimit) async throws -> [OnpuStudyCard] {
    try await store.dueStudyCards(ownerID: user.id, at: env.now(), limit: limit)
  }

  /// Grades a due card, or (`ahead`) an active one before it is due; 409 otherwise (set
  /// aside, or graded already in another tab).
  func review(_ id: String, grade: FSRSGrade, ahead: Bool = false, for user: User) async throws
    -> OnpuStudyCard
  {
    let stored = try await card(id, for: user)
    let now = env.now()
    guard stored.isDue(at: now) || (ahead && stored.status == .active) else {
      throw APIErrorResponse(.conflict("card", "This card is not due now."))
    }
    var card = stored
    card.memory = StudyPlan.scheduler.review(stored.memory, grade: grade, at: now, fuzz: fuzz())
    card.reviews += 1
    card.buriedUntil = nil
    let review = OnpuStudyReview(
      id: env.newID(), cardID: id, ownerID: user.id, grade: grade, reviewedAt: now,
      stateBefore: stored.memory.state, after: card.memory)
    guard try await store.recordStudyReview(review, card: card) else {
      throw APIErrorResponse(.conflict("card", "This card was just graded."))
    }
    return card
  }

  enum Action: String, CaseIterable {
    case suspend, bury, know, restore
  }

  /// Suspends, buries until the learner's tomorrow, marks known ("never show again"), or
  /// brings back a card set aside.
  func act(_ action: Action, on id: String, for user: User) async throws -> OnpuStudyCard {
    var card = try await card(id, for: user)
    switch action {
    case .suspend: card.status = .suspended
    case .know: card.status = .known
    case .restore:
      card.status = .active
      card.buriedUntil = nil
    case .bury:
      let zone = TimeZone(identifier: user.timeZone) ?? .gmt
      card.buriedUntil = StudyPlan.startOfNextDay(after: env.now(), in: zone)
    }
    guard
      try await store.setStudyCardStatus(
        id: id, status: card.status, buriedUntil: card.buriedUntil)
    else { throw APIErrorResponse(.notFound("card")) }
    return card
  }

  // MARK: Progress

  func progress(for user: User) async throws -> StudyProgress {
    let now = env.now()
    let zone = TimeZone(identifier: user.timeZone) ?? .gmt
    let cards = try await store.studyCards(ownerID: user.id)
    let reviews = try await store.studyReviews(
      ownerID: user.id, since: now.addingTimeInterval(-31 * 86_400))
    var songs: [StudyProgress.Song] = []
    let known = knownKanji()
    for summary in try await library.songs(for: user) {
      guard let song = try await env.database.onpuStore.onpuSong(id: summary.id),
        let analysis = song.analysis
      else { continue }
      let drafts = StudyWords.drafts(
        songTitle: song.title, lines: try OnpuSongCoding.lines(analysis), translations: [],
        knownKanji: known)
      songs.append(
        .init(id: song.id, title: song.title, keys: Set(drafts.map { Self.key($0.kind, $0.key) })))
    }
    return StudyProgress(
      cards: cards.map { card in
        StudyProgress.Card(
          key: Self.key(card.kind, card.key), state: card.memory.state,
          stability: card.memory.stability, due: card.memory.due,
          isActive: card.status == .active && (card.buriedUntil.map { $0 <= now } ?? true),
          isKnown: card.status == .known)
      }, reviews: reviews.map(\.reviewedAt), songs: songs, now: now, zone: zone)
  }

  static func key(_ kind: StudyCardDraft.Kind, _ key: String) -> String {
    "\(kind.rawValue) \(key)"
  }
}
