/// Pasted lyrics as lines: split at line breaks, each line trimmed, empty lines dropped.
public enum LyricsText {
  public static func lines(of lyrics: String) -> [String] {
    lyrics.split(whereSeparator: \.isNewline).map { String($0).trimmingWhitespace() }
      .filter { !$0.isEmpty }
  }
}
