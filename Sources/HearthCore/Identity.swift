import Foundation

/// How an app names a person it wants to reach: by email or by phone.
public enum Identity: Equatable, Hashable, Sendable {
  case email(String)
  case phone(String)

  /// Parses what a person typed; anything with an `@` is an email, otherwise a phone.
  public static func parse(_ raw: String, field: String) throws(APIError) -> Identity {
    let trimmed = raw.trimmingCharacters(in: .whitespaces)
    if trimmed.contains("@") {
      do { return .email(try AccountRules.email(trimmed)) } catch {
        throw .invalid(field, "\(trimmed) is not a valid email address.")
      }
    }
    do {
      guard let phone = try AccountRules.phone(trimmed) else { throw APIError.missing(field) }
      return .phone(phone)
    } catch {
      throw .invalid(field, "\(trimmed) is neither an email address nor a phone number.")
    }
  }

  public var kindName: String {
    switch self {
    case .email: "email address"
    case .phone: "phone number"
    }
  }

  public var description: String {
    switch self {
    case .email(let value), .phone(let value): value
    }
  }
}
