import HearthPlatform
import OnpuApp
import OnpuCore
import Testing

/// The pages' download links to the Anki exports: a song's on its page, all songs' on the
/// library once there is a song.
@Suite struct AnkiExportLinkTests {
  static let song = OnpuPages.SongRow(id: "s1", title: "故郷", artist: "", favorite: false)

  @Test func theSongPageLinksToItsDeck() {
    let page = OnpuPages.song(
      PageContext(userName: "Ann", path: "/onpu/songs/s1"),
      OnpuPages.SongView(
        song: Self.song, lines: [LyricsLine(words: [LyricsWord(surface: "山", reading: "やま")])],
        translations: [nil], translationState: "off"),
      knownKanji: { _ in true })
    #expect(page.contains(#"href="/api/onpu/songs/s1/anki" download>Export to Anki</a>"#))
  }

  @Test func theLibraryLinksToAllSongsOnlyOnceThereIsOne() {
    func library(_ songs: [OnpuPages.SongRow]) -> String {
      OnpuPages.library(
        PageContext(userName: "Ann", path: "/onpu"),
        OnpuPages.Library(
          songs: songs, jobs: [], query: "", favoritesOnly: false, since: 0,
          hasAnySong: !songs.isEmpty))
    }
    #expect(library([Self.song]).contains(#"href="/api/onpu/anki" download>"#))
    #expect(!library([]).contains("/api/onpu/anki"))
  }
}
