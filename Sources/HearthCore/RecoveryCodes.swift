/// One-use codes that stand in for the authenticator when it is lost: ten of them, each fifty
/// random bits written as "xxxxx-xxxxx" in base 32. Only their hashes are stored.
public enum RecoveryCodes {
  public static let count = 10

  /// `random(n)` gives n random bytes.
  public static func generate(random: (Int) -> [UInt8]) -> [String] {
    (0..<count).map { _ in
      let text = Base32.encode(random(7)).prefix(10).lowercased()
      return "\(text.prefix(5))-\(text.dropFirst(5))"
    }
  }

  /// What people type, in the form codes were generated in: case, spaces and dashes ignored.
  public static func normalize(_ typed: String) -> String {
    let letters = typed.lowercased().filter { !$0.isWhitespace && $0 != "-" }
    guard letters.count == 10 else { return letters }
    return "\(letters.prefix(5))-\(letters.dropFirst(5))"
  }
}
