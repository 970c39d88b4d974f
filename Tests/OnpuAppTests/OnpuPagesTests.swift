import HearthPlatform
import OnpuApp
import Testing

/// Words for people on the library: a failed song says what to do; the server's own error is for
/// administrators, behind Details.
@Suite struct OnpuPagesTests {
  static let library = OnpuPages.Library(
    songs: [],
    jobs: [
      OnpuPages.JobRow(
        id: "j1", title: "故郷", status: "failed", stage: "lyrics_data",
        error: "MeCab could not load /opt/unidic: no such file")
    ], query: "", favoritesOnly: false, since: 0, hasAnySong: false)

  @Test func aFailedSongSaysWhatToDoInPlainWords() {
    let page = OnpuPages.library(PageContext(userName: "Ann", path: "/onpu"), Self.library)
    #expect(page.contains("Onpu could not finish this song. Try it again"))
    #expect(!page.contains("MeCab") && !page.contains("/opt/unidic"))
  }

  @Test func administratorsSeeTheServersErrorBehindDetails() {
    let page = OnpuPages.library(
      PageContext(userName: "Ada", path: "/onpu", isAdmin: true), Self.library)
    #expect(
      page.contains(
        "<details><summary>Details</summary><p class=\"onpu-job-error-detail\">MeCab could not load"
      ))
  }
}
