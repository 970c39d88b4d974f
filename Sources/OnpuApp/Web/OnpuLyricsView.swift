import HearthHTML
import HearthPlatform
import OnpuCore

/// A song's lines as markup every reading mode shares, so switching modes only changes what is
/// visible, never the layout: each word reserves the same band above it, where furigana (per
/// kanji run when the readings split, else over the whole word) or the pitch line over the morae
/// shows. Kanji the dictionary knows are buttons that open the kanji panel.
public enum OnpuLyricsView {
  /// Each line with its translation beside it in one row, so the parallel view keeps them level
  /// however either side wraps. With no translations at all (none set up, or the translator
  /// failed) the lines carry none: the page says so once.
  /// `states` colours the words the learner studies (new, learning, known) by card key.
  public static func lines(
    _ lines: [LyricsLine], translations: [String?], knownKanji: (Character) -> Bool,
    states: [String: WordStudyState] = [:]
  ) -> Node {
    let translated = translations.contains { $0 != nil }
    return .el(
      "ol", [.class("onpu-lines"), .ariaLabel("Lyrics")],
      lines.enumerated().map { index, line in
        let translation = index < translations.count ? translations[index] : nil
        return .li(
          [
            .class("onpu-line"), .data("line", "\(index)"), .attr("tabindex", "0"),
            .optional("aria-describedby", translated ? "onpu-tr-\(index)" : nil),
          ],
          .div(
            [.class("onpu-jp"), .lang("ja")],
            .fragment(words(line, knownKanji: knownKanji, states: states))),
          wordLinks(line),
          translated
            ? .div(
              [
                .class(translation == nil ? "onpu-tr onpu-tr-missing" : "onpu-tr"),
                .id("onpu-tr-\(index)"), .lang("en"),
              ],
              .text(translation ?? "No translation for this line"))
            : .empty)
      })
  }

  /// The words of a line; English words get the spaces MeCab took from between them.
  static func words(
    _ line: LyricsLine, knownKanji: (Character) -> Bool,
    states: [String: WordStudyState] = [:]
  ) -> [Node] {
    var nodes: [Node] = []
    var afterEnglish = false
    for word in line.words {
      let english = isEnglish(word)
      // A flex line drops a bare space between its items; a span that keeps it shows it.
      if english && afterEnglish { nodes.append(.span([.class("w-gap")], .text(" "))) }
      afterEnglish =
        english || (afterEnglish && [",", ".", "!", "?", ";", ":"].contains(word.surface))
      nodes.append(self.word(word, knownKanji: knownKanji, states: states))
    }
    return nodes
  }

  static func isEnglish(_ word: LyricsWord) -> Bool {
    word.morae.isEmpty && LyricsWord.isLatin(word.surface)
  }

  static func word(
    _ word: LyricsWord, knownKanji: (Character) -> Bool, states: [String: WordStudyState] = [:]
  ) -> Node {
    guard !word.morae.isEmpty else {
      return .span([.class("w w-plain")], .span([.class("rb")], .text(word.surface)))
    }
    let unknown = word.isPitchUnknown == true
    let pitch: Node = .span(
      [.class("w-pitch"), .attr("aria-hidden", "true")],
      .fragment(
        word.morae.enumerated().map { index, mora in
          let next = index + 1 < word.morae.count ? word.morae[index + 1].isHigh : mora.isHigh
          let classes =
            unknown
            ? "m u" : "m \(mora.isHigh ? "h" : "l")\(next != mora.isHigh ? " step" : "")"
          return .span([.class(classes)], .text(mora.text))
        }))
    let pitchText =
      unknown
      ? "\(word.reading), pitch unknown"
      : word.morae.map { "\($0.text)\($0.isHigh ? "↑" : "↓")" }.joined()
    let given =
      switch word.readingSource {
      case .lyrics?: " · reading from the lyrics"
      case .learner?: " · your reading"
      case nil: ""
      }
    let state =
      states.isEmpty || !StudyWords.isStudied(word)
      ? nil : states[StudyWords.key(word)] ?? .new
    let classes = [
      "w", word.kanji == nil ? "w-kana" : "w-kanji", word.isParticle == true ? "w-particle" : nil,
      given.isEmpty ? nil : "w-given", state.map { "st-\($0.rawValue)" },
    ].compactMap { $0 }.joined(separator: " ")
    let stateText = state.map { " · \(Self.stateWords($0))" } ?? ""
    return .span(
      [
        .class(classes), .data("reading", word.reading),
        .data("pitch", unknown ? "" : word.morae.map { $0.isHigh ? "1" : "0" }.joined()),
        .optional("data-reading-source", word.readingSource?.rawValue),
        .optional("data-state", state?.rawValue), .data("surface", word.surface),
        .optional("data-word-card", cardHref(word)),
        .title(
          (word.kanji == nil ? pitchText : "\(word.reading) · \(pitchText)") + given + stateText),
      ],
      pitch, .span([.class("w-text")], .fragment(segments(word, knownKanji: knownKanji))))
  }

  static func stateWords(_ state: WordStudyState) -> String {
    switch state {
    case .new: "new word"
    case .learning: "learning"
    case .known: "known"
    }
  }

  /// Runs of the surface: a kanji run with its reading above when the readings split, kana as
  /// they are; when they do not split, one segment with the whole reading.
  static func segments(_ word: LyricsWord, knownKanji: (Character) -> Bool) -> [Node] {
    guard word.kanji != nil else {
      return [.span([.class("seg")], .span([.class("rb")], .text(word.surface)))]
    }
    let characters = Array(word.surface)
    let readings = word.kanjiReadings.map(\.reading)
    guard readings.count == characters.filter(LyricsWord.isKanji).count else {
      return [segment(characters, reading: word.reading, knownKanji: knownKanji)]
    }
    var nodes: [Node] = []
    var run: [Character] = []
    var runReading = ""
    var kana: [Character] = []
    var readingIndex = 0
    func flushRun() {
      if !run.isEmpty { nodes.append(segment(run, reading: runReading, knownKanji: knownKanji)) }
      run = []
      runReading = ""
    }
    func flushKana() {
      if !kana.isEmpty {
        nodes.append(.span([.class("seg")], .span([.class("rb")], .text(String(kana)))))
      }
      kana = []
    }
    for character in characters {
      if LyricsWord.isKanji(character) {
        flushKana()
        run.append(character)
        runReading += readings[readingIndex]
        readingIndex += 1
      } else {
        flushRun()
        kana.append(character)
      }
    }
    flushRun()
    flushKana()
    return nodes
  }

  static func segment(_ characters: [Character], reading: String, knownKanji: (Character) -> Bool)
    -> Node
  {
    .span(
      [.class("seg")],
      .span([.class("rt"), .attr("aria-hidden", "true")], .text(reading)),
      .span(
        [.class("rb")],
        .fragment(
          characters.map { character in
            LyricsWord.isKanji(character) && knownKanji(character)
              ? .span(
                [
                  .class("k"), .data("kanji", String(character)), .role("button"),
                  .attr("tabindex", "0"), .ariaLabel("Kanji \(character): meanings and readings"),
                ], .text(String(character)))
              : .text(String(character))
          })))
  }

  /// The card of a word's dictionary form, for words worth looking up (not particles).
  static func cardHref(_ word: LyricsWord) -> String? {
    guard !word.morae.isEmpty, word.isParticle != true else { return nil }
    let form = word.dictionaryForm
    return OnpuWordCard.href(word: form.word, reading: Mora.hiragana(form.reading))
  }

  /// Plain links to the cards of the line's words: shown under a selected line (onpu.mjs), and
  /// under every line without JavaScript.
  static func wordLinks(_ line: LyricsLine) -> Node {
    var seen = Set<String>()
    let links = line.words.compactMap { word -> Node? in
      guard let href = cardHref(word), seen.insert(href).inserted else { return nil }
      return .li(
        .a(
          [
            .href(href), .data("onpu-word", href), .data("surface", word.surface),
            .data("reading", word.reading), .lang("ja"),
          ],
          .text(word.dictionaryForm.word)))
    }
    guard !links.isEmpty else { return .empty }
    return .ul([.class("onpu-line-words"), .ariaLabel("Words in this line")], .fragment(links))
  }
}
