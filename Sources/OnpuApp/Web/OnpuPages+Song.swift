import Foundation
import HearthHTML
import HearthPlatform
import OnpuCore

extension OnpuPages {
  public struct SongView: Sendable {
    public var song: SongRow
    public var lines: [LyricsLine]
    public var translations: [String?]
    /// complete, partial, failed or off; translating while it is done again.
    public var translationState: String
    /// Why the translator gave nothing, in words.
    public var translationError: String?
    /// Whether the server translates now.
    public var canTranslate: Bool
    /// The song's words and where the learner stands with each.
    public var words: SongWordList?

    public init(
      song: SongRow, lines: [LyricsLine], translations: [String?], translationState: String,
      translationError: String? = nil, canTranslate: Bool = false, words: SongWordList? = nil
    ) {
      self.words = words
      self.song = song
      self.lines = lines
      self.translations = translations
      self.translationState = translationState
      self.translationError = translationError
      self.canTranslate = canTranslate
    }
  }

  /// One sentence about the song's translations, said once under its lines, with a button to
  /// translate what is missing when the server can; how to set a translator up only to
  /// administrators, who can.
  static func translationNotice(_ view: SongView, isAdmin: Bool) -> Node {
    let reason: Node = view.translationError.map { .p(.text($0)) } ?? .empty
    let button: (String) -> Node = { label in
      view.canTranslate
        ? .button(
          [
            .class("button small secondary onpu-translate"), .type("button"),
            .data("onpu-translate", view.song.id),
          ], .text(label)) : .empty
    }
    switch view.translationState {
    case "off" where view.canTranslate:
      return .div(
        [.class("flash flash-info onpu-translation-note")],
        .p(
          "This song was added before translations were set up on this server. Translate it now to get its English lines."
        ),
        button("Translate"))
    case "off":
      return .div(
        [.class("flash flash-info onpu-translation-note")],
        .p(
          "Translations are not available on this server. Readings, pitch and kanji work without them."
        ),
        isAdmin
          ? .p(
            [.class("onpu-admin-note")],
            "For administrators: set GEMINI_API_KEY (or HEARTH_LLM_BASE_URL for a model of your own; ONPU_TRANSLATOR picks one) and restart Hearth to translate songs."
          ) : .empty)
    case "failed":
      return .div(
        [.class("flash flash-error onpu-translation-note")],
        .p("The translation failed, so this song has no English lines."), reason,
        view.canTranslate
          ? button("Retry translation")
          : .p("Translations are not available on this server now."))
    case "partial":
      return .div(
        [.class("flash flash-info onpu-translation-note")],
        .p("Some lines have no translation: the translator left them out."), reason,
        button("Translate the missing lines"))
    case "translating":
      return .p(
        [
          .class("flash flash-info onpu-translation-note"), .role("status"),
          .data("onpu-translating", view.song.id),
        ], "The song is being translated. Its English lines appear here when they are ready.")
    default: return .empty
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
      view.words.map(studyLegend) ?? .empty,
      .div(
        [
          .class("onpu-song-view"), .data("song", view.song.id), .data("reading", "none"),
          .data("view", "block"),
        ],
        OnpuLyricsView.lines(
          view.lines, translations: view.translations, knownKanji: knownKanji,
          states: view.words?.states ?? [:])),
      translationNotice(view, isAdmin: context.isAdmin),
      view.words.map { wordsToLearn(context, songID: view.song.id, $0) } ?? .empty,
      .div(
        [.class("onpu-song-actions")],
        ankiExport("/api/onpu/songs/\(view.song.id)/anki", label: "Export to Anki"),
        .p(
          [.class("onpu-readings-link")],
          .a([.href("/onpu/songs/\(view.song.id)/readings")], "Correct a reading"))),
      .p(
        [.class("hint onpu-help")],
        translated
          ? "Tap a line to see its translation; tap it again to hide it. Tap a kanji for its meanings; long-press a word, or pick it under the line, for its dictionary card."
          : "Tap a line to keep your place; the arrows move along the lines. Tap a kanji for its meanings; long-press a word, or pick it under the line, for its dictionary card."
      ),
      lineSteps, wordPanel)
  }

  /// Previous and next line, enabled by onpu.mjs once a line is selected.
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
    levels: [(level: Int, kanji: [KanjiEntry])], total: Int, words: [WordEntry]? = nil,
    wordsLoading: Bool = false
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
      let words = words ?? []
      let loading: Node =
        wordsLoading
        ? .p(
          [.class("card onpu-words-loading"), .role("status")],
          "The word dictionary is still loading: search again in a moment for words.")
        : .empty
      body =
        results.isEmpty && words.isEmpty && !wordsLoading
        ? .div(
          [.class("card onpu-empty")],
          .p(.text("Nothing matches “\(query)”.")),
          .p(
            [.class("hint")],
            "Try a word in kanji or kana (星, ほし), in romaji (hoshi) or in English (star)."))
        : .fragment([
          loading, words.isEmpty ? .empty : wordResults(words),
          results.isEmpty
            ? .empty
            : .section(
              [.ariaLabel("Results")], .h2("Kanji"),
              .p([.class("hint")], .text("\(results.count) kanji")), tiles(results)),
        ])
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
      context, title: "Dictionary",
      .h1("Dictionary"),
      .form(
        [.method("get"), .action("/onpu/dictionary"), .class("onpu-search"), .role("search")],
        .label(
          [.class("visually-hidden"), .attr("for", "onpu-kanji-q")], "Search words and kanji"),
        .input(
          .type("search"), .id("onpu-kanji-q"), .name("q"), .value(query),
          .placeholder("Word, kanji, reading, romaji or meaning")),
        .button([.class("button secondary"), .type("submit")], "Search")),
      body)
  }
}
