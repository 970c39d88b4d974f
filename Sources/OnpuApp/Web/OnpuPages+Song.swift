import Foundation
import HearthPlatform
import OnpuCore

extension OnpuPages {
  public struct SongView: Sendable {
    public var song: SongRow
    public var lines: [LyricsLine]
    public var translations: [String?]
    /// complete, partial, failed or off.
    public var translationState: String

    public init(
      song: SongRow, lines: [LyricsLine], translations: [String?], translationState: String
    ) {
      self.song = song
      self.lines = lines
      self.translations = translations
      self.translationState = translationState
    }
  }

  static func choice(
    _ legend: String, name: String, options: [(String, String)], selected: String
  ) -> Node {
    .fieldset(
      [.class("onpu-choice")], .legend(.text(legend)),
      .fragment(
        options.map { value, label in
          .label(
            .input(
              .type("radio"), .name(name), .value(value),
              .flag("checked", value == selected)),
            .text(" \(label)"))
        }))
  }

  public static func song(
    _ context: PageContext, _ view: SongView, knownKanji: (Character) -> Bool
  ) -> String {
    let on = view.translationState != "off"
    let notice: Node =
      switch view.translationState {
      case "off":
        .p(
          [.class("flash info onpu-translation-note")],
          "Translations are off on this server: readings, pitch and kanji work offline, and a translator (GEMINI_API_KEY or HEARTH_LLM_*) adds English to new songs."
        )
      case "failed":
        .p(
          [.class("flash error onpu-translation-note")],
          "The translator did not answer for this song, so it has no English lines.")
      case "partial":
        .p(
          [.class("flash info onpu-translation-note")],
          "Some lines have no translation: the translator left them out.")
      default: .empty
      }
    return page(
      context, title: view.song.title.isEmpty ? "Song" : view.song.title,
      .div(
        [.class("onpu-title-row")],
        .div(
          .h1(.text(view.song.title.isEmpty ? "Untitled" : view.song.title)),
          view.song.artist.isEmpty ? .empty : .p([.class("hint")], .text(view.song.artist))),
        favoriteButton(view.song.id, view.song.favorite)),
      notice,
      .div(
        [.class("onpu-toolbar"), .ariaLabel("How to show the lyrics")],
        choice(
          "Reading", name: "onpu-reading",
          options: [("none", "None"), ("furigana", "Furigana"), ("pitch", "Pitch")],
          selected: "none"),
        choice(
          "View", name: "onpu-view", options: [("block", "Block"), ("parallel", "Parallel")],
          selected: "block")),
      .p(
        [.class("hint onpu-help")],
        "Tap a line to see its translation; tap it again to hide them. Tap or long-press a kanji for its meanings."
      ),
      .div(
        [
          .class("onpu-song-view"), .data("song", view.song.id), .data("reading", "none"),
          .data("view", "block"),
        ],
        .div(
          [.class("onpu-pane onpu-pane-jp")],
          OnpuLyricsView.lines(
            view.lines, translations: view.translations, translationsOn: on,
            knownKanji: knownKanji)),
        .div(
          [.class("onpu-pane onpu-pane-en"), .lang("en")],
          OnpuLyricsView.translationPane(
            view.translations, count: view.lines.count, translationsOn: on))),
      lineSteps)
  }

  /// Previous and next line, enabled by onpu.js once a line is selected.
  static let lineSteps: Node = .div(
    [.class("onpu-bottom-bar")],
    .button(
      [
        .class("button secondary"), .type("button"), .data("onpu-step", "-1"), .disabled,
        .ariaLabel("Previous line"),
      ], "↑ Previous"),
    .button(
      [
        .class("button secondary"), .type("button"), .data("onpu-step", "1"), .disabled,
        .ariaLabel("Next line"),
      ], "Next ↓"))

  // MARK: Dictionary

  public static func dictionary(
    _ context: PageContext, query: String, results: [KanjiEntry]?,
    levels: [(level: Int, kanji: [KanjiEntry])], total: Int
  ) -> String {
    let tiles: ([KanjiEntry]) -> Node = { entries in
      .ul(
        [.class("onpu-tiles")],
        .fragment(
          entries.map { entry in
            .li(
              .button(
                [
                  .class("onpu-tile k"), .type("button"), .data("kanji", entry.literal),
                  .ariaLabel("\(entry.literal): \(entry.meanings.first ?? "")"),
                ],
                .span([.class("onpu-tile-kanji"), .lang("ja")], .text(entry.literal)),
                .span([.class("onpu-tile-gloss")], .text(entry.meanings.first ?? ""))))
          }))
    }
    let body: Node
    if let results {
      body =
        results.isEmpty
        ? .p([.class("card onpu-empty")], .text("No kanji matches “\(query)”."))
        : .section(
          [.ariaLabel("Results")], .p([.class("hint")], .text("\(results.count) kanji")),
          tiles(results))
    } else {
      body = .fragment(
        levels.map { level, kanji in
          .details(
            [.class("card onpu-level"), .flag("open", level == 4)],
            .summary(
              .text("JLPT level \(level) (old scale) · \(kanji.count) kanji")),
            tiles(kanji))
        } + [
          .p(
            [.class("hint")],
            .text(
              "KANJIDIC2 lists \(total) kanji; search finds any of them. Levels are the old four-level JLPT (4 easiest, roughly N5; 1 hardest, roughly N1) that KANJIDIC2 records."
            ))
        ])
    }
    return page(
      context, title: "Kanji dictionary",
      .h1("Kanji dictionary"),
      .form(
        [.method("get"), .action("/onpu/dictionary"), .class("onpu-search"), .role("search")],
        .label([.class("visually-hidden"), .attr("for", "onpu-kanji-q")], "Search kanji"),
        .input(
          .type("search"), .id("onpu-kanji-q"), .name("q"), .value(query),
          .placeholder("Kanji, reading or meaning")),
        .button([.class("button secondary"), .type("submit")], "Search")),
      body)
  }
}
