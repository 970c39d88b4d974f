import Foundation

/// Pasted lyrics as lines: split at line breaks, each line trimmed, empty lines dropped.
public enum LyricsText {
  public static func lines(of lyrics: String) -> [String] {
    lyrics.split(whereSeparator: \.isNewline).map { String($0).trimmingWhitespace() }
      .filter { !$0.isEmpty }
  }
}

extension LyricsText {
  /// The line as the analysis reads it: composed (NFC), so that が pasted as か and a combining
  /// mark is one character, with full-width Latin letters and digits in their ASCII forms, so
  /// that ＬＯＶＥ stays English as LOVE does. A combining mark with nothing to combine with
  /// (at the start) goes.
  public static func normalized(_ line: String) -> String {
    var scalars = String.UnicodeScalarView()
    for scalar in line.precomposedStringWithCanonicalMapping.unicodeScalars {
      if scalars.isEmpty, isCombiningMark(scalar) { continue }
      if let ascii = ascii(scalar) {
        scalars.append(ascii)
      } else {
        scalars.append(scalar)
      }
    }
    return String(scalars)
  }

  static func isCombiningMark(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .spacingMark, .enclosingMark: true
    default: false
    }
  }

  static func ascii(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
    switch scalar.value {
    case 0xFF10...0xFF19, 0xFF21...0xFF3A, 0xFF41...0xFF5A: Unicode.Scalar(scalar.value - 0xFEE0)
    default: nil
    }
  }
}
