import HearthCore
import HearthHTML

/// What went wrong with a submitted form: messages next to fields, and one for the whole form.
public struct FormErrors: Equatable, Sendable {
  public var general: String?
  /// Messages keyed by field name, for example `["email": "Enter an email address..."]`.
  public var fields: [String: String]

  public init(general: String? = nil, fields: [String: String] = [:]) {
    self.general = general
    self.fields = fields
  }

  /// The error a route threw: a message for its field when it names one, for the form otherwise.
  public init(_ error: APIError?) {
    self.init()
    guard let error else { return }
    if let field = error.field {
      fields[field] = error.message
    } else {
      general = error.message
    }
  }

  public static let none = FormErrors()

  public var isEmpty: Bool { general == nil && fields.isEmpty }

  public func message(for field: String) -> String? { fields[field] }

  /// The same errors with each field name after `prefix`, for a page with two forms that
  /// share field names.
  public func prefixed(_ prefix: String) -> FormErrors {
    FormErrors(
      general: general,
      fields: Dictionary(uniqueKeysWithValues: fields.map { (prefix + $0.key, $0.value) }))
  }

  /// The general message plus messages for fields the form does not show, so none is lost.
  package func topMessages(shownFields: Set<String>) -> [String] {
    let stray = fields.filter { !shownFields.contains($0.key) }.sorted { $0.key < $1.key }
    return (general.map { [$0] } ?? []) + stray.map(\.value)
  }

  /// The box at the top of a form, or nothing when there is nothing to say.
  package func summary(shownFields: Set<String>) -> Node {
    let messages = topMessages(shownFields: shownFields)
    guard !messages.isEmpty else { return .empty }
    return .div(
      [.class("form-error"), .role("alert")],
      .fragment(messages.map { Node.p(.text($0)) }))
  }
}
