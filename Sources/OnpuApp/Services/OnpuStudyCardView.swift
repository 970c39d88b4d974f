import Foundation
import OnpuCore

/// A card as the API and the review page show it: the front (the lyric line, the studied word
/// picked out), the back (reading, pitch, meaning, the line's translation) and what each grade
/// would schedule.
struct OnpuStudyCardView: Codable, Sendable {
  struct Word: Codable, Sendable {
    var text: String
    var studied: Bool
  }

  struct Front: Codable, Sendable {
    var line: String
    var words: [Word]
    /// The kanji a kanji card asks about.
    var kanji: String?
  }

  struct Back: Codable, Sendable {
    /// The dictionary form (or the kanji) and its reading.
    var word: String
    var reading: String
    /// The word as the line has it.
    var surface: String
    var surfaceReading: String
    /// One digit per mora of `surfaceReading`, 1 high and 0 low; null when unknown.
    var pitch: String?
    /// Null when no dictionary has it yet.
    var meaning: String?
    var translation: String?
    var songTitle: String
    var songId: String?
  }

  struct Interval: Codable, Sendable {
    var grade: String
    var due: Date
    var label: String
  }

  var id: String
  var kind: String
  var status: String
  var state: String
  var due: Date
  var lastReview: Date?
  var buriedUntil: Date?
  var reviews: Int
  var front: Front
  var back: Back
  var intervals: [Interval]

  init(
    _ card: OnpuStudyCard, note: StudyNote, at now: Date, meaning: String?
  ) {
    id = card.id
    kind = card.kind.rawValue
    status = card.status.rawValue
    state = card.memory.state.name
    due = card.memory.due
    lastReview = card.memory.lastReview
    buriedUntil = card.buriedUntil
    reviews = card.reviews
    let studied = note.studiedWord
    front = Front(
      line: note.line.words.map(\.surface).joined(),
      words: note.line.words.enumerated().map {
        Word(text: $1.surface, studied: $0 == note.wordIndex)
      },
      kanji: note.kanji)
    let kanjiReading = note.kanji.flatMap { kanji in
      studied.kanjiReadings.first { $0.kanji == kanji }?.reading
    }
    back = Back(
      word: note.kanji ?? note.word, reading: kanjiReading ?? note.reading,
      surface: studied.surface, surfaceReading: studied.reading,
      pitch: studied.isPitchUnknown == true
        ? nil : studied.morae.map { $0.isHigh ? "1" : "0" }.joined(),
      meaning: meaning, translation: note.translation, songTitle: note.songTitle,
      songId: card.songID)
    let reviewFrom = max(now, card.memory.due)
    intervals = StudyPlan.previews(card.memory, at: reviewFrom).map { grade, due in
      Interval(
        grade: grade.name, due: due, label: StudyPlan.label(due.timeIntervalSince(reviewFrom)))
    }
  }
}

extension OnpuStudy {
  func note(_ card: OnpuStudyCard) throws -> StudyNote {
    try JSONDecoder().decode(StudyNote.self, from: Data(card.note.utf8))
  }

  /// The card's meaning: the word dictionary's gloss, or the kanji's KANJIDIC2 meanings.
  func meaning(_ card: OnpuStudyCard, _ note: StudyNote) async -> String? {
    if let kanji = note.kanji {
      guard case .success(let analyzer) = library.analyzer,
        let entry = analyzer.dictionary[kanji], !entry.meanings.isEmpty
      else { return nil }
      return entry.meanings.prefix(4).joined(separator: "; ")
    }
    guard let glossary = await glossary() else { return nil }
    return glossary.gloss(word: note.word, reading: note.reading)
      ?? glossary.meaning(of: note.studiedWord)
  }

  func view(_ card: OnpuStudyCard) async throws -> OnpuStudyCardView {
    let note = try note(card)
    return OnpuStudyCardView(card, note: note, at: env.now(), meaning: await meaning(card, note))
  }
}
