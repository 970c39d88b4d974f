import HearthHTML

/// A range input with its ends named ("0 none", "10 worst") and its value shown and announced;
/// hearth.mjs keeps the `<output>` and `aria-valuetext` up to date, with `words` for each step.
public struct Slider: Sendable {
  public var name: String
  public var label: String
  public var range: ClosedRange<Int>
  public var value: Int
  public var lowLabel: String
  public var highLabel: String
  public var words: [String]
  public var id: String

  public init(
    name: String, label: String, range: ClosedRange<Int>, value: Int, lowLabel: String,
    highLabel: String, words: [String] = [], id: String? = nil
  ) {
    self.name = name
    self.label = label
    self.range = range
    self.value = value
    self.lowLabel = lowLabel
    self.highLabel = highLabel
    self.words = words
    self.id = id ?? name
  }

  public var valueText: String {
    let index = value - range.lowerBound
    return words.indices.contains(index) ? "\(value) (\(words[index]))" : String(value)
  }

  public var node: Node {
    .div(
      [.class("field slider")],
      .label([.for(id)], .text(label)),
      .input(
        .type("range"), .id(id), .name(name), .attr("min", String(range.lowerBound)),
        .attr("max", String(range.upperBound)), .value(String(value)),
        .aria("valuetext", valueText),
        .optional("data-words", words.isEmpty ? nil : words.joined(separator: "|"))),
      .div(
        [.class("slider-scale"), .aria("hidden", "true")],
        .span(.text(lowLabel)), .el("output", [.for(id)], [.text(valueText)]),
        .span(.text(highLabel))))
  }
}
