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

  public static func missing(_ field: String) -> APIError {
    APIError(status: 400, code: "missing_field", message: "\(field) is required.", field: field)
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
