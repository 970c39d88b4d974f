import OnpuAnalysis
import OnpuCore
import Testing

@Suite struct KanjiRomajiSearchTests {
  @Test func romajiSearchesReadingsThenMeanings() throws {
    let dictionary = try SharedAnalyzer.get().dictionary
    #expect(dictionary.search("mizu").first?.literal == "水")
    #expect(dictionary.search("hoshi").first?.literal == "星")
    #expect(dictionary.search("hosi").first?.literal == "星")
    // "sake" reads さけ (酒, 鮭) and is an English word too: readings first.
    let sake = dictionary.search("sake").map(\.literal)
    #expect(sake.first.map { ["酒", "鮭"].contains($0) } == true)
    // Not romaji at all: meanings only, as before.
    #expect(dictionary.search("Water").first?.literal == "水")
  }
}
