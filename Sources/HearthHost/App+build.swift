import CanonicalJSON
import Foundation
import HearthAccounts
import HearthCore
import HearthNotifications
import HearthOpenAPI
import HearthPlatform
import HearthSQL
import Hummingbird
import Logging
import ServiceLifecycle

/// The one place where the server is put together, for `hearth serve` and for tests.
public struct HearthApplication: Sendable {
  public let env: HearthEnvironment
  public let metrics = HearthMetrics()
  public let hub: EventHub
  /// The apps, each built on `env`, in the order the composition root lists them.
  public let modules: [any HearthAppModule]
  public var jobHandlers: [String: JobHandler] = [:]

  public init(env: HearthEnvironment, modules: [any HearthAppModule.Type]) {
    self.env = env
    hub = EventHub(
      database: env.database, clock: env.clock, followers: [env.callers], logger: env.logger)
    self.modules = modules.map { $0.init(env: env) }
    if env.config.environment != .production {
      jobHandlers[DiagnosticsController.queue] = DiagnosticsController.handler()
    }
    jobHandlers[Notifier.pushQueue] = PushSender(env: env).handler
    jobHandlers[ForgotPassword.queue] = ForgotPassword(env: env).handler
    jobHandlers[EmailVerification.queue] = EmailVerification(env: env).handler
    jobHandlers[EmailInvitations.queue] = EmailInvitations(env: env).handler
    jobHandlers[Notifier.emailQueue] = NotificationMailer(env: env).handler
    jobHandlers[EmailDigest.flushQueue] = env.emailDigest.flushHandler
    var reminderHandlers = [EmailDigest.reminderKind: env.emailDigest.reminderHandler]
    var lateReminderHandlers: [String: ReminderHandler] = [:]
    for module in self.modules {
      jobHandlers.merge(module.jobHandlers) { first, _ in first }
      reminderHandlers.merge(module.reminderHandlers) { first, _ in first }
      lateReminderHandlers.merge(module.lateReminderHandlers) { first, _ in first }
    }
    jobHandlers[Reminders.queue] = env.reminders.jobHandler(
      reminderHandlers, late: lateReminderHandlers)
    jobHandlers[NotificationActions.snoozeQueue] =
      NotificationActions(env: env, modules: self.modules).snoozeHandler
  }

  /// Checks what each app needs before serving; the error names the app and what to install.
  public func prepare() throws {
    for module in modules {
      do { try module.prepare() } catch {
        throw BootstrapError("\(type(of: module).app.name) cannot start: \(error)")
      }
    }
  }

  /// How the shell presents the apps, in order.
  public var apps: [HearthApp] { modules.map { type(of: $0).app } }

  /// The router with every route; `operations` lists the JSON ones for /openapi.json.
  public func buildRouter() -> (Router<AppRequestContext>, [APIOperation]) {
    let router = Router(context: AppRequestContext.self)
    let api = APIRouteTable(router: router)
    let securityHeaders = SecurityHeadersMiddleware(https: env.config.secureCookies)
    let assets = StaticAssets(
      [HearthAssets.stylesheet, HearthAssets.script, HearthAssets.icon]
        + modules.flatMap { type(of: $0).assets }, headers: securityHeaders.headers)
    router.add(middleware: StaticFilesMiddleware(assets: assets))
    router.add(middleware: securityHeaders)
    router.add(middleware: ResponseCompressionMiddleware())
    router.add(middleware: RequestLogMiddleware(metrics: metrics))
    router.add(
      middleware: ErrorMiddleware(
        renderPage: WebPages.errorPage(apps: apps), routedMethods: { api.methods(matching: $0) }))
    router.add(middleware: AuthMiddleware(env: env))
    let accounts = AccountService(env: env)
    let documentBox = DocumentBox()
    OpsController(env: env, metrics: metrics).register(api) { documentBox.data }
    AuthAPIController(env: env, accounts: accounts, clientAddress: clientAddress).register(api)
    AccountAPIController(
      env: env, accounts: accounts, modules: modules, clientAddress: clientAddress
    ).register(api)
    TwoFactorAPIController(accounts: accounts, clientAddress: clientAddress).register(api)
    AccountEmailAPIController(env: env, clientAddress: clientAddress).register(api)
    InvitationsController(env: env, modules: modules).register(api)
    ShareInvitationsController(env: env).register(api)
    EventsController(env: env, hub: hub, metrics: metrics).register(api)
    NotificationsController(env: env, modules: modules).register(api)
    if env.config.environment != .production {
      DiagnosticsController(env: env).register(api)
    }
    let pages = WebPages(
      env: env, apps: apps,
      themes: modules.flatMap { type(of: $0).assets }.filter { $0.name.hasSuffix(".css") },
      assets: assets, clientAddress: clientAddress,
      counts: { [env, modules] user in
        ShellCounts(
          invitations: try await InvitationsController(env: env, modules: modules)
            .live(for: user).count,
          unreadNotifications: try await env.database.notificationStore.unreadCount(
            userID: user.id),
          emailUnverified: env.needsEmailVerification(user))
      }, eventPosition: { [hub] in hub.position })
    pages.register(router)
    AccountPages(pages: pages, accounts: accounts, modules: modules).register(router)
    InvitationPages(pages: pages, modules: modules).register(router)
    HomePages(pages: pages, modules: modules).register(router)
    NotificationPages(pages: pages, modules: modules).register(router)
    let routes = AppRoutes(
      api: api, router: router, pages: pages, hub: hub, accounts: accounts,
      clientAddress: clientAddress)
    for module in modules { module.register(routes) }
    let operations = api.takeOperations()
    documentBox.data = Self.encode(OpenAPIDocument.build(operations, apps: apps.map(\.name)))
    return (router, operations)
  }

  public func buildApplication() -> some ApplicationProtocol {
    application(router: buildRouter().0)
  }

  /// The server on `router`, with the event hub and the job worker beside it, to run whole (as
  /// the tests do).
  public func application(router: Router<AppRequestContext>) -> some ApplicationProtocol {
    application(router: router, services: [hub, worker()])
  }

  /// What `hearth serve` runs in its service group: the HTTP server, the event hub, the job
  /// worker and the housekeeping.
  public func services() -> [any Service] {
    [application(router: buildRouter().0, services: []), hub, worker(), Housekeeping(env: env)]
  }

  private func application(router: Router<AppRequestContext>, services: [any Service])
    -> some ApplicationProtocol
  {
    let counts = ConnectionGuard.Counts()
    let config = env.config
    return Application(
      router: router,
      server: .http1(
        configuration: .init(
          additionalChannelHandlers: [
            ConnectionGuard(
              counts: counts, perAddress: config.connectionsPerAddress,
              exempt: Set(config.trustedProxies),
              headTimeout: .seconds(Int64(config.requestHeadSeconds)),
              bodyTimeout: .seconds(Int64(config.requestBodySeconds)))
          ])),
      // A full accept queue drops new connections' SYNs, and the client retries only after a
      // second; a burst of slow clients must not cost everyone else that second.
      configuration: .init(
        address: .hostname(env.config.host, port: env.config.port), serverName: "hearth",
        backlog: 4096),
      services: services,
      onServerRunning: { channel in
        env.logger.notice(
          "Hearth is serving on http://\(env.config.host):\(channel.localAddress?.port ?? env.config.port) (\(env.database.kindName))"
        )
      },
      logger: env.logger)
  }

  public func worker() -> JobWorker {
    JobWorker(
      env: env, handlers: jobHandlers, metrics: metrics, concurrency: env.config.jobConcurrency,
      claimAhead: env.config.jobClaimAhead, lease: .seconds(env.config.jobLeaseSeconds))
  }

  /// The client address for rate limits: the peer, or the forwarded address from a trusted proxy.
  package var clientAddress: @Sendable (Request, AppRequestContext) -> String {
    let trusted = Set(env.config.trustedProxies)
    return { request, context in
      let peer = context.peerAddress ?? "unknown"
      guard trusted.contains(peer), let forwarded = request.headers[.init("X-Forwarded-For")!]
      else { return peer }
      let hops = forwarded.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
      return hops.last(where: { !trusted.contains($0) }) ?? peer
    }
  }

  package static func encode(_ value: JSON) -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return (try? encoder.encode(value)) ?? Data()
  }
}

package final class DocumentBox: @unchecked Sendable {
  package var data = Data()
}
