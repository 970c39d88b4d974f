import Foundation
import OnpuAnalysis
import OnpuCore
import Testing

/// Against Debian's EDICT itself (/usr/share/edict/edict, EUC-JP), as the server reads it.
@Suite struct WordDictionaryTests {
  /// The process's one copy, which the analyzer reads compounds with too.
  static func dictionary() throws -> WordDictionary {
    try WordDictionaryLoader.shared(configured: nil).wait().get()
  }

  @Test func theWholeFileDecodesAndParses() throws {
    let dictionary = try Self.dictionary()
    #expect(dictionary.entries.count > 250_000)
    // EUC-JP decoded: no replacement characters in the headwords.
    #expect(!dictionary.entries.prefix(5000).contains { $0.word.contains("\u{FFFD}") })
  }

  @Test func theCardOfStar() throws {
    let entries = try Self.dictionary().entries(word: "星", reading: "ほし")
    let star = try #require(entries.first)
    #expect(star.reading == "ほし" && star.isCommon)
    #expect(star.senses.first?.glosses.first == "star (usu. not including the Sun)")
    #expect(star.senses.first?.partsOfSpeech == ["n"])
    // せい, the Chinese constellation, is there too, after the reading asked for.
    #expect(entries.dropFirst().contains { $0.reading == "せい" })
  }

  @Test func theCardOfNightSky() throws {
    let sky = try #require(try Self.dictionary().entries(word: "夜空").first)
    #expect(sky.reading == "よぞら" && sky.isCommon && sky.shortGloss == "night sky")
  }

  @Test func romajiInHepburnAndKunrei() throws {
    let dictionary = try Self.dictionary()
    for (query, word) in [("hoshi", "星"), ("hosi", "星"), ("tsuki", "月"), ("tuki", "月")] {
      #expect(dictionary.search(query).first?.word == word, "\(query)")
    }
    let today = dictionary.search("kyou")
    let exact = today.prefix { Mora.hiragana($0.reading) == "きょう" }
    #expect(exact.contains { $0.word == "今日" })
    #expect(exact.count >= 5)
    #expect(dictionary.search("syasin").first?.word == "写真")
    #expect(dictionary.search("shashin").first?.word == "写真")
  }

  @Test func englishWholeWordsBeforePrefixes() throws {
    let results = try Self.dictionary().search("star")
    #expect(results.first?.word == "星")
    let star = try #require(results.firstIndex { $0.word == "星" })
    let starve = results.firstIndex { entry in
      entry.senses.contains { $0.glosses.contains { $0.contains("starve") } }
    }
    let stare = results.firstIndex { entry in
      entry.senses.contains { $0.glosses.contains { $0.hasPrefix("to stare") } }
    }
    #expect(starve.map { star < $0 } ?? true)
    #expect(stare.map { star < $0 } ?? true)
    #expect(try Self.dictionary().search("starve", limit: 5).count == 5)
  }

  @Test func katakanaAndHiraganaFindTheSameWords() throws {
    let dictionary = try Self.dictionary()
    #expect(dictionary.search("スター").first?.reading == "スター")
    #expect(dictionary.search("ホシ").first?.word == "星")
    #expect(dictionary.search("ほし").map(\.word) == dictionary.search("ホシ").map(\.word))
  }

  @Test func kanjiFindExactHeadwordsThenLongerOnes() throws {
    let results = try Self.dictionary().search("夜空", limit: 20)
    #expect(results.first?.word == "夜空")
    #expect(results.dropFirst().allSatisfy { $0.word.hasPrefix("夜空") })
    #expect(try Self.dictionary().search("   ").isEmpty)
  }

  @Test func aFirstKanaFindsItsOwnReadingThenCommonShortWordsStartingWithIt() throws {
    let results = try Self.dictionary().search("か")
    #expect(results.count == 50)
    let exact = results.prefix { Mora.hiragana($0.reading) == "か" }
    #expect(exact.count >= 5)
    let longer = results.dropFirst(exact.count)
    #expect(longer.allSatisfy { $0.reading.hasPrefix("か") || $0.word.hasPrefix("か") })
    let order = longer.map { ($0.isCommon ? 0 : 1, $0.word.unicodeScalars.count) }
    #expect(zip(order, order.dropFirst()).allSatisfy { $0 <= $1 })
  }

  @Test func aCommonEnglishWordGivesWholeWordMatchesCommonOnesFirst() throws {
    let results = try Self.dictionary().search("the")
    #expect(results.count == 50)
    for entry in results {
      let words = entry.senses.flatMap(\.glosses).flatMap {
        $0.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "'" })
      }
      #expect(words.contains("the"), "\(entry.word)")
    }
    // Glosses that are "the" and nothing else come first, then the glosses holding the word;
    // common words first within each.
    let whole = results.prefix { entry in
      entry.senses.contains { sense in
        sense.glosses.contains {
          $0.lowercased().replacing(/\([^)]*\)/, with: "").split(separator: " ") == ["the"]
        }
      }
    }
    #expect(whole.count >= 2)
    for part in [whole.map(\.isCommon), results.dropFirst(whole.count).map(\.isCommon)] {
      #expect(part.first == true && part == part.sorted { $0 && !$1 })
    }
  }

  @Test func everyWordOfAnEnglishQueryMustMatch() throws {
    let results = try Self.dictionary().search("night sky", limit: 20)
    #expect(results.first?.word == "夜空")
    for entry in results {
      let glosses = entry.senses.flatMap(\.glosses).joined(separator: " ").lowercased()
      #expect(glosses.contains("night") && glosses.contains("sky"), "\(entry.word)")
    }
  }

  @Test func aSmallerLimitIsTheStartOfTheSameRanking() throws {
    let dictionary = try Self.dictionary()
    for query in ["か", "ka", "hoshi", "the", "s", "star", "夜", "スター", "to call", "light"] {
      let all = dictionary.search(query, limit: 60).map(\.word)
      #expect(dictionary.search(query, limit: 7).map(\.word) == Array(all.prefix(7)), "\(query)")
    }
  }

  @Test func aDecomposedQueryFindsTheComposedWords() throws {
    let dictionary = try Self.dictionary()
    let decomposed = "学ふ\u{3099}"
    #expect(decomposed.unicodeScalars.count == 3)
    #expect(dictionary.search(decomposed).map(\.word) == dictionary.search("学ぶ").map(\.word))
    #expect(dictionary.search(decomposed).first?.word == "学ぶ")
    #expect(dictionary.entries(word: decomposed).first?.reading == "まなぶ")
  }

  @Test func studyCardsGetShortMeanings() throws {
    let glossary: any WordGlossary = try Self.dictionary()
    #expect(
      glossary.gloss(word: "呼ぶ", reading: "よぶ")?.hasPrefix("to call out (to); to call") == true)
    #expect(glossary.gloss(word: "夜空", reading: "よぞら") == "night sky")
    #expect(glossary.gloss(word: "存在しない語", reading: "そんざいしないご") == nil)
  }

  @Test func theLoaderLoadsOnceAndSaysWhatIsMissing() async throws {
    let missing = WordDictionaryLoader(path: "/nonexistent/edict")
    guard case .failure(let failure) = await missing.dictionary() else {
      Issue.record("a missing file loaded")
      return
    }
    #expect(failure.description.contains("ONPU_EDICT_PATH"))
    #expect(missing.loaded == nil)
  }
}

@Suite struct WordDictionaryRomajiTests {
  /// Romaji writes ぢ and づ as ji and zu, as じ and ず: found by jaconv's romaji of real words.
  @Test func zuFindsReadingsWithDu() throws {
    let dictionary = try WordDictionaryTests.dictionary()
    #expect(dictionary.search("kanazukai").contains { $0.word == "仮名遣い" })
    #expect(dictionary.search("sotozuke").contains { $0.reading == "そとづけ" })
    #expect(dictionary.search("かなづかい").first?.reading == "かなづかい")
  }
}
