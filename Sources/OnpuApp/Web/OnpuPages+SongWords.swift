import HearthHTML
import HearthPlatform
import OnpuCore

/// The song page's study parts: how many of its words the learner knows, the legend of the
/// lyrics' colours, and the words to learn, from which the learner picks the cards.
extension OnpuPages {
  static func studyLegend(_ words: SongWordList) -> Node {
    guard let percent = words.percentKnown else { return .empty }
    let key: (WordStudyState, String) -> Node = { state, label in
      .li(
        .span([.class("w-text st-\(state.rawValue) onpu-legend-sample")], .text(label)),
        .text(" \(words.count(state))"))
    }
    return .div(
      [.class("onpu-study-legend")],
      .p([.class("onpu-known-share")], .strong(.text("\(percent) % of the words known"))),
      .ul(
        [.class("onpu-legend"), .ariaLabel("Words in the lyrics")],
        key(.new, "new"), key(.learning, "learning"), key(.known, "known")))
  }

  static func wordsToLearn(_ context: PageContext, songID: String, _ words: SongWordList)
    -> Node
  {
    let toLearn = words.toLearn
    guard !toLearn.isEmpty else {
      return words.words.isEmpty
        ? .empty
        : .section(
          [.id("onpu-learn"), .class("onpu-learn"), .attr("aria-labelledby", "onpu-learn-title")],
          .h2([.id("onpu-learn-title")], "Words to learn"),
          .p([.class("hint")], "Every word of this song is in your reviews."))
    }
    return .section(
      [.id("onpu-learn"), .class("onpu-learn"), .attr("aria-labelledby", "onpu-learn-title")],
      .h2([.id("onpu-learn-title")], "Words to learn"),
      .p(
        [.class("hint")],
        "The song's words you have no card for, the most common in Japanese first. Pick the ones to learn."
      ),
      Forms.post(
        action: "/onpu/study/songs/\(songID)", csrf: context.csrfToken,
        attributes: [.class("onpu-learn-form"), .data("onpu-learn", "")],
        .ul(
          [.class("onpu-learn-list")],
          .fragment(toLearn.enumerated().map { learnRow($1, index: $0) })),
        .div(
          [.class("actions onpu-learn-actions")],
          Forms.submit("Add the chosen words to review", attributes: [.data("onpu-learn-add", "")])
        )))
  }

  static func learnRow(_ word: SongWordList.Word, index: Int) -> Node {
    let id = "onpu-learn-\(index)"
    let facts = [
      OnpuWordFrequency.words(word.frequency),
      word.level.map { "JLPT \($0) kanji (old scale)" },
      word.count > 1 ? "\(word.count) times in the song" : nil,
    ].compactMap { $0 }.joined(separator: " · ")
    return .li(
      [.class("onpu-learn-word")],
      .input(.type("checkbox"), .id(id), .name("word.\(index)"), .value(word.key)),
      .label(
        [.attr("for", id)],
        .span([.class("onpu-learn-literal"), .lang("ja")], .text(word.word)),
        word.word == word.reading
          ? .empty : .span([.class("onpu-word-reading"), .lang("ja")], .text(word.reading)),
        .span([.class("hint onpu-learn-facts")], .text(facts))))
  }
}
