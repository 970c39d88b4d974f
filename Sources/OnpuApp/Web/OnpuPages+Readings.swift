import Foundation
import HearthHTML
import HearthPlatform
import OnpuCore

extension OnpuPages {
  struct ReadingsView: Sendable {
    var song: SongRow
    var words: [OnpuLibrary.WordReading]
    var error: ReadingError?
  }

  /// A correction the server refused, shown on the word's form with what was typed.
  struct ReadingError: Sendable {
    var surface: String
    var reading: String
    var message: String
  }

  static func readingSourceLabel(_ word: OnpuLibrary.WordReading) -> String {
    let source =
      switch word.readingSource {
      case .lyrics?: "From the lyrics"
      case .learner?: word.correction?.allSongs == true ? "Yours, all songs" : "Yours, this song"
      case nil: "Dictionary"
      }
    return word.pitchUnknown ? source + " · pitch unknown" : source
  }

  static func readings(_ context: PageContext, _ view: ReadingsView) -> String {
    let songPath = "/onpu/songs/\(view.song.id)"
    let title = view.song.title.isEmpty ? "Untitled" : view.song.title
    let rows: [Node] = view.words.enumerated().map { index, word in
      readingRow(word, index: index, songID: view.song.id, csrf: context.csrfToken, view.error)
    }
    return page(
      context, title: "Readings · \(title)",
      .div(
        [.class("onpu-title-row")],
        .div(.h1("Readings"), .p([.class("hint")], .a([.href(songPath)], .text("← \(title)"))))),
      .p(
        "Songs often sing a word another way than the dictionary reads it: 運命 as さだめ, 本気 as まじ. Correct a reading here and it holds wherever the word stands in this song, or in all your songs. Its pitch shows as unknown unless the dictionary knows the word read that way."
      ),
      .p(
        [.class("hint")],
        "A reading for this song wins over ruby in the lyrics; ruby wins over a reading for all your songs."
      ),
      view.words.isEmpty
        ? .p([.class("card empty")], "This song has no words with kanji.")
        : .ul([.class("list onpu-readings")], .fragment(rows)))
  }

  static func readingRow(
    _ word: OnpuLibrary.WordReading, index: Int, songID: String, csrf: String?,
    _ error: ReadingError?
  ) -> Node {
    let action = "/onpu/songs/\(songID)/readings"
    let fieldID = "onpu-reading-\(index)"
    let failed = error?.surface == word.surface ? error : nil
    let errorID = "\(fieldID)-error"
    var checkbox: [Attribute] = [.type("checkbox"), .name("allSongs"), .value("1")]
    if word.correction?.allSongs == true { checkbox.append(.checked) }
    return .li(
      [.class("card onpu-reading"), .data("surface", word.surface)],
      .div(
        [.class("onpu-reading-head")],
        .span([.class("onpu-reading-word"), .lang("ja")], .text(word.surface)),
        .span([.class("onpu-reading-now"), .lang("ja")], .text(word.reading)),
        .span([.class("tag")], .text(readingSourceLabel(word)))),
      Forms.post(
        action: action, csrf: csrf, attributes: [.class("onpu-reading-form")],
        Forms.hidden("surface", word.surface),
        .div(
          [.class(failed == nil ? "field" : "field has-error")],
          .label([.attr("for", fieldID)], .text("Reading of \(word.surface)")),
          failed.map { .p([.class("field-error"), .id(errorID)], .text($0.message)) } ?? .empty,
          .input(
            .type("text"), .id(fieldID), .name("reading"), .lang("ja"), .required,
            .maxlength(100), .value(failed?.reading ?? word.correction?.reading ?? word.reading),
            .attr("autocomplete", "off"), .ariaInvalid(failed != nil),
            .ariaDescribedBy(failed == nil ? [] : [errorID]))),
        .div(
          [.class("onpu-reading-actions")],
          .div([.class("field checkbox")], .label(.el("input", checkbox), " For all my songs")),
          Forms.submit(
            "Save", style: .secondary,
            attributes: [.ariaLabel("Save the reading of \(word.surface)")]))),
      word.correction.map { correction in
        Forms.post(
          action: action + "/undo", csrf: csrf, attributes: [.class("onpu-reading-undo")],
          Forms.hidden("surface", word.surface),
          Forms.hidden("allSongs", correction.allSongs ? "1" : "0"),
          Forms.submit(
            correction.allSongs ? "Undo for all songs" : "Undo", style: .link,
            attributes: [.ariaLabel("Undo your reading of \(word.surface)")]))
      } ?? .empty)
  }
}
