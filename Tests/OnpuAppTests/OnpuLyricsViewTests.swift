import HearthPlatform
import OnpuApp
import OnpuCore
import Testing

/// A reading the lyrics give shows as such, and a pitch nobody knows is not drawn as low.
@Suite struct OnpuLyricsViewTests {
  @Test func aGivenReadingWithUnknownPitchIsMarkedAndDrawnDotted() {
    var fate = LyricsWord(
      surface: "運命", reading: "さだめ",
      morae: ["さ", "だ", "め"].map { .init(text: $0, isHigh: false) })
    fate.readingSource = .lyrics
    fate.isPitchUnknown = true
    let html = OnpuLyricsView.lines(
      [LyricsLine(words: [fate])], translations: [nil], knownKanji: { _ in false }
    ).render()
    #expect(html.contains("class=\"w w-kanji w-given\""))
    #expect(html.contains("data-reading-source=\"lyrics\"") && html.contains("data-pitch=\"\""))
    #expect(html.contains("<span class=\"m u\">さ</span>") && !html.contains("m l"))
    #expect(html.contains("title=\"さだめ · さだめ, pitch unknown · reading from the lyrics\""))
  }
}
