import Foundation
import HearthHTML
import HearthPlatform
import OnpuCore

extension OnpuPages {
  /// A song on the study page: how many of its cards the learner has, and how well known.
  struct StudySong: Sendable {
    var id: String
    var title: String
    var share: StudyProgress.SongShare?
  }

  /// /onpu/study: what is due, the coming days, the last 30 days of reviews, and the songs
  /// (best known first), each with a link to the words it has to learn.
  static func study(
    _ context: PageContext, progress: StudyProgress, songs: [StudySong]
  ) -> String {
    page(
      context, title: "Study",
      .h1("Study"),
      .section(
        [.class("card onpu-study-due"), .ariaLabel("Due now")],
        .p(
          [.class("onpu-study-big")],
          .text(progress.dueNow == 1 ? "1 card due now" : "\(progress.dueNow) cards due now")),
        .p(
          [.class("hint")],
          .text("\(progress.total) cards in all, from your songs' words and kanji.")),
        progress.dueNow > 0
          ? Forms.buttonLink("Review now", href: "/onpu/review")
          : .p("Nothing is due. Come back later, or add another song's words below.")),
      .section(
        [.ariaLabel("Coming days")], .h2("Coming days"),
        .ol(
          [.class("onpu-study-days")],
          .fragment(
            progress.upcoming.enumerated().map { index, day in
              .li(
                .span([.class("onpu-study-day")], .text(dayName(day.day, offset: index))),
                .strong(.text("\(day.count)")))
            }))),
      .section(
        [.ariaLabel("Reviews in the last 30 days")], .h2("Reviews, last 30 days"),
        reviewChart(progress.reviewsPerDay)),
      .section(
        [.ariaLabel("Your songs")], .h2("Your songs"),
        songs.isEmpty
          ? .p([.class("card onpu-empty")], "Add a song first: its words become cards here.")
          : .ul(
            [.class("onpu-study-songs")],
            .fragment(songs.map { studySong(context, $0) }))))
  }

  static func studySong(_ context: PageContext, _ song: StudySong) -> Node {
    let title = song.title.isEmpty ? "Untitled" : song.title
    let known: Node =
      song.share.map { share in
        .fragment([
          .el(
            "meter",
            [
              .attr("min", "0"), .attr("max", "\(share.cards)"), .value("\(share.known)"),
              .ariaLabel("\(title): \(share.known) of \(share.cards) cards known"),
            ]),
          .span([.class("hint")], .text("\(share.known) of \(share.cards) cards known")),
        ])
      } ?? .span([.class("hint")], "Not studied yet")
    return .li(
      [.class("card onpu-study-song")],
      .div(
        [.class("onpu-study-song-text")],
        .a([.href("/onpu/songs/\(song.id)"), .class("onpu-song-link")], .text(title)), known),
      .a(
        [
          .class("button secondary"), .href("/onpu/songs/\(song.id)#onpu-learn"),
          .ariaLabel("Choose the words of \(title) to learn"),
        ], "Choose words"))
  }

  /// 30 bars, one a day; SVG keeps the page's strict CSP (no inline styles).
  static func reviewChart(_ days: [StudyProgress.Day]) -> Node {
    let highest = max(days.map(\.count).max() ?? 0, 1)
    let total = days.reduce(0) { $0 + $1.count }
    let bars = days.enumerated().map { index, day -> Node in
      let height = day.count == 0 ? 1 : max(2, 60 * day.count / highest)
      return .el(
        "rect",
        [
          .attr("x", "\(index * 10)"), .attr("y", "\(60 - height)"), .attr("width", "8"),
          .attr("height", "\(height)"),
          .class(day.count == 0 ? "onpu-bar onpu-bar-empty" : "onpu-bar"),
        ], [.el("title", [], [.text("\(day.day): \(day.count)")])])
    }
    return .fragment([
      .el(
        "svg",
        [
          .class("onpu-study-chart"), .attr("viewBox", "0 0 300 60"), .role("img"),
          .ariaLabel("\(total) reviews in the last 30 days; at most \(highest) in a day"),
        ], bars),
      .p(
        [.class("hint")],
        .text(total == 1 ? "1 review in 30 days." : "\(total) reviews in 30 days.")),
    ])
  }

  static func dayName(_ key: String, offset: Int) -> String {
    switch offset {
    case 0: return "Later today"
    case 1: return "Tomorrow"
    default:
      let parser = DateFormatter()
      parser.locale = Locale(identifier: "en_US_POSIX")
      parser.timeZone = TimeZone(identifier: "UTC")
      parser.dateFormat = "yyyy-MM-dd"
      guard let date = parser.date(from: key) else { return key }
      parser.dateFormat = "EEEE, MMM d"
      return parser.string(from: date)
    }
  }
}
