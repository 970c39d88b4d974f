import Foundation
import HearthCore
import Hummingbird

/// Health, readiness, metrics and the API description.
package struct OpsController {
  package struct Health: Encodable {
    var status: String
    var ok: Bool
  }

  package let env: HearthEnvironment
  package let metrics: HearthMetrics

  package func register(_ api: APIRouteTable, document: @escaping @Sendable () -> Data) {
    let status = Schemas.object([("status", Schemas.string)], required: ["status"])
    let health = Schemas.object(
      [("status", Schemas.string), ("ok", ["type": "boolean"])], required: ["status", "ok"])
    api.add(
      APIOperation(
        .get, "/healthz", summary: "The process is up", tag: "operations", authenticated: false,
        responses: [(200, health)])
    ) { _, _ in
      // "ok" is also the field app clients read.
      JSONBody.response(Health(status: "ok", ok: true))
    }
    api.add(
      APIOperation(
        .get, "/readyz", summary: "The database answers", tag: "operations",
        authenticated: false,
        responses: [(200, status), (503, status)])
    ) { _, context in
      do {
        try await env.database.ping()
        return JSONBody.response(["status": "ready", "database": env.database.kindName])
      } catch {
        context.logger.warning("Readiness check failed: \(error)")
        return JSONBody.response(["status": "database unreachable"], status: .serviceUnavailable)
      }
    }
    api.add(
      APIOperation(
        .get, "/metrics", summary: "Prometheus metrics", tag: "operations", authenticated: false,
        responses: [(200, Schemas.string)], contentType: "text/plain")
    ) { _, context in
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
    api.add(
      APIOperation(
        .get, "/openapi.json", summary: "This document", tag: "operations", authenticated: false,
        responses: [(200, ["type": "object"])])
    ) { _, _ in
      Response(
        status: .ok, headers: [.contentType: "application/json"],
        body: .init(byteBuffer: ByteBuffer(bytes: document())))
    }
  }
}
