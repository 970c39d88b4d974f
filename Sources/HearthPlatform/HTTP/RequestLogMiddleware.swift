import Foundation
import HTTPTypes
import Hummingbird
import Logging

/// Gives each request an id, logs it with its outcome and time, and counts it.
package struct RequestLogMiddleware: RouterMiddleware {
  package typealias Context = AppRequestContext
  package let metrics: HearthMetrics

  package init(metrics: HearthMetrics) {
    self.metrics = metrics
  }

  package func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    var context = context
    if let incoming = request.headers[.init("X-Request-ID")!],
      incoming.count <= 64, incoming.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" })
    {
      context.requestID = incoming
    }
    context.logger[metadataKey: "request_id"] = .string(context.requestID)
    let clock = ContinuousClock()
    let start = clock.now
    var response = try await next(request, context)
    let elapsed = clock.now - start
    response.headers[.init("X-Request-ID")!] = context.requestID
    let route = context.endpointPath ?? "unmatched"
    metrics.request(
      method: request.method.rawValue, route: route, status: response.status.code,
      duration: elapsed)
    context.logger.info(
      "\(request.method.rawValue) \(request.uri.path) \(response.status.code)",
      metadata: [
        "ms": .stringConvertible(
          Double(elapsed.components.attoseconds / 1_000_000_000_000) / 1000
            + Double(elapsed.components.seconds) * 1000),
        "user": .string(context.trace.userID.withLockedValue { $0 } ?? "-"),
      ])
    return response
  }
}
