import Foundation
import HearthPlatform
import OnpuCore

extension OnpuPages {
  public struct SongView: Sendable {
    public var song: SongRow
    public var lines: [LyricsLine]
    public var translations: [String?]
    /// complete, partial, failed or off, as it was when the song was added.
    public var translationState: String
    /// Whether the server translates songs added now.
    public var canTranslate: Bool

    public init(
      song: SongRow, lines: [LyricsLine], translations: [String?], translationState: String,
      canTranslate: Bool = false
    ) {
      self.song = song
      self.lines = lines
      self.translations = translations
      self.translationState = translationState
      self.canTranslate = canTranslate
    }
  }

  /// One sentence about the song's translations, said once under its lines; how to set a
  /// translator up only to administrators, who can.
  static func translationNotice(_ state: String, canTranslate: Bool, isAdmin: Bool) -> Node {
    switch state {
    case "off" where canTranslate:
      .p(
        [.class("flash flash-info onpu-translation-note")],
        "This song was added before translations were set up on this server. Add it again to get its English lines."
      )
    case "off":
      .div(
        [.class("flash flash-info onpu-translation-note")],
        .p(
          "Translations are not available on this server. Readings, pitch and kanji work without them."
        ),
        isAdmin
          ? .p(
            [.class("onpu-admin-note")],
            "For administrators: set GEMINI_API_KEY (or HEARTH_LLM_BASE_URL for a model of your own; ONPU_TRANSLATOR picks one) and restart Hearth to translate songs added afterwards."
          ) : .empty)
    case "failed":
      .p(
        [.class("flash flash-error onpu-translation-note")],
        "The translator did not answer for this song, so it has no English lines. Add it again later to try once more."
      )
    case "partial":
      .p(
        [.class("flash flash-info onpu-translation-note")],
        "Some lines have no translation: the translator left them out.")
    default: .empty
    }
  }

  public static func song(
    _ context: PageContext, _ view: SongView, knownKanji: (Character) -> Bool
  ) -> String {
    let translated = view.translations.contains { $0 != nil }
    return page(
      context, title: view.song.title.isEmpty ? "Song" : view.song.title,
      .div(
        [.class("onpu-title-row")],
        .div(
          .h1(.text(view.song.title.isEmpty ? "Untitled" : view.song.title)),
          view.song.artist.isEmpty ? .empty : .p([.class("hint")], .text(view.song.artist))),
        favoriteButton(view.song.id, view.song.favorite)),
      .div(
        [.class("onpu-toolbar"), .ariaLabel("How to show the lyrics")],
        SegmentedControl(
          name: "onpu-reading", legend: "Reading",
          choices: [("none", "None"), ("furigana", "Furigana"), ("pitch", "Pitch")],
          selected: "none"
        ).node,
        translated
          ? SegmentedControl(
            name: "onpu-view", legend: "View",
            choices: [("block", "Block"), ("parallel", "Parallel")], selected: "block"
          ).node : .empty),
      .div(
        [
          .class("onpu-song-view"), .data("song", view.song.id), .data("reading", "none"),
          .data("view", "block"),
        ],
        OnpuLyricsView.lines(
          view.lines, translations: view.translations, knownKanji: knownKanji)),
      translationNotice(
        view.translationState, canTranslate: view.canTranslate, isAdmin: context.isAdmin),
      .p(
        [.class("hint onpu-help")],
        translated
          ? "Tap a line to see its translation; tap it again to hide it. Tap or long-press a kanji for its meanings."
          : "Tap a line to keep your place; the arrows move along the lines. Tap or long-press a kanji for its meanings."
      ),
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

  /// 13108 as 13,108.
  static func grouped(_ number: Int) -> String {
    let digits = Array(String(number))
    return String(
      digits.enumerated().flatMap { index, digit in
        index > 0 && (digits.count - index) % 3 == 0 ? [",", digit] : [digit]
      })
  }

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
              .text("JLPT level \(level) (old scale) · \(grouped(kanji.count)) kanji")),
            tiles(kanji))
        } + [
          .p(
            [.class("hint")],
            .text(
              "KANJIDIC2 lists \(grouped(total)) kanji; search finds any of them. Levels are the old four-level JLPT (4 easiest, roughly N5; 1 hardest, roughly N1) that KANJIDIC2 records."
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
