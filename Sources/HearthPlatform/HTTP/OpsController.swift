import Foundation
import HearthCore
import HearthOpenAPI
import HearthSQL
import Hummingbird

/// Health, readiness, metrics and the API description.
package struct OpsController: Sendable {
  package struct Health: Codable {
    var status: String
    var ok: Bool
  }

  /// /readyz's answer: the database's kind when it answers.
  package struct Readiness: Codable {
    var status: String
    var database: String?
  }

  package let env: HearthEnvironment
  package let metrics: HearthMetrics

  package init(env: HearthEnvironment, metrics: HearthMetrics) {
    self.env = env
    self.metrics = metrics
  }

  package func register(_ api: APIRouteTable, document: @escaping @Sendable () -> Data) {
    let readiness = Schemas.of(Readiness.self)
    api.add(
      APIOperation(
        .get, "/healthz", summary: "The process is up", tag: "operations", authenticated: false,
        responses: [(200, Schemas.of(Health.self))]), use: healthz)
    api.add(
      APIOperation(
        .get, "/readyz", summary: "The database answers", tag: "operations",
        authenticated: false,
        responses: [(200, readiness), (503, readiness)]), use: readyz)
    api.add(
      APIOperation(
        .get, "/metrics",
        summary: "Prometheus metrics (in production, with the HEARTH_METRICS_TOKEN bearer token)",
        tag: "operations", authenticated: false,
        responses: [(200, Schemas.string)], errors: [401, 404], contentType: "text/plain"),
      use: prometheus)
    api.add(
      APIOperation(
        .get, "/openapi.json", summary: "This document", tag: "operations", authenticated: false,
        responses: [(200, ["type": "object"])]), use: openAPI(document))
  }

  @Sendable func healthz(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    // "ok" is also the field app clients read.
    JSONBody.response(Health(status: "ok", ok: true))
  }

  @Sendable func readyz(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    do {
      let database = env.database
      try await withDeadline(.seconds(2)) { try await database.ping() }
      return JSONBody.response(Readiness(status: "ready", database: env.database.kindName))
    } catch {
      context.logger.warning("Readiness check failed: \(error)")
      return JSONBody.response(
        Readiness(status: "database unreachable"), status: .serviceUnavailable)
    }
  }

  /// Open in development; in production only for the scraper holding HEARTH_METRICS_TOKEN, and
  /// not there at all without one.
  @Sendable func prometheus(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    if env.config.environment == .production {
      guard let token = env.config.metricsToken else { throw APIErrorResponse(.notFound()) }
      let presented = request.headers[.authorization].map { String($0.dropFirst(7)) } ?? ""
      guard request.headers[.authorization]?.lowercased().hasPrefix("bearer ") == true,
        AuthMiddleware.constantTimeEqual(presented, token)
      else {
        throw APIErrorResponse(
          APIError(
            status: 401, code: "unauthorized",
            message: "/metrics needs the HEARTH_METRICS_TOKEN bearer token in production."),
          headers: [.wwwAuthenticate: "Bearer"])
      }
    }
    do {
      metrics.jobsByStatus(try await env.database.jobCounts())
      metrics.latestEvent(try await env.database.latestSequence())
    } catch {
      context.logger.warning("Metrics could not read the database: \(error)")
    }
    return Response(
      status: .ok, headers: [.contentType: "text/plain; version=0.0.4"],
      body: .init(byteBuffer: ByteBuffer(string: metrics.render())))
  }

  /// Serves what `document` returns when asked: the document is finished only after every
  /// route is registered.
  func openAPI(_ document: @escaping @Sendable () -> Data)
    -> @Sendable (Request, AppRequestContext) async throws -> Response
  {
    { _, _ in
      Response(
        status: .ok, headers: [.contentType: "application/json"],
        body: .init(byteBuffer: ByteBuffer(bytes: document())))
    }
  }
}
