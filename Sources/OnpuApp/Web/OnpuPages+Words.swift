import HearthHTML
import HearthPlatform
import OnpuCore

/// The word card (its own page, and the sheet the song page opens with it), word results on
/// the dictionary page, and EDICT's attribution wherever its words show.
extension OnpuPages {
  static func word(_ context: PageContext, _ card: OnpuWordCard) -> String {
    page(
      context, title: "\(card.word) · Dictionary",
      .p(.a([.href("/onpu/dictionary")], "← Dictionary")),
      wordCard(card, heading: "h1"))
  }

  /// The card; the song page's sheet takes this element from the page.
  static func wordCard(_ card: OnpuWordCard, heading: String = "h2") -> Node {
    let first = card.entries.first
    return .article(
      [.id("word-card"), .class("card onpu-word-card"), .ariaLabel("Word \(card.word)")],
      .el(
        heading, [.class("onpu-word-head")],
        [
          .span([.class("onpu-word-literal"), .lang("ja")], .text(card.word)),
          card.word == card.reading
            ? .empty : .span([.class("onpu-word-reading"), .lang("ja")], .text(card.reading)),
        ]),
      first?.common == true ? .p([.class("onpu-word-common")], "Common word") : .empty,
      pitch(card.pitch),
      .fragment(
        card.entries.enumerated().map { index, entry in
          entryNode(entry, showReading: index > 0 || entry.reading != card.reading)
        }),
      card.kanji.isEmpty
        ? .empty
        : .section(
          [.ariaLabel("Kanji")], .h3("Kanji"),
          .ul(
            [.class("onpu-word-kanji")],
            .fragment(
              card.kanji.map { kanji in
                .li(
                  .a(
                    [
                      .class("k"), .data("kanji", kanji.literal),
                      .href("/onpu/dictionary?q=\(kanji.literal)"),
                      .ariaLabel(
                        "Kanji \(kanji.literal): \(kanji.meaning ?? "meanings and readings")"),
                    ],
                    .span([.lang("ja")], .text(kanji.literal)),
                    kanji.meaning.map { Node.span([.class("hint")], .text(" \($0)")) } ?? .empty))
              }))),
      .div([.id("word-card-actions"), .class("onpu-word-actions")]),
      attribution)
  }

  static func entryNode(_ entry: OnpuWordCard.Entry, showReading: Bool) -> Node {
    .section(
      [.class("onpu-word-entry")],
      showReading
        ? .h3(
          .span([.lang("ja")], .text("\(entry.word)【\(entry.reading)】")),
          entry.common ? .span([.class("hint")], " · common") : .empty)
        : .empty,
      .ol(
        [.class("onpu-word-senses")],
        .fragment(
          entry.senses.map { sense in
            .li(
              sense.partsOfSpeech.isEmpty && sense.notes.isEmpty
                ? .empty
                : .p(
                  [.class("onpu-word-pos")],
                  .text((sense.partsOfSpeech + sense.notes).joined(separator: " · "))),
              .p(.text(sense.glosses.joined(separator: "; "))))
          })))
  }

  /// Each reading's pitch drawn as the song page draws it: a line over the high morae.
  static func pitch(_ pitches: [OnpuWordCard.Pitch]) -> Node {
    guard !pitches.isEmpty else {
      return .p([.class("hint")], "UniDic knows no pitch for this word.")
    }
    return .ul(
      [.class("onpu-word-pitches"), .ariaLabel("Pitch accent")],
      .fragment(
        pitches.map { pitch in
          let spoken = pitch.morae.map { "\($0.text)\($0.isHigh ? "↑" : "↓")" }.joined()
          return .li(
            .span(
              [.class("onpu-word-pitch"), .lang("ja"), .attr("aria-hidden", "true")],
              .fragment(
                pitch.morae.enumerated().map { index, mora in
                  let next =
                    index + 1 < pitch.morae.count ? pitch.morae[index + 1].isHigh : mora.isHigh
                  return .span(
                    [.class("m \(mora.isHigh ? "h" : "l")\(next != mora.isHigh ? " step" : "")")],
                    .text(mora.text))
                })),
            .span([.class("visually-hidden")], .text(spoken)),
            .span([.class("hint")], .text(" \(pitch.kind) [\(pitch.nucleus)]")))
        }))
  }

  static let attribution: Node = .p(
    [.class("hint onpu-attribution")],
    .text(OnpuWordCard.attribution + " "),
    .a([.href(OnpuWordCard.licenceURL), .rel("noopener")], "Licence"))

  /// Words found, each a link to its card; above the kanji on the dictionary page.
  static func wordResults(_ words: [WordEntry]) -> Node {
    .section(
      [.ariaLabel("Words"), .class("onpu-word-results")],
      .h2("Words"),
      .ul(
        [.class("onpu-word-list")],
        .fragment(
          words.map { entry in
            .li(
              .a(
                [
                  .class("onpu-word-link"),
                  .href(OnpuWordCard.href(word: entry.word, reading: entry.reading)),
                ],
                .span([.class("onpu-word-literal"), .lang("ja")], .text(entry.word)),
                entry.word == entry.reading
                  ? .empty
                  : .span([.class("onpu-word-reading"), .lang("ja")], .text(entry.reading)),
                entry.isCommon ? .span([.class("onpu-word-badge")], "common") : .empty,
                .span([.class("onpu-word-gloss")], .text(entry.shortGloss))))
          })),
      attribution)
  }

  /// The sheet the song page fills with a word's card (onpu.mjs); closes with Escape.
  static let wordPanel: Node = .el(
    "dialog", [.id("onpu-word"), .class("onpu-kanji-panel onpu-word-panel"), .ariaLabel("Word")],
    [
      .div([.class("onpu-word-body")], .p([.class("hint")], "Loading…")),
      .form(
        [.method("dialog")], .button([.class("button secondary"), .type("submit")], "Close")),
    ])
}
