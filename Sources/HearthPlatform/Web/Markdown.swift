/// The everyday part of Markdown, as nodes: paragraphs with line breaks, headings, lists,
/// quotes, code, rules, emphasis, and links to http, https and mailto only. Everything is text
/// nodes underneath, so nothing a writer types can become markup or script.
public enum Markdown {
  public static func node(_ source: String) -> Node {
    .fragment(blocks(source.replacingOccurrences(of: "\r\n", with: "\n")))
  }

  // MARK: - Blocks

  static func blocks(_ source: String) -> [Node] {
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
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed.hasPrefix("```") {
        flush()
        var code: [String] = []
        while let next = lines.popFirst(),
          !next.trimmingCharacters(in: .whitespaces).hasPrefix("```")
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
      } else if trimmed.hasPrefix(">") {
        flush()
        var quoted = [String(trimmed.dropFirst()).trimmingCharacters(in: .whitespaces)]
        while let next = lines.first, next.trimmingCharacters(in: .whitespaces).hasPrefix(">") {
          quoted.append(
            String(lines.removeFirst().trimmingCharacters(in: .whitespaces).dropFirst())
              .trimmingCharacters(in: .whitespaces))
        }
        nodes.append(.el("blockquote", [], blocks(quoted.joined(separator: "\n"))))
      } else if let first = listItem(trimmed) {
        flush()
        var items = [first.text]
        while let next = lines.first,
          let item = listItem(next.trimmingCharacters(in: .whitespaces)),
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
    return (hashes, line.dropFirst(hashes + 1).trimmingCharacters(in: .whitespaces))
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

  static func inline(_ text: String) -> [Node] {
    var nodes: [Node] = []
    var plain = ""
    var rest = Substring(text)

    func emit(_ node: Node) {
      if !plain.isEmpty { nodes.append(.text(plain)) }
      plain = ""
      nodes.append(node)
    }

    while let character = rest.first {
      if character == "`", let end = rest.dropFirst().firstIndex(of: "`") {
        emit(.code(.text(String(rest[rest.index(after: rest.startIndex)..<end]))))
        rest = rest[rest.index(after: end)...]
      } else if let (node, after) = delimited(rest, marker: "**", make: { .strong(.fragment($0)) })
        ?? delimited(rest, marker: "__", make: { .strong(.fragment($0)) })
        ?? delimited(rest, marker: "*", make: { .em(.fragment($0)) })
        ?? underscoreEmphasis(rest, after: plain.last)
        ?? link(rest) ?? bareLink(rest, after: plain.last)
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

  static func delimited(_ text: Substring, marker: String, make: ([Node]) -> Node) -> (
    Node, Substring
  )? {
    guard text.hasPrefix(marker) else { return nil }
    let inner = text.dropFirst(marker.count)
    guard let first = inner.first, !first.isWhitespace, let end = inner.range(of: marker),
      end.lowerBound > inner.startIndex,
      !inner[inner.index(before: end.lowerBound)].isWhitespace
    else { return nil }
    return (make(inline(String(inner[..<end.lowerBound]))), inner[end.upperBound...])
  }

  /// `_word_` only at word edges, so snake_case names stay as they are.
  static func underscoreEmphasis(_ text: Substring, after previous: Character?) -> (
    Node, Substring
  )? {
    guard previous.map({ !$0.isLetter && !$0.isNumber }) ?? true,
      let (node, rest) = delimited(text, marker: "_", make: { .em(.fragment($0)) }),
      rest.first.map({ !$0.isLetter && !$0.isNumber }) ?? true
    else { return nil }
    return (node, rest)
  }

  static func link(_ text: Substring) -> (Node, Substring)? {
    guard text.first == "[", let close = text.firstIndex(of: "]") else { return nil }
    let afterLabel = text[text.index(after: close)...]
    guard afterLabel.first == "(", let end = afterLabel.firstIndex(of: ")") else { return nil }
    let label = String(text[text.index(after: text.startIndex)..<close])
    let target = String(afterLabel[afterLabel.index(after: afterLabel.startIndex)..<end])
      .trimmingCharacters(in: .whitespaces)
    guard !label.isEmpty, isSafe(target) else { return nil }
    return (anchor(target, inline(label)), afterLabel[afterLabel.index(after: end)...])
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
