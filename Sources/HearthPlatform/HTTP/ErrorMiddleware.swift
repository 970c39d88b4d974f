import Foundation
import HTTPTypes
import HearthCore
import HearthSQL
import Hummingbird
import Logging

/// Turns every thrown error into a JSON error for API clients or a friendly page for people.
package struct ErrorMiddleware: RouterMiddleware {
  package typealias Context = AppRequestContext
  package let renderPage: @Sendable (APIError, Context) -> String
  /// The methods routed for a path, so that a wrong method gets 405 rather than 404.
  package let routedMethods: @Sendable (String) -> [HTTPRequest.Method]

  package init(
    renderPage: @escaping @Sendable (APIError, Context) -> String,
    routedMethods: @escaping @Sendable (String) -> [HTTPRequest.Method]
  ) {
    self.renderPage = renderPage
    self.routedMethods = routedMethods
  }

  package func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    do {
      return try await next(request, context)
    } catch let error as HTTPError where error.status == .notFound {
      let allowed = routedMethods(request.uri.path)
      guard !allowed.isEmpty else { return respond(to: error, request, context) }
      let methods = allowed.map(\.rawValue).joined(separator: ", ")
      return respond(
        to: APIErrorResponse(
          APIError(
            status: 405, code: "method_not_allowed",
            message: "\(request.uri.path) accepts \(methods), not \(request.method.rawValue)."),
          headers: [.allow: methods]), request, context)
    } catch {
      if let fault = StoreFaults.classify(error) {
        context.logger.warning("Store fault: \(String(reflecting: error))")
        return respond(to: StoreFaults.response(fault), request, context)
      }
      return respond(to: error, request, context)
    }
  }

  package func respond(to error: any Error, _ request: Request, _ context: Context) -> Response {
    let apiError = Self.apiError(for: error, context: context)
    if Self.wantsJSON(request) {
      let headers = (error as? APIErrorResponse)?.headers ?? [:]
      return APIErrorResponse.json(apiError, headers: headers)
    }
    return Response(
      status: .init(code: apiError.status),
      headers: [.contentType: "text/html; charset=utf-8"],
      body: .init(byteBuffer: ByteBuffer(string: renderPage(apiError, context))))
  }

  package static func wantsJSON(_ request: Request) -> Bool {
    let path = request.uri.path
    if path.hasPrefix("/api/") || path.hasPrefix("/v1/") || path == "/openapi.json" { return true }
    let accept = request.headers[.accept] ?? ""
    return accept.contains("application/json") && !accept.contains("text/html")
  }

  package static func apiError(for error: any Error, context: Context) -> APIError {
    switch error {
    case let error as APIErrorResponse:
      return error.error
    case let error as APIError:
      return error
    case let error as HTTPError:
      switch error.status.code {
      case 404: return .notFound("page")
      case 405:
        return APIError(
          status: 405, code: "method_not_allowed",
          message: "This address does not accept that method.")
      case 413: return .tooLarge(limit: JSONBody.defaultLimit, route: "this route")
      case 400..<500:
        return APIError(
          status: error.status.code, code: "bad_request",
          message: error.body ?? "The request could not be understood.")
      default: break
      }
    default: break
    }
    context.logger.error("Unhandled error: \(String(reflecting: error))")
    return APIError(
      status: 500, code: "internal",
      message: "Something went wrong on our side. The request id is \(context.requestID).")
  }
}
