import Foundation
import HearthCore
import Hummingbird

/// The inbox page, the account page's device actions, and the service worker.
package struct NotificationPages: Sendable {
  package let pages: WebPages
  var env: HearthEnvironment { pages.env }
  var store: any NotificationStore { env.database.notificationStore }

  package func register(_ router: Router<AppRequestContext>) {
    router.group("/notifications").add(middleware: SignedInPages()).get("", use: inbox)
      .get(":id/open", use: open)
    router.post("/notifications/:id/read", use: markRead)
    router.post("/notifications/read-all", use: markAllRead)
    router.post("/account/devices/:id/remove", use: removeDevice)
    router.post("/account/devices/test", use: sendTest)
    router.get("/sw.js", use: serviceWorker)
  }

  @Sendable func inbox(_ request: Request, _ context: AppRequestContext) async throws -> Response {
    let user = try context.requireCaller().user
    let notices = try await store.notifications(userID: user.id, before: nil, limit: 100)
    return pages.html(
      NotificationsPage.render(try await pages.pageContext(request, context), notices: notices))
  }

  /// Following a notice marks it read.
  @Sendable func open(_ request: Request, _ context: AppRequestContext) async throws -> Response {
    let user = try context.requireCaller().user
    let id = context.parameters.get("id") ?? ""
    guard let notice = try await store.notification(id: id), notice.userID == user.id else {
      throw APIErrorResponse(.notFound("notification"))
    }
    _ = try await store.markRead(id: id, userID: user.id, at: env.now())
    return pages.redirect(Notifier.localPath(notice.url))
  }

  // The forms below send signed-out people to /login with no way back, so they keep their own
  // check rather than joining `SignedInPages`.

  @Sendable func markRead(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    guard let caller = context.caller else { return pages.redirect("/login") }
    _ = try await pages.form(request)
    guard
      try await store.markRead(
        id: context.parameters.get("id") ?? "", userID: caller.user.id, at: env.now())
    else { throw APIErrorResponse(.notFound("notification")) }
    return pages.redirect("/notifications")
  }

  @Sendable func markAllRead(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    guard let caller = context.caller else { return pages.redirect("/login") }
    _ = try await pages.form(request)
    try await store.markAllRead(userID: caller.user.id, at: env.now())
    return pages.redirect(
      "/notifications", flash: Flash(kind: .success, message: "All notifications marked read."))
  }

  @Sendable func removeDevice(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    guard let caller = context.caller else { return pages.redirect("/login") }
    _ = try await pages.form(request)
    guard
      try await store.deleteSubscription(
        id: context.parameters.get("id") ?? "", userID: caller.user.id)
    else { throw APIErrorResponse(.notFound("subscription")) }
    return pages.redirect(
      "/account#devices",
      flash: Flash(kind: .success, message: "That device no longer receives notifications."))
  }

  @Sendable func sendTest(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    guard let caller = context.caller else { return pages.redirect("/login") }
    _ = try await pages.form(request)
    try await NotificationsController(env: env).sendTest(to: caller.user)
    return pages.redirect(
      "/account#devices",
      flash: Flash(kind: .success, message: "Test notification sent to your devices."))
  }

  /// Served from the root so that it may control every page; never cached, so a new version
  /// takes over at the next visit.
  @Sendable func serviceWorker(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    var response = Response(
      status: .ok, headers: [.contentType: "text/javascript; charset=utf-8"],
      body: .init(byteBuffer: ByteBuffer(bytes: HearthAssets.serviceWorker)))
    response.headers[.cacheControl] = "no-cache"
    return response
  }
}
