import OnpuAnalysis
import OnpuCore
import Testing

/// The radicals of the real KANJIDIC2.
@Suite struct KanjiRadicalTests {
  @Test func kanjiCarryTheirClassicalRadical() throws {
    let dictionary = try SharedAnalyzer.get().dictionary
    #expect(dictionary.entries.allSatisfy { KangxiRadical(number: $0.radical ?? 0) != nil })
    let sea = try #require(dictionary["海"]?.radical.flatMap(KangxiRadical.init(number:)))
    #expect(sea.number == 85 && sea.name == "water" && sea.variant == "氵")
    let word = try #require(dictionary["語"]?.radical.flatMap(KangxiRadical.init(number:)))
    #expect(word.number == 149 && word.name == "speech")
    let rest = try #require(dictionary["休"]?.radical.flatMap(KangxiRadical.init(number:)))
    #expect(rest.number == 9 && rest.name == "person")
  }

  @Test func eachRadicalsOwnKanjiIsFiledUnderIt() throws {
    let dictionary = try SharedAnalyzer.get().dictionary
    let listed = KangxiRadical.all.compactMap { radical in
      dictionary[radical.ideograph].map { (radical, $0) }
    }
    // KANJIDIC2 lacks only the traditional 戶 and 靑.
    #expect(listed.count == 212)
    for (radical, entry) in listed {
      #expect(entry.radical == radical.number, "\(radical.ideograph)")
    }
    // Japanese stroke counts differ from the Kangxi ones for a few: 牙 5, 瓜 6, 臣 7, 韋 10, 龜 18.
    let differing = listed.filter { $0.0.strokes != $0.1.strokes }.map(\.0.ideograph)
    #expect(differing == ["牙", "瓜", "臣", "韋", "龜"])
  }

  @Test func aRadicalSearchListsTheKanjiFiledUnderIt() throws {
    let dictionary = try SharedAnalyzer.get().dictionary
    let water = dictionary.search("radical:85", limit: 1_000)
    #expect(water.count > 500 && water.allSatisfy { $0.radical == 85 })
    #expect(water.contains { $0.literal == "海" } && water.contains { $0.literal == "水" })
    #expect(dictionary.search("radical:氵", limit: 1_000).map(\.literal) == water.map(\.literal))
    #expect(dictionary.search("radical:85", limit: 5).count == 5)
    // The more frequent kanji come first.
    let ranks = water.prefix(20).map { $0.frequency ?? .max }
    #expect(ranks == ranks.sorted())
    #expect(dictionary.search("radical:999").isEmpty && dictionary.search("radical:").isEmpty)
  }
}
