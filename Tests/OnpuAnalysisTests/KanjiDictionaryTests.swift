import OnpuAnalysis
import OnpuCore
import Testing

@Suite struct KanjiDictionaryTests {
  @Test func everyKanjiOfKanjidic2IsThere() throws {
    let dictionary = try SharedAnalyzer.get().dictionary
    #expect(dictionary.entries.count > 13_000)
    let sun = try #require(dictionary["日"])
    #expect(sun.meanings.contains("day") && sun.onReadings == ["ニチ", "ジツ"])
    #expect(sun.kunReadings.contains("ひ") && sun.strokes == 4 && sun.grade == 1)
    #expect(sun.frequency == 1 && sun.jlptOld == 4)
    // The reference's 306-kanji file lacked 枯, the kanji its own onboarding pointed at.
    #expect(dictionary["枯"]?.meanings.contains("wither") == true)
  }

  @Test func searchFindsKanjiReadingsAndMeanings() throws {
    let dictionary = try SharedAnalyzer.get().dictionary
    #expect(dictionary.search("夢と花").map(\.literal) == ["夢", "花"])
    #expect(dictionary.search("みず").first?.literal == "水")
    #expect(dictionary.search("ミズ").first?.literal == "水")
    #expect(dictionary.search("Water").first?.literal == "水")
    #expect(dictionary.search("  ").isEmpty)
    #expect(dictionary.search("dream", limit: 2).count <= 2)
  }
}
