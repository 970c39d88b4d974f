import AuralystCore
import HearthHTML
import HearthPlatform

/// The 0-10 sliders entries are rated with: the overall severity (always rated), and each
/// symptom of the journal's list, "Not rated" until it is moved (auralyst.mjs leaves those out).
package enum AuralystRating {
  package static let words = [
    "none", "very mild", "mild", "mild", "moderate", "moderate", "moderate", "severe", "severe",
    "very severe", "worst",
  ]

  package static func overall(id: String, value: Int) -> Node {
    Slider(
      name: "severity", label: "Overall severity", range: SymptomEntry.severityRange,
      value: value, lowLabel: "0 none", highLabel: "10 worst", words: words, id: id
    ).node
  }

  package static func symptom(id: String, name: String, value: Int?) -> Node {
    let text = value.map { "\($0) (\(words[$0]))" } ?? "Not rated"
    return .div(
      [.class("field slider auralyst-rating")],
      .label([.for(id)], .text(name)),
      .input(
        .type("range"), .id(id), .name("symptoms.\(name)"), .attr("min", "0"),
        .attr("max", "10"), .value(String(value ?? 0)), .aria("valuetext", text),
        .data("words", words.joined(separator: "|")),
        .flag("data-unrated", value == nil)),
      .div(
        [.class("slider-scale"), .aria("hidden", "true")],
        .span("0 none"), .el("output", [.for(id)], [.text(text)]), .span("10 worst")),
      .button(
        [
          .type("button"), .class("button link"), .data("auralyst-unrate", id),
          .flag("hidden", value == nil),
        ], .text("Clear \(name)")))
  }
}
