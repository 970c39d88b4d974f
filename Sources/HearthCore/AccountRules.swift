import Foundation

/// Validation of what people type into sign-up and account forms.
public enum AccountRules {
  public static let minimumPasswordLength = 8
  public static let maximumPasswordLength = 72  // bcrypt reads at most 72 bytes

  public static func email(_ raw: String?) throws(APIError) -> String {
    guard let raw, !raw.trimmingCharacters(in: .whitespaces).isEmpty else {
      throw .missing("email")
    }
    let email = raw.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    let parts = email.split(separator: "@", omittingEmptySubsequences: false)
    guard email.count <= 254, parts.count == 2, !parts[0].isEmpty, parts[1].contains("."),
      !parts[1].hasPrefix("."), !parts[1].hasSuffix("."),
      !email.contains(where: { $0.isWhitespace })
    else { throw .invalid("email", "Enter an email address like name@example.com.") }
    return email
  }

  public static func displayName(_ raw: String?) throws(APIError) -> String {
    let name = (raw ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
    guard !name.isEmpty else { throw .missing("displayName") }
    guard name.count <= 80 else {
      throw .invalid("displayName", "The display name can be at most 80 characters.")
    }
    try shownToOthers(name, field: "displayName", what: "The display name")
    return name
  }

  /// Bidirectional embeddings, overrides and isolates (U+202A to U+202E, U+2066 to U+2069),
  /// which can make a name read as another's or reverse the text around it.
  public static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
    (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
  }

  /// A name other people see (a display name, a nickname, a shared title) holds no control
  /// characters and no bidirectional controls.
  public static func shownToOthers(_ name: String, field: String, what: String) throws(APIError) {
    guard !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
    else { throw .invalid(field, "\(what) cannot contain control characters.") }
    guard !name.unicodeScalars.contains(where: isBidiControl) else {
      throw .invalid(field, "\(what) cannot contain characters that reverse the direction of text.")
    }
  }

  public static func password(_ raw: String?, field: String = "password") throws(APIError)
    -> String
  {
    guard let raw, !raw.isEmpty else { throw .missing(field) }
    guard raw.count >= minimumPasswordLength else {
      throw .invalid(field, "The password must be at least \(minimumPasswordLength) characters.")
    }
    guard raw.utf8.count <= maximumPasswordLength else {
      throw .invalid(field, "The password can be at most \(maximumPasswordLength) bytes.")
    }
    guard !CommonPasswords.contains(raw) else {
      throw .invalid(
        field,
        "This password is one of the 10,000 most common, the first ones guessed. Choose another.")
    }
    return raw
  }

  /// An optional phone number, kept as `+` and digits (E.164).
  public static func phone(_ raw: String?) throws(APIError) -> String? {
    guard let raw else { return nil }
    let trimmed = raw.trimmingCharacters(in: .whitespaces)
    if trimmed.isEmpty { return nil }
    let digits = trimmed.filter(\.isNumber)
    let allowed = trimmed.allSatisfy { $0.isNumber || " -().+".contains($0) }
    guard allowed, trimmed.hasPrefix("+"), (8...15).contains(digits.count),
      digits.allSatisfy(\.isASCII)
    else {
      throw .invalid("phone", "Enter the phone number with its country code, like +14155550123.")
    }
    return "+" + digits
  }

  public static func timeZone(_ raw: String?) throws(APIError) -> String {
    let name = (raw ?? "").trimmingCharacters(in: .whitespaces)
    if name.isEmpty { return "UTC" }
    guard TimeZone(identifier: name) != nil, name.count <= 64 else {
      throw .invalid("timeZone", "\(name) is not an IANA time zone such as Europe/Paris.")
    }
    return name
  }
}
