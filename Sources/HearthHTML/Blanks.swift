extension StringProtocol {
  /// The text without leading and trailing spaces and tabs, scalar by scalar, as Foundation's
  /// `trimmingCharacters(in: .whitespaces)` has it: Unicode's space separators, U+0009 and
  /// U+200B (a space separator in Unicode 4); newlines stay.
  func trimmingBlanks() -> String {
    let scalars = unicodeScalars
    guard let first = scalars.firstIndex(where: { !$0.isBlank }),
      let last = scalars.lastIndex(where: { !$0.isBlank })
    else { return "" }
    return String(String.UnicodeScalarView(scalars[first...last]))
  }
}

extension Unicode.Scalar {
  fileprivate var isBlank: Bool {
    self == "\t" || self == "\u{200B}" || properties.generalCategory == .spaceSeparator
  }
}
