import Foundation
import HearthHTML
import HearthPlatform
import OnpuCore

/// /onpu: the landing page, the library with its processing list, adding a song, the lyrics
/// view, the kanji dictionary and the tour. onpu.mjs makes them live (long-poll, modes, the kanji
/// panel); without it the pages still show everything and the forms still post.
public enum OnpuPages {

  static func page(_ context: PageContext, title: String, _ body: Node...) -> String {
    Layout.page(
      context, title: title,
      body: [.div([.class("onpu-app")], nav(context), .fragment(body), kanjiPanel)],
      scripts: [OnpuAssets.script.url], stylesheets: [OnpuAssets.stylesheet.url])
  }

  static func nav(_ context: PageContext) -> Node {
    guard context.userName != nil else { return .empty }
    let links: [(String, String)] = [
      ("/onpu", "Library"), ("/onpu/add", "Add a song"), ("/onpu/dictionary", "Dictionary"),
      ("/onpu/welcome", "Tour"), ("/onpu/study", "Study"),
    ]
    return Tabs(
      label: "Onpu", links.map { Tabs.Tab($1, href: $0, current: context.path == $0) }
    ).node
  }

  /// Filled by onpu.mjs from /api/onpu/kanji/:literal.
  static let kanjiPanel: Node = .el(
    "dialog", [.id("onpu-kanji"), .class("onpu-kanji-panel"), .ariaLabel("Kanji")],
    [
      .div(
        [.class("onpu-kanji-body")], .p([.class("hint")], "Loading…")),
      .form(
        [.method("dialog")], .button([.class("button secondary"), .type("submit")], "Close")),
    ])

  // MARK: Landing

  public static func landing(_ context: PageContext) -> String {
    let steps: [(String, String)] = [
      ("Pick a song", "Any song you like, with its Japanese lyrics."),
      ("Paste the lyrics", "Onpu reads every line on this server: no cloud needed."),
      ("Tap what confuses you", "Readings over the kanji, the pitch of every word, a translation."),
      ("Sing along", "Play the song in your own player and follow the lines."),
    ]
    let features: [(String, String)] = [
      ("Furigana that fits", "Readings sit over each kanji, split by the dictionary when it can."),
      ("Pitch you can see", "A red line over the morae: where the voice rises and where it falls."),
      ("13,000 kanji", "Every kanji of KANJIDIC2 with meanings, readings and strokes."),
      ("Yours, offline", "The analysis runs on your server; translation only if you set one up."),
    ]
    let questions: [(String, String)] = [
      ("Does Onpu play the music?", "No. Use your own player; Onpu shows the words."),
      (
        "Where does the pitch come from?",
        "From UniDic's accent data and its rules for compounds and particles: standard Tokyo pitch, not the melody of the song."
      ),
      (
        "Do I need an internet connection?",
        "Readings, pitch and the kanji dictionary work offline. Translations need a model: Gemini or one you run."
      ),
      ("What does it cost?", "Nothing: Onpu is part of Hearth, which you run yourself."),
    ]
    return page(
      context, title: "Onpu",
      .section(
        [.class("onpu-hero card")],
        .h1("Learn Japanese from the songs you love"),
        .p([.class("onpu-hero-lines"), .lang("ja")], "古池や　蛙飛び込む　水の音"),
        .p(
          "Paste lyrics; get every line with furigana, pitch accent and a translation, and a kanji dictionary one tap away."
        ),
        .div(
          [.class("actions")],
          context.userName == nil
            ? .fragment([
              .a([.class("button primary"), .href("/signup?next=/onpu")], "Create an account"),
              .a([.class("button secondary"), .href("/login?next=/onpu")], "Log in"),
            ])
            : .a([.class("button primary"), .href("/onpu")], "Open your library"),
          .a([.class("button secondary"), .href("/onpu/welcome")], "Take the tour"))),
      .section(
        [.ariaLabel("How it works")], .h2("How it works"),
        .el(
          "ol", [.class("onpu-steps")],
          steps.enumerated().map { index, step in
            .li(
              [.class("card onpu-step")],
              .span(
                [.class("onpu-step-number"), .attr("aria-hidden", "true")], .text("\(index + 1)")),
              .div(.strong(.text(step.0)), .p(.text(step.1))))
          })),
      .section(
        [.class("cards onpu-features"), .ariaLabel("Features")],
        .fragment(
          features.map { title, text in .div([.class("card")], .h3(.text(title)), .p(.text(text)))
          })),
      .section(
        [.ariaLabel("Questions")], .h2("Questions"),
        .fragment(
          questions.map { question, answer in
            .details([.class("card")], .summary(.text(question)), .p(.text(answer)))
          })))
  }
}
