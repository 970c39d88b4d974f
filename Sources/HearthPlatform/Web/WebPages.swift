import Foundation
import HTTPTypes
import HearthCore
import HearthSQL
import Hummingbird

/// What the shell's header shows a signed-in person.
public struct ShellCounts: Sendable {
  public var invitations: Int
  public var unreadNotifications: Int
  public var emailUnverified: Bool

  public init(invitations: Int, unreadNotifications: Int, emailUnverified: Bool) {
    self.invitations = invitations
    self.unreadNotifications = unreadNotifications
    self.emailUnverified = emailUnverified
  }
}

/// The shell's pages: the home page, static files, the design page, and what every page is
/// built with (its context, HTML answers, forms, redirects with a flash).
public struct WebPages: Sendable {
  public let env: HearthEnvironment
  package let apps: [HearthApp]
  /// The apps' stylesheets, which the design page shows their themes with.
  package let themes: [StaticAsset]
  package let assets: StaticAssets
  package let clientAddress: @Sendable (Request, AppRequestContext) -> String
  package let counts: @Sendable (User) async throws -> ShellCounts
  /// The newest event read so far (the event hub's position), nil before its first read.
  package let eventPosition: @Sendable () -> Int64?
  package static let flashCookie = "hearth_flash"

  package init(
    env: HearthEnvironment, apps: [HearthApp], themes: [StaticAsset], assets: StaticAssets,
    clientAddress: @escaping @Sendable (Request, AppRequestContext) -> String,
    counts: @escaping @Sendable (User) async throws -> ShellCounts,
    eventPosition: @escaping @Sendable () -> Int64?
  ) {
    self.env = env
    self.apps = apps
    self.themes = themes
    self.assets = assets
    self.clientAddress = clientAddress
    self.counts = counts
    self.eventPosition = eventPosition
  }

  package func register(_ router: Router<AppRequestContext>) {
    router.get("/static/:name", use: staticAsset)
    router.get("/favicon.ico", use: favicon)
    router.get("/manifests/:name", use: manifest)
    if env.config.environment != .production {
      router.get("/design", use: design)
    }
  }

  package func origin(_ request: Request, _ context: AppRequestContext) -> RequestOrigin {
    RequestOrigin(request, context, address: clientAddress)
  }

  /// A script or stylesheet, by its hashed name or its own.
  @Sendable func staticAsset(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    guard let name = context.parameters.get("name"),
      let found = assets.response(name[...], to: request)
    else { throw APIErrorResponse(.notFound("file")) }
    return found
  }

  package func pageContext(_ request: Request, _ context: AppRequestContext, flash: Flash? = nil)
    async throws -> PageContext
  {
    let caller = context.caller
    let position = eventPosition()
    var shown: ShellCounts?
    if let caller { shown = try await counts(caller.user) }
    return PageContext(
      userName: caller?.user.displayName, userID: caller?.user.id,
      csrfToken: caller?.session.csrfToken ?? context.anonymousCSRF,
      flash: flash ?? Self.readFlash(request), invitationCount: shown?.invitations ?? 0,
      unreadNotifications: shown?.unreadNotifications ?? 0,
      path: request.uri.path,
      timeZone: caller.flatMap { TimeZone(identifier: $0.user.timeZone) }
        ?? TimeZone(identifier: "UTC")!, apps: apps, isAdmin: caller?.user.isAdmin ?? false,
      emailUnverified: shown?.emailUnverified ?? false,
      eventsAfter: caller == nil ? nil : position)
  }

  /// A script or stylesheet: kept for good under its hashed name, briefly under its own.
  @Sendable func design(_ request: Request, _ context: AppRequestContext) async throws -> Response {
    html(
      DesignPage.render(try await pageContext(request, context), stylesheets: themes.map(\.url)))
  }

  /// Browsers that ask before reading the page's icon link are sent to the icon.
  @Sendable func favicon(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    Response(
      status: .movedPermanently,
      headers: [.location: HearthAssets.icon.url, .cacheControl: "public, max-age=86400"])
  }

  @Sendable func manifest(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let name = context.parameters.get("name") ?? ""
    guard name.hasSuffix(".webmanifest"),
      let manifest = WebManifest.manifest(
        String(name.dropLast(".webmanifest".count)), apps: apps)
    else { throw APIErrorResponse(.notFound("manifest")) }
    return Response(
      status: .ok,
      headers: [
        .contentType: "application/manifest+json", .cacheControl: "public, max-age=3600",
      ],
      body: .init(byteBuffer: ByteBuffer(bytes: try manifest.canonicalBytes())))
  }

  /// `keptOffline`: the service worker keeps a copy of the page to open while offline (an app's
  /// pages that draw from the browser's own data); it is dropped at log-out.
  package func html(
    _ body: String, status: HTTPResponse.Status = .ok, keptOffline: Bool = false
  ) -> Response {
    var response = Response(
      status: status, headers: [.contentType: "text/html; charset=utf-8"],
      body: .init(byteBuffer: ByteBuffer(string: body)))
    if keptOffline { response.headers[Self.offlineHeader] = "keep" }
    response.setCookie(Cookie(name: Self.flashCookie, value: "", maxAge: 0, path: "/"))
    return response
  }

  static let offlineHeader = HTTPField.Name("Hearth-Offline")!

  package func redirect(_ location: String, flash: Flash? = nil) -> Response {
    var response = Response.redirect(to: location, type: .found)
    if let flash {
      let value = Data((flash.kind.rawValue + ":" + flash.message).utf8).base64URL
      response.setCookie(Cookie(name: Self.flashCookie, value: value, path: "/"))
    }
    return response
  }

  package static func readFlash(_ request: Request) -> Flash? {
    guard let raw = request.cookies[flashCookie]?.value, !raw.isEmpty,
      let data = Data(base64URL: raw)
    else { return nil }
    let text = String(decoding: data, as: UTF8.self)
    let parts = text.split(separator: ":", maxSplits: 1)
    guard parts.count == 2, let kind = Flash.Kind(rawValue: String(parts[0])) else { return nil }
    return Flash(kind: kind, message: String(parts[1].prefix(300)))
  }

  package func form(_ request: Request) async throws -> FormData {
    let buffer = try await JSONBody.collect(request, route: "this form")
    return FormData(String(buffer: buffer))
  }

  package func sessionCookie(_ token: String?, maxAge: Int) -> Cookie {
    Cookie(
      name: AuthMiddleware.sessionCookie, value: token ?? "", maxAge: maxAge, path: "/",
      secure: env.config.secureCookies, httpOnly: true, sameSite: .lax)
  }

  package static func errorPage(apps: [HearthApp])
    -> @Sendable (APIError, AppRequestContext) -> String
  {
    { error, context in errorPage(error, context, apps: apps) }
  }

  package static func errorPage(_ error: APIError, _ context: AppRequestContext, apps: [HearthApp])
    -> String
  {
    let page = PageContext(
      userName: context.caller?.user.displayName,
      csrfToken: context.caller?.session.csrfToken ?? context.anonymousCSRF, apps: apps)
    let message = error.status >= 500 || error.status == 404 ? nil : error.message
    return ErrorPage.render(page, status: error.status, message: message)
  }
}
