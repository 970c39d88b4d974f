/// The everyday part of Markdown, as nodes: paragraphs with line breaks, headings, lists,
/// quotes, code, rules, emphasis, and links to http, https and mailto only. Everything is text
/// nodes underneath, so nothing a writer types can become markup or script.
public enum Markdown {
  public static func node(_ source: String) -> Node {
    .fragment(blocks(source.replacing("\r\n", with: "\n")))
  }

  /// The words without their marks, one line, for a preview ("**Yes**, go" reads "Yes, go").
  public static func plainText(_ source: String) -> String {
    var words: [String] = []
    func collect(_ node: Node) {
      switch node {
      case .text(let text): words.append(text)
      case .raw: break
      case .fragment(let children): children.forEach(collect)
      case .element(let tag, _, let children):
        if ["p", "li", "pre", "blockquote", "br", "hr"].contains(tag), !words.isEmpty {
          words.append(" ")
        }
        children.forEach(collect)
      }
    }
    collect(node(source))
    return words.joined().split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }

  /// Quotes nest this deep at most; deeper markers stay text, so no message can exhaust the
  /// stack.
  static let deepestQuote = 8

  // MARK: - Blocks

  static func blocks(_ source: String, depth: Int = 0) -> [Node] {
    var nodes: [Node] = []
    var paragraph: [String] = []
    var lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)[
      ...]

    func flush() {
      guard !paragraph.isEmpty else { return }
      nodes.append(.p(.fragment(lineBroken(paragraph))))
      paragraph = []
    }

    while let line = lines.popFirst() {
      let trimmed = line.trimmingBlanks()
      if trimmed.hasPrefix("```") {
        flush()
        var code: [String] = []
        while let next = lines.popFirst(),
          !next.trimmingBlanks().hasPrefix("```")
        {
          code.append(next)
        }
        nodes.append(.pre(.code(.text(code.joined(separator: "\n")))))
      } else if trimmed.isEmpty {
        flush()
      } else if let (level, text) = heading(trimmed) {
        flush()
        nodes.append(.p([.class("md-heading md-h\(level)")], .strong(.fragment(inline(text)))))
      } else if isRule(trimmed) {
        flush()
        nodes.append(.hr())
      } else if trimmed.hasPrefix(">"), depth < deepestQuote {
        flush()
        var quoted = [String(trimmed.dropFirst()).trimmingBlanks()]
        while let next = lines.first, next.trimmingBlanks().hasPrefix(">") {
          quoted.append(
            String(lines.removeFirst().trimmingBlanks().dropFirst())
              .trimmingBlanks())
        }
        nodes.append(
          .el("blockquote", [], blocks(quoted.joined(separator: "\n"), depth: depth + 1)))
      } else if let first = listItem(trimmed) {
        flush()
        var items = [first.text]
        while let next = lines.first,
          let item = listItem(next.trimmingBlanks()),
          item.ordered == first.ordered
        {
          lines.removeFirst()
          items.append(item.text)
        }
        let children = items.map { Node.li(.fragment(inline($0))) }
        nodes.append(first.ordered ? .ol(.fragment(children)) : .ul(.fragment(children)))
      } else {
        paragraph.append(trimmed)
      }
    }
    flush()
    return nodes
  }

  static func lineBroken(_ lines: [String]) -> [Node] {
    lines.enumerated().flatMap { index, line in
      (index > 0 ? [Node.br()] : []) + inline(line)
    }
  }

  static func heading(_ line: String) -> (Int, String)? {
    let hashes = line.prefix { $0 == "#" }.count
    guard (1...6).contains(hashes), line.dropFirst(hashes).first == " " else { return nil }
    return (hashes, line.dropFirst(hashes + 1).trimmingBlanks())
  }

  static func isRule(_ line: String) -> Bool {
    let marks = line.filter { $0 != " " }
    guard marks.count >= 3, let mark = marks.first, "-*_".contains(mark) else { return false }
    return marks.allSatisfy { $0 == mark }
  }

  static func listItem(_ line: String) -> (ordered: Bool, text: String)? {
    if let marker = line.first, "-*+".contains(marker), line.dropFirst().first == " " {
      return (false, String(line.dropFirst(2)))
    }
    let digits = line.prefix { $0.isASCII && $0.isNumber }
    guard !digits.isEmpty, digits.count <= 9 else { return nil }
    let rest = line.dropFirst(digits.count)
    guard let dot = rest.first, dot == "." || dot == ")", rest.dropFirst().first == " " else {
      return nil
    }
    return (true, String(rest.dropFirst(2)))
  }

  // MARK: - Inline

  /// `links` is false inside a link's label: a link holds no other link.
  static func inline(_ text: String, links: Bool = true) -> [Node] {
    var nodes: [Node] = []
    var plain = ""
    var rest = Substring(text)
    // Where the next "]" and ")" are, found once and reused, so a run of brackets stays linear.
    var closingBracket = NextIndex(of: "]")
    var closingParenthesis = NextIndex(of: ")")

    func emit(_ node: Node) {
      if !plain.isEmpty { nodes.append(.text(plain)) }
      plain = ""
      nodes.append(node)
    }

    while let character = rest.first {
      if character == "`", let end = rest.dropFirst().firstIndex(of: "`") {
        emit(.code(.text(String(rest[rest.index(after: rest.startIndex)..<end]))))
        rest = rest[rest.index(after: end)...]
      } else if let (node, after) = delimited(
        rest, marker: "**", links: links, make: { .strong(.fragment($0)) })
        ?? delimited(rest, marker: "__", links: links, make: { .strong(.fragment($0)) })
        ?? delimited(rest, marker: "*", links: links, make: { .em(.fragment($0)) })
        ?? underscoreEmphasis(rest, after: plain.last, links: links)
        ?? (links
          ? link(rest, closingBracket: &closingBracket, closingParenthesis: &closingParenthesis)
            ?? bareLink(rest, after: plain.last) : nil)
      {
        emit(node)
        rest = after
      } else {
        plain.append(character)
        rest = rest.dropFirst()
      }
    }
    if !plain.isEmpty { nodes.append(.text(plain)) }
    return nodes
  }

  static func delimited(
    _ text: Substring, marker: String, links: Bool, make: ([Node]) -> Node
  ) -> (Node, Substring)? {
    guard text.hasPrefix(marker) else { return nil }
    let inner = text.dropFirst(marker.count)
    guard let first = inner.first, !first.isWhitespace, let end = inner.firstRange(of: marker),
      end.lowerBound > inner.startIndex,
      !inner[inner.index(before: end.lowerBound)].isWhitespace
    else { return nil }
    return (
      make(inline(String(inner[..<end.lowerBound]), links: links)), inner[end.upperBound...]
    )
  }

  /// `_word_` only at word edges, so snake_case names stay as they are.
  static func underscoreEmphasis(_ text: Substring, after previous: Character?, links: Bool)
    -> (Node, Substring)?
  {
    guard previous.map({ !$0.isLetter && !$0.isNumber }) ?? true,
      let (node, rest) = delimited(
        text, marker: "_", links: links, make: { .em(.fragment($0)) }),
      rest.first.map({ !$0.isLetter && !$0.isNumber }) ?? true
    else { return nil }
    return (node, rest)
  }

  static func link(
    _ text: Substring, closingBracket: inout NextIndex, closingParenthesis: inout NextIndex
  ) -> (Node, Substring)? {
    guard text.first == "[", let close = closingBracket.from(text) else { return nil }
    let afterLabel = text[text.index(after: close)...]
    guard afterLabel.first == "(", let end = closingParenthesis.from(afterLabel) else {
      return nil
    }
    let label = String(text[text.index(after: text.startIndex)..<close])
    let target = String(afterLabel[afterLabel.index(after: afterLabel.startIndex)..<end])
      .trimmingBlanks()
    guard !label.isEmpty, isSafe(target) else { return nil }
    return (
      anchor(target, inline(label, links: false)), afterLabel[afterLabel.index(after: end)...]
    )
  }

  static func bareLink(_ text: Substring, after previous: Character?) -> (Node, Substring)? {
    guard previous.map({ !$0.isLetter && !$0.isNumber }) ?? true,
      text.hasPrefix("https://") || text.hasPrefix("http://")
    else { return nil }
    var url = text.prefix { !$0.isWhitespace && $0 != "<" && $0 != ">" && $0 != "\"" }
    while let last = url.last, ".,;:!?)'".contains(last) { url = url.dropLast() }
    guard url.count > "https://".count else { return nil }
    return (anchor(String(url), [.text(String(url))]), text[url.endIndex...])
  }

  static func isSafe(_ target: String) -> Bool {
    let lower = target.lowercased()
    return (lower.hasPrefix("https://") || lower.hasPrefix("http://") || lower.hasPrefix("mailto:"))
      && !target.contains(where: { $0.isWhitespace })
  }

  static func anchor(_ target: String, _ children: [Node]) -> Node {
    .el("a", [.href(target), .rel("noopener noreferrer nofollow")], children)
  }
}

/// The next place of one character, remembered: asked again from a later place, it searches
/// only once the remembered place is behind.
struct NextIndex {
  let character: Character
  private var found: String.Index?
  private var noneLeft = false

  init(of character: Character) { self.character = character }

  mutating func from(_ text: Substring) -> String.Index? {
    if let found, found >= text.startIndex { return found }
    guard !noneLeft else { return nil }
    found = text.firstIndex(of: character)
    noneLeft = found == nil
    return found
  }
}
