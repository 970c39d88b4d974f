import Foundation
import HearthHTML
import HearthPlatform
import OnpuCore

extension OnpuPages {
  /// The tour's song: Matsuo Bashō's frog haiku (1686), long in the public domain, with an
  /// English version written for Onpu.
  public static let tourLyrics = ["古池や", "蛙飛び込む", "水の音"]
  public static let tourTranslations: [String?] = [
    "An old pond", "a frog leaps in", "the sound of the water",
  ]

  public static func tour(
    _ context: PageContext, lines: [LyricsLine], knownKanji: (Character) -> Bool
  ) -> String {
    let skip: Node = .a(
      [.class("button link"), .href("/onpu"), .data("tour", "skip")], "Skip the tour")
    func intro(_ number: Int, _ title: String, _ text: String) -> Node {
      .section(
        [.class("card onpu-tour-step"), .data("tour-step", "\(number)")],
        .p([.class("hint")], .text("Step \(number) of 4")), .h2(.text(title)), .p(.text(text)),
        .div(
          [.class("actions")],
          .button([.class("button primary"), .type("button"), .data("tour", "next")], "Next"),
          skip))
    }
    let finish: Node =
      context.userName == nil
      ? .a([.class("button primary"), .href("/signup?next=/onpu")], "Create an account")
      : Forms.post(
        action: "/onpu/add", csrf: context.csrfToken, attributes: [.class("inline")],
        Forms.hidden("title", "古池 (Bashō)"), Forms.hidden("artist", "Matsuo Bashō"),
        Forms.hidden("lyrics", tourLyrics.joined(separator: "\n")),
        .button([.class("button primary"), .type("submit")], "Add this haiku to my library"))
    return page(
      context, title: "Tour",
      .h1("Onpu in four steps"),
      intro(
        1, "Songs become study texts",
        "Paste the lyrics of a song. Onpu reads each line on this server and gives every word its reading, its pitch and the kanji it is written with."
      ),
      intro(
        2, "Tap a line for its meaning",
        "Tapping a line shows the translations; the arrows move from line to line. Tap the line again to hide them."
      ),
      intro(
        3, "Tap or long-press a kanji",
        "Every kanji opens its card: meanings, on and kun readings, strokes, school grade and JLPT level."
      ),
      .section(
        [.class("card onpu-tour-step onpu-tour-try"), .data("tour-step", "4")],
        .p([.class("hint")], "Step 4 of 4"), .h2("Try it on a haiku"),
        .p(
          [
            .class("flash flash-info onpu-tour-banner"), .role("status"),
            .attr("aria-live", "polite"),
          ],
          "Tap the first line to see its translation."),
        .div(
          [
            .class("onpu-song-view"), .data("reading", "furigana"), .data("view", "block"),
            .data("tour-song", ""),
          ],
          OnpuLyricsView.lines(lines, translations: tourTranslations, knownKanji: knownKanji)),
        lineSteps,
        .div(
          [.class("actions onpu-tour-done"), .hidden],
          finish,
          .a(
            [.class("button secondary"), .href("/onpu"), .data("tour", "done")], "Go to the library"
          )),
        skip))
  }
}
