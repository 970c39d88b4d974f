/// A piece of HTML: an element, escaped text, trusted raw markup, or a fragment of several nodes.
///
/// Text and attribute values are always escaped when rendered; only `.raw` passes through as is.
/// A string literal (with interpolation) is a text node, so `.p("Hello \(name)")` is safe.
public indirect enum Node: Equatable, Sendable {
  case element(String, [Attribute], [Node])
  case text(String)
  /// Trusted markup, written as is. Never put user input here.
  case raw(String)
  case fragment([Node])

  /// Elements that have no content and no closing tag.
  public static let voidTags: Set<String> = [
    "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
    "track", "wbr",
  ]

  /// An element with any tag; the helpers such as `.div` call this.
  public static func el(_ tag: String, _ attributes: [Attribute] = [], _ children: [Node] = [])
    -> Node
  {
    .element(tag, attributes, children)
  }

  /// Nothing at all; handy for `condition ? node : .empty`.
  public static let empty = Node.fragment([])

  /// The node when `condition` holds, nothing otherwise.
  public static func when(_ condition: Bool, _ node: @autoclosure () -> Node) -> Node {
    condition ? node() : .empty
  }

  /// The markup of this node.
  public func render() -> String {
    var output = ""
    render(into: &output)
    return output
  }

  /// A whole document: `<!doctype html>` followed by this node (normally an `<html>` element).
  public func renderDocument() -> String {
    var output = "<!doctype html>\n"
    render(into: &output)
    return output
  }

  public func render(into output: inout String) {
    switch self {
    case .text(let text):
      HTML.escape(text, into: &output)
    case .raw(let markup):
      output += markup
    case .fragment(let nodes):
      for node in nodes { node.render(into: &output) }
    case .element(let rawTag, let attributes, let children):
      let tag = HTML.safeName(rawTag.lowercased())
      output += "<" + tag
      for attribute in attributes { attribute.render(into: &output) }
      output += ">"
      guard !Node.voidTags.contains(tag) else { return }
      for child in children { child.render(into: &output) }
      output += "</" + tag + ">"
    }
  }
}

extension Node: ExpressibleByStringInterpolation {
  public init(stringLiteral value: String) {
    self = .text(value)
  }

  public init(stringInterpolation: DefaultStringInterpolation) {
    self = .text(String(stringInterpolation: stringInterpolation))
  }
}

/// Escaping rules shared by text and attribute values.
public enum HTML {
  /// `text` with `& < > " '` replaced by character references.
  public static func escape(_ text: String) -> String {
    var output = ""
    escape(text, into: &output)
    return output
  }

  public static func escape(_ text: String, into output: inout String) {
    output.reserveCapacity(output.utf8.count + text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": output += "&amp;"
      case "<": output += "&lt;"
      case ">": output += "&gt;"
      case "\"": output += "&quot;"
      case "'": output += "&#39;"
      case "\0": output += "\u{FFFD}"
      default: output.unicodeScalars.append(scalar)
      }
    }
  }

  /// A tag or attribute name reduced to the characters a name may safely hold.
  package static func safeName(_ name: String) -> String {
    let kept = name.unicodeScalars.filter { scalar in
      scalar.isASCII
        && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
          || scalar == "-" || scalar == "_" || scalar == ":" || scalar == ".")
    }
    return kept.isEmpty ? "x" : String(String.UnicodeScalarView(kept))
  }
}
