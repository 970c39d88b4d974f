import Foundation
import HearthCore
import HearthPlatform
import OnpuCore

/// Where the learner stands with each song's words, and the words they pick to learn.
extension OnpuStudy {
  /// The state of each word the learner has a card for, by card key ("見上げる|みあげる").
  func wordStates(for user: User) async throws -> [String: WordStudyState] {
    var states: [String: WordStudyState] = [:]
    for card in try await store.studyCards(ownerID: user.id) where card.kind == .word {
      states[card.key] = .of(
        state: card.memory.state, stability: card.memory.stability,
        markedKnown: card.status == .known)
    }
    return states
  }

  func wordList(_ lines: [LyricsLine], states: [String: WordStudyState]) -> SongWordList {
    let dictionary = try? library.analyzer.get().dictionary
    return SongWordList(
      lines: lines, states: states, frequency: OnpuWordFrequency.zipf(_:),
      level: { dictionary?[String($0)]?.jlptOld })
  }

  /// The share of the words known in each of the learner's songs, by song id (none for a song
  /// with no word to study).
  func percentsKnown(for user: User) async throws -> [String: Int] {
    let states = try await wordStates(for: user)
    var percents: [String: Int] = [:]
    for summary in try await library.songs(for: user) {
      guard let song = try await env.database.onpuStore.onpuSong(id: summary.id),
        let analysis = song.analysis,
        let lines = try? OnpuSongCoding.lines(analysis)
      else { continue }
      let words = SongWordList(
        lines: lines, states: states, frequency: { _ in nil }, level: { _ in nil })
      percents[song.id] = words.percentKnown
    }
    return percents
  }

  /// Adds the song's words the learner chose (by card key) as word cards; keys the song does
  /// not have are a 400 naming the key.
  func addWords(_ keys: [String], songID: String, for user: User) async throws
    -> (added: Int, cards: Int)
  {
    let (song, lines, translations) = try await songLines(songID, for: user)
    var drafts: [StudyCardDraft] = []
    for key in Set(keys) {
      guard
        let place = lines.enumerated().lazy.compactMap({ index, line in
          line.words.firstIndex { StudyWords.isStudied($0) && StudyWords.key($0) == key }
            .map { (index, $0) }
        }).first,
        let draft = StudyWords.draft(
          songTitle: song.title, lines: lines, translations: translations, line: place.0,
          word: place.1)
      else {
        throw APIErrorResponse(.invalid("words", "The song has no word “\(key)” to study."))
      }
      drafts.append(draft)
    }
    let added = try await store.addStudyCards(
      try drafts.sorted {
        ($0.note.lineIndex, $0.note.wordIndex) < ($1.note.lineIndex, $1.note.wordIndex)
      }
      .map { try newCard($0, song: song, for: user) })
    return (added.count, drafts.count)
  }
}
