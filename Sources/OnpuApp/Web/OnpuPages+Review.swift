import Foundation
import HearthHTML
import HearthPlatform
import OnpuCore

extension OnpuPages {
  /// One due card for the review page.
  struct ReviewCard: Sendable {
    var view: OnpuStudyCardView
    var note: StudyNote
  }

  /// The daily review, one card at a time, for one thumb: tap the card (or Space) to see the
  /// back, then one of the four grades fixed at the bottom, each with the interval it gives.
  /// Without onpu.mjs the back shows at once and the grades post as forms.
  static func review(
    _ context: PageContext, cards: [ReviewCard], nextDue: Date?, now: Date,
    knownKanji: (Character) -> Bool
  ) -> String {
    guard !cards.isEmpty else {
      return page(
        context, title: "Review", .h1("Review"), emptyReview(context, nextDue: nextDue, now: now))
    }
    return page(
      context, title: "Review",
      .div(
        [.class("onpu-title-row")], .h1("Review"),
        .p(
          [.class("hint onpu-review-count"), .role("status"), .id("onpu-review-count")],
          .text(cards.count == 1 ? "1 card due" : "\(cards.count) cards due"))),
      .div(
        [.class("onpu-review"), .id("onpu-review")],
        .fragment(
          cards.enumerated().map { index, card in
            reviewCard(context, card, index: index, count: cards.count, knownKanji: knownKanji)
          })))
  }

  static func emptyReview(_ context: PageContext, nextDue: Date?, now: Date) -> Node {
    let next: Node =
      nextDue.map { due in
        .p(
          .text(
            "You are done for now. The next card is due in "
              + StudyPlan.label(max(60, due.timeIntervalSince(now))) + "."))
      }
      ?? .p(
        "You have no cards yet. Add a song's words from your study page and they show up here.")
    return .section(
      [.class("card onpu-empty onpu-review-done"), .ariaLabel("Nothing to review")],
      .h2("Nothing to review right now"), next,
      .div(
        [.class("actions")], Forms.buttonLink("See your progress", href: "/onpu/study"),
        Forms.buttonLink("Open a song", href: "/onpu", style: .secondary)))
  }

  static func reviewCard(
    _ context: PageContext, _ card: ReviewCard, index: Int, count: Int,
    knownKanji: (Character) -> Bool
  ) -> Node {
    let view = card.view
    let studied = card.note.studiedWord
    let front: Node = .div(
      [.class("onpu-card-front")],
      view.front.kanji.map {
        .p([.class("onpu-card-kanji"), .lang("ja")], .text($0))
      } ?? .empty,
      .p(
        [.class("onpu-card-line"), .lang("ja")],
        .fragment(
          view.front.words.map { word in
            word.studied ? .el("mark", [], [.text(word.text)]) : .text(word.text)
          })),
      .p([.class("hint onpu-reveal-hint")], "Tap the card or press Space to see the answer."))
    let back: Node = .div(
      [.class("onpu-card-back")],
      .p(
        [.class("onpu-card-word onpu-jp"), .lang("ja"), .data("reading", "pitch")],
        OnpuLyricsView.word(studied, knownKanji: { _ in false })),
      .dl(
        [.class("onpu-card-facts")],
        .dt("Reading"), .dd([.lang("ja")], .text(readingText(view.back))),
        .dt("Meaning"),
        .dd(
          view.back.meaning.map { .text($0) }
            ?? .span([.class("hint")], "No meaning yet")),
        .dt("Line"), .dd(.text(view.back.translation ?? "No translation for this line")),
        .dt("Song"), .dd(.text(view.back.songTitle.isEmpty ? "Untitled" : view.back.songTitle))))
    let grades = Forms.post(
      action: "/onpu/review/\(view.id)", csrf: context.csrfToken,
      attributes: [.class("onpu-grades")],
      .fragment(
        view.intervals.map { interval in
          .button(
            [
              .class(
                "button \(interval.grade == "good" ? "primary" : "secondary") onpu-grade onpu-grade-\(interval.grade)"
              ), .type("submit"),
              .name("grade"), .value(interval.grade),
              .ariaLabel("\(interval.grade.capitalized), next in \(interval.label)"),
            ],
            .span([.class("onpu-grade-name")], .text(interval.grade.capitalized)),
            .span([.class("onpu-grade-interval")], .text(interval.label)))
        }))
    let actions: [(String, String)] = [
      ("bury", "Bury until tomorrow"), ("suspend", "Suspend"), ("know", "I know this word"),
    ]
    let more: Node = .details(
      [.class("onpu-card-more")], .summary("More"),
      .fragment(
        actions.map { action, label in
          Forms.post(
            action: "/onpu/review/\(view.id)", csrf: context.csrfToken,
            attributes: [.class("inline")], Forms.hidden("action", action),
            Forms.submit(label, style: .secondary, attributes: [.data("onpu-action", action)]))
        }))
    return .article(
      [
        .class("card onpu-study-card"), .data("card", view.id), .data("revealed", "true"),
        .attr("tabindex", "0"), .ariaLabel("Card \(index + 1) of \(count)"),
        .flag("hidden", index > 0),
      ],
      front, back,
      .div(
        [.class("onpu-review-bar")],
        .button(
          [.class("button primary onpu-reveal"), .type("button"), .data("onpu-reveal", "")],
          "Show answer"),
        grades),
      more)
  }

  static func readingText(_ back: OnpuStudyCardView.Back) -> String {
    back.surface == back.word || back.surfaceReading == back.reading
      ? "\(back.word) · \(back.reading)"
      : "\(back.word) · \(back.reading) (here \(back.surface) · \(back.surfaceReading))"
  }
}
