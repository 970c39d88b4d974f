import Foundation
import HearthCore
import HearthPlatform
import HearthSQL
import Hummingbird

/// The inbox page, the account page's device actions, and the service worker.
package struct NotificationPages: Sendable {
  package let pages: WebPages
  package let modules: [any NotifyingModule]

  package init(pages: WebPages, modules: [any NotifyingModule]) {
    self.pages = pages
    self.modules = modules
  }
  var env: HearthEnvironment { pages.env }
  var store: any NotificationStore { env.database.notificationStore }
  var controller: NotificationsController {
    NotificationsController(env: env, modules: modules)
  }

  package func register(_ router: Router<AppRequestContext>) {
    router.group("/notifications").add(middleware: SignedInPages()).get("", use: inbox)
      .get(":id/open", use: open)
    router.post("/notifications/:id/read", use: markRead)
    router.post("/notifications/read-all", use: markAllRead)
    router.post("/notifications/:id/actions/:action", use: act)
    router.group("/account/notifications").add(middleware: SignedInPages()).get("", use: settings)
    router.post("/account/notifications", use: saveSettings)
    router.post("/account/devices/:id/remove", use: removeDevice)
    router.post("/account/devices/test", use: sendTest)
    router.get("/sw.js", use: serviceWorker)
  }

  @Sendable func inbox(_ request: Request, _ context: AppRequestContext) async throws -> Response {
    let user = try context.requireCaller().user
    let notices = try await store.notifications(userID: user.id, before: nil, limit: 100)
    return pages.html(
      NotificationsPage.render(
        try await pages.pageContext(request, context), notices: notices, now: env.now()))
  }

  /// Following a notice marks it read.
  @Sendable func open(_ request: Request, _ context: AppRequestContext) async throws -> Response {
    let user = try context.requireCaller().user
    let id = context.parameters.get("id") ?? ""
    guard let notice = try await store.notification(id: id), notice.userID == user.id else {
      throw APIErrorResponse(.notFound("notification"))
    }
    try await markReadWithSiblings(notice, userID: user.id)
    return pages.redirect(Notifier.localPath(notice.url))
  }

  /// The inbox shows notices about the same thing as one: opening or marking it reads them all.
  private func markReadWithSiblings(_ notice: StoredNotification, userID: String) async throws {
    let recent = try await store.notifications(userID: userID, before: nil, limit: 100)
    let ids = Set([notice.id] + NoticeGroup.siblings(of: notice, in: recent).map(\.id))
    for id in ids.sorted() {
      _ = try await store.markRead(id: id, userID: userID, at: env.now())
    }
  }

  // The forms below send signed-out people to /login with no way back, so they keep their own
  // check rather than joining `SignedInPages`.

  @Sendable func markRead(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    guard let caller = context.caller else { return pages.redirect("/login") }
    _ = try await pages.form(request)
    guard let notice = try await store.notification(id: context.parameters.get("id") ?? ""),
      notice.userID == caller.user.id
    else { throw APIErrorResponse(.notFound("notification")) }
    try await markReadWithSiblings(notice, userID: caller.user.id)
    return pages.redirect("/notifications")
  }

  /// A notice's button, from the inbox: what happened shows above the list.
  @Sendable func act(_ request: Request, _ context: AppRequestContext) async throws -> Response {
    guard let caller = context.caller else { return pages.redirect("/login") }
    _ = try await pages.form(request)
    guard let notice = try await store.notification(id: context.parameters.get("id") ?? ""),
      notice.userID == caller.user.id
    else { throw APIErrorResponse(.notFound("notification")) }
    do {
      let message = try await controller.actions.perform(
        context.parameters.get("action") ?? "", on: notice, by: caller.user)
      return pages.redirect("/notifications", flash: Flash(kind: .success, message: message))
    } catch let error as APIErrorResponse where error.error.status != 404 {
      return pages.redirect(
        "/notifications", flash: Flash(kind: .error, message: error.error.message))
    }
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

  @Sendable func settings(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let user = try context.requireCaller().user
    return pages.html(
      NotificationSettingsPage.render(
        try await pages.pageContext(request, context), kinds: controller.kinds,
        apps: pages.apps, preferences: try await store.preferences(userID: user.id),
        mailIsOn: env.config.smtp != nil))
  }

  /// A checkbox per kind and channel (`<kind>:<channel>`, absent when unticked), the two
  /// quiet-hour times, and the email mode (`emailDigest` off or daily, with `digestTime`).
  @Sendable func saveSettings(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    guard let caller = context.caller else { return pages.redirect("/login") }
    let form = try await pages.form(request)
    var preferences = NotificationPreferences()
    for kind in controller.kinds {
      for channel in NotificationChannel.allCases {
        let on = form["\(kind.id):\(channel.rawValue)"] != nil
        if on != kind.defaultChannels.contains(channel) {
          preferences.choices[kind.id, default: [:]][channel] = on
        }
      }
    }
    let daily = form["emailDigest"] == "daily"
    do {
      preferences.quietHours = try NotificationsController.quietHours(
        start: form["quietStart"], end: form["quietEnd"])
      preferences.digestTime = try NotificationsController.digestTime(
        enabled: daily, time: form["digestTime"])
    } catch let error as APIErrorResponse {
      var page = try await pages.pageContext(request, context)
      page.flash = Flash(kind: .error, message: error.error.message)
      return pages.html(
        NotificationSettingsPage.render(
          page, kinds: controller.kinds, apps: pages.apps, preferences: preferences,
          mailIsOn: env.config.smtp != nil, quietStart: form["quietStart"],
          quietEnd: form["quietEnd"], digest: (daily, form["digestTime"] ?? "")),
        status: .badRequest)
    }
    try await store.savePreferences(preferences, userID: caller.user.id, at: env.now())
    try await env.emailDigest.sync(userID: caller.user.id)
    return pages.redirect(
      "/account/notifications",
      flash: Flash(kind: .success, message: "Notification settings saved."))
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
    do {
      try await controller.sendTest(to: caller.user)
    } catch let error as APIErrorResponse where error.error.status == 429 {
      return pages.redirect(
        "/account#devices", flash: Flash(kind: .error, message: error.error.message))
    }
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
