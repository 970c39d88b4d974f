import Foundation
import HTTPTypes
import HearthCore
import HearthOpenAPI
import Hummingbird

/// Carries an `APIError` through Hummingbird and renders it as `{"error":{...}}`.
public struct APIErrorResponse: HTTPResponseError {
  public var error: APIError
  public var headers: HTTPFields = [:]

  public init(_ error: APIError, headers: HTTPFields = [:]) {
    self.error = error
    self.headers = headers
  }

  public var status: HTTPResponse.Status { .init(code: error.status) }

  /// 429 with Retry-After: a limit was reached, and `message` says which and when to try again.
  public static func limited(_ code: String, _ message: String, retryAfter seconds: Int) -> Self {
    Self(
      APIError(status: 429, code: code, message: message),
      headers: [.retryAfter: "\(seconds)"])
  }

  public func response(from request: Request, context: some RequestContext) throws -> Response {
    Self.json(error, headers: headers)
  }

  package typealias Body = APIErrorBody

  package static func json(_ error: APIError, headers: HTTPFields = [:]) -> Response {
    let body = Body(error: .init(code: error.code, message: error.message, field: error.field))
    let data = (try? JSONEncoder().encode(body)) ?? Data()
    var fields = headers
    fields[.contentType] = "application/json; charset=utf-8"
    return Response(
      status: .init(code: error.status), headers: fields,
      body: .init(byteBuffer: ByteBuffer(bytes: data)))
  }
}

/// An error whose message is meant for the person who made the request.
public protocol UserFacingError: Error {
  var apiError: APIError { get }
}

extension APIError: UserFacingError {
  public var apiError: APIError { self }
}

extension APIErrorResponse: UserFacingError {
  public var apiError: APIError { error }
}
