import Foundation
import HearthCore
import HearthStore
import Hummingbird
import Logging

/// The one place where the server is put together, for `hearth serve` and for tests.
public struct HearthApplication: Sendable {
  public let env: HearthEnvironment
  public let metrics = HearthMetrics()
  public let hub: EventHub
  public var jobHandlers: [String: JobHandler] = [:]

  public init(env: HearthEnvironment) {
    self.env = env
    hub = EventHub(database: env.database, logger: env.logger)
    if env.config.environment != .production {
      jobHandlers[DiagnosticsController.queue] = DiagnosticsController.handler()
    }
    jobHandlers.merge(SofterRooms(env: env).handlers) { first, _ in first }
    jobHandlers.merge(OnpuLibrary(env: env).handlers) { first, _ in first }
  }

  /// The router with every route; `operations` lists the JSON ones for /openapi.json.
  public func buildRouter() -> (Router<AppRequestContext>, [APIOperation]) {
    let router = Router(context: AppRequestContext.self)
    let api = APIRouteTable(router: router)
    router.add(middleware: RequestLogMiddleware(metrics: metrics))
    router.add(
      middleware: ErrorMiddleware(
        renderPage: WebPages.errorPage, routedMethods: { api.methods(matching: $0) }))
    router.add(middleware: AuthMiddleware(env: env))
    let accounts = AccountService(env: env)
    let documentBox = DocumentBox()
    OpsController(env: env, metrics: metrics).register(api) { documentBox.data }
    AuthAPIController(env: env, accounts: accounts, clientAddress: clientAddress).register(api)
    AccountAPIController(env: env, accounts: accounts).register(api)
    InvitationsController(env: env).register(api)
    RedoAPIController(env: env, accounts: accounts).register(api)
    SofterAPIController(env: env).register(api)
    AuralystAPIController(env: env, accounts: accounts).register(api)
    OnpuAPIController(env: env, hub: hub, clientAddress: clientAddress).register(api)
    OnpuLibraryAPIController(env: env).register(api)
    EventsController(env: env, hub: hub, metrics: metrics).register(api)
    if env.config.environment != .production {
      DiagnosticsController(env: env).register(api)
    }
    let pages = WebPages(env: env, accounts: accounts, clientAddress: clientAddress)
    pages.register(router)
    RedoWebController(pages: pages).register(router, api)
    SofterWebController(pages: pages).register(router)
    AuralystWebController(pages: pages).register(router)
    OnpuWebController(pages: pages).register(router)
    documentBox.data = Self.encode(OpenAPIDocument.build(api.operations))
    return (router, api.operations)
  }

  public func buildApplication(serveHTTP: Bool = true) -> some ApplicationProtocol {
    let (router, _) = buildRouter()
    return Application(
      router: router,
      configuration: .init(
        address: .hostname(env.config.host, port: env.config.port), serverName: "hearth"),
      services: [hub, worker()],
      onServerRunning: { channel in
        env.logger.notice(
          "Hearth is serving on http://\(env.config.host):\(channel.localAddress?.port ?? env.config.port) (\(env.database.kindName))"
        )
      },
      logger: env.logger)
  }

  public func worker() -> JobWorker {
    JobWorker(
      env: env, handlers: jobHandlers, metrics: metrics,
      lease: .seconds(env.config.jobLeaseSeconds))
  }

  /// The client address for rate limits: the peer, or the forwarded address from a trusted proxy.
  var clientAddress: @Sendable (Request, AppRequestContext) -> String {
    let trusted = Set(env.config.trustedProxies)
    return { request, context in
      let peer = context.peerAddress ?? "unknown"
      guard trusted.contains(peer), let forwarded = request.headers[.init("X-Forwarded-For")!]
      else { return peer }
      let hops = forwarded.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
      return hops.last(where: { !trusted.contains($0) }) ?? peer
    }
  }

  static func encode(_ value: JSONValue) -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .withoutEscapingSlashes]
    return (try? encoder.encode(value)) ?? Data()
  }
}

final class DocumentBox: @unchecked Sendable {
  var data = Data()
}
