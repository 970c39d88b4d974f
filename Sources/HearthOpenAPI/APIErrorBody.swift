/// `{"error": {"code", "message", "field"?}}`, every error's body (Schemas.error).
package struct APIErrorBody: Codable {
  package struct Detail: Codable {
    package var code: String
    package var message: String
    package var field: String?

    package init(code: String, message: String, field: String?) {
      self.code = code
      self.message = message
      self.field = field
    }
  }

  package var error: Detail

  package init(error: Detail) { self.error = error }
}
