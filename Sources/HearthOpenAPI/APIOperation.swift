import CanonicalJSON
import HTTPTypes

/// One documented JSON operation: registering it adds it to the router and to /openapi.json.
public struct APIOperation: Sendable {
  public var method: HTTPRequest.Method
  /// Hummingbird syntax, like `/api/items/:id`.
  public var path: String
  public var summary: String
  public var tag: String
  public var authenticated: Bool
  public var requestBody: JSON?
  /// Request bodies by media type, for routes that take more than JSON (an import file).
  public var requestContent: [(type: String, schema: JSON)] = []
  public var query: [(name: String, schema: JSON, required: Bool)]
  /// Status code → response schema (`nil` for an empty body); error statuses are added for you.
  public var responses: [(Int, JSON?)]
  /// Media types the successful responses also come in, besides `contentType` (a CSV export).
  public var otherResponseContent: [(type: String, schema: JSON)] = []
  public var errors: [Int]
  public var contentType: String

  public init(
    _ method: HTTPRequest.Method, _ path: String, summary: String, tag: String,
    authenticated: Bool = true, requestBody: JSON? = nil,
    query: [(name: String, schema: JSON, required: Bool)] = [],
    responses: [(Int, JSON?)], errors: [Int] = [], contentType: String = "application/json"
  ) {
    self.method = method
    self.path = path
    self.summary = summary
    self.tag = tag
    self.authenticated = authenticated
    self.requestBody = requestBody
    self.query = query
    self.responses = responses
    self.errors = errors
    self.contentType = contentType
  }
}
