import Foundation
import Testing

@testable import OnpuCore

/// A song's words to study: each once, the most common first, with where the learner stands
/// and how much of the song they know; and a meaning for every word, conjugated or not.
@Suite struct SongWordListTests {
  static let lines = StudyWordsTests.lines
  static let frequency = ["名前": 52, "呼ぶ": 47, "一度": 49, "もう": 60]

  @Test func eachWordOnceMostCommonFirstWithItsCountAndLevel() {
    // Given 名前 呼ん(呼ぶ) そして もう 一度 呼ぶ and frequencies for four of them
    let list = SongWordList(
      lines: Self.lines, states: [:], frequency: { Self.frequency[$0] },
      level: { ["名": 4, "前": 4, "呼": 3, "一": 4, "度": 2][$0] })
    // Then 呼ぶ is one word sung twice, and the rarest (そして, not in the table) comes last
    #expect(list.words.map(\.word) == ["もう", "名前", "一度", "呼ぶ", "そして"])
    #expect(list.words.first { $0.word == "呼ぶ" }?.count == 2)
    #expect(list.words.first { $0.word == "呼ぶ" }?.line == 0)
    // And the level is the hardest kanji's; kana words have none
    #expect(list.words.map(\.level) == [nil, 4, 2, 3, nil])
  }

  @Test func statesComeFromCardsAndThePercentCountsKnownWords() {
    // Given a card known for 名前 and one being learned for 呼ぶ
    let list = SongWordList(
      lines: Self.lines, states: ["名前|なまえ": .known, "呼ぶ|よぶ": .learning],
      frequency: { Self.frequency[$0] }, level: { _ in nil })
    // Then the others are new, 1 of 5 words is known (20 %), and 3 are left to learn
    #expect(list.count(.new) == 3)
    #expect(list.percentKnown == 20)
    #expect(list.toLearn.map(\.word) == ["もう", "一度", "そして"])
    #expect(
      SongWordList(lines: [], states: [:], frequency: { _ in nil }, level: { _ in nil })
        .percentKnown == nil)
  }

  @Test func aCardIsKnownInReviewWithThreeWeeksStabilityOrWhenMarked() {
    #expect(WordStudyState.of(state: .review, stability: 21, markedKnown: false) == .known)
    #expect(WordStudyState.of(state: .review, stability: 20.9, markedKnown: false) == .learning)
    #expect(WordStudyState.of(state: .learning, stability: 40, markedKnown: false) == .learning)
    #expect(WordStudyState.of(state: .learning, stability: nil, markedKnown: true) == .known)
  }

  struct Glossary: WordGlossary {
    var meanings: [String: String]
    func gloss(word: String, reading: String) -> String? { meanings["\(word)|\(reading)"] }
  }

  @Test func aPotentialFormTakesThePlainVerbsMeaning() {
    // Given 会える, which the dictionary lacks, and 会う, which it has
    let glossary = Glossary(meanings: ["会う|あう": "to meet"])
    let word = StudyWordsTests.word("会える", "あえる", lemma: "会える", lemmaReading: "あえる")
    // Then its meaning is 会う's
    #expect(glossary.meaning(of: word) == "to meet")
    #expect(glossary.meaning(of: StudyWordsTests.word("呼べる", "よべる")) == nil)
    #expect(
      Glossary(meanings: ["呼ぶ|よぶ": "to call"]).meaning(of: StudyWordsTests.word("呼べる", "よべる"))
        == "to call")
  }
}
