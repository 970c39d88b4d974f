/// The one error shape every route answers with: `{"error":{"code","message","field"}}`.
public struct APIError: Error, Equatable, Sendable {
  public var status: Int
  public var code: String
  public var message: String
  public var field: String?

  public init(status: Int, code: String, message: String, field: String? = nil) {
    self.status = status
    self.code = code
    self.message = message
    self.field = field
  }

  public static func invalid(_ field: String, _ message: String) -> APIError {
    APIError(status: 400, code: "invalid_field", message: message, field: field)
  }

  /// A missing field; the message names it in words ("Fill in the time zone.") and `field`
  /// keeps its path for programs.
  public static func missing(_ field: String) -> APIError {
    APIError(
      status: 400, code: "missing_field", message: "Fill in the \(words(for: field)).",
      field: field)
  }

  /// "participants[0].displayName" reads "display name"; "medicationId" reads "medication".
  public static func words(for field: String) -> String {
    let last = field.split(separator: ".").last.map(String.init) ?? field
    var words: [String] = []
    var word = ""
    for character in last where character != "[" && character != "]" && !character.isNumber {
      if character.isUppercase, !word.isEmpty {
        words.append(word)
        word = ""
      }
      word += character.lowercased()
    }
    if !word.isEmpty { words.append(word) }
    if words.count > 1, words.last == "id" { words.removeLast() }
    return words.isEmpty ? field : words.joined(separator: " ")
  }

  /// A missing field, with words that say what to do ("Give Bob a nickname.").
  public static func missing(_ field: String, _ message: String) -> APIError {
    APIError(status: 400, code: "missing_field", message: message, field: field)
  }

  public static func malformed(_ message: String) -> APIError {
    APIError(status: 400, code: "malformed_body", message: message)
  }

  public static let unauthorized = APIError(
    status: 401, code: "unauthorized", message: "Sign in to continue.")

  public static let forbidden = APIError(
    status: 403, code: "forbidden", message: "You do not have permission to do that.")

  public static let csrf = APIError(
    status: 403, code: "csrf_failed",
    message: "The form expired or did not come from this site. Reload the page and try again.")

  public static func notFound(_ what: String = "resource") -> APIError {
    APIError(status: 404, code: "not_found", message: "No such \(what).")
  }

  public static func conflict(_ field: String?, _ message: String) -> APIError {
    APIError(status: 409, code: "conflict", message: message, field: field)
  }

  public static func tooLarge(limit: Int, route: String) -> APIError {
    APIError(
      status: 413, code: "body_too_large",
      message: "The request body is larger than \(limit) bytes, the limit of \(route).")
  }

  public static func rateLimited(retryAfter: Int) -> APIError {
    APIError(
      status: 429, code: "rate_limited",
      message: "Too many attempts. Try again in \(retryAfter) seconds.")
  }
}
