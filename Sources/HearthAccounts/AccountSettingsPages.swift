import Foundation
import HearthCore
import HearthNotifications
import HearthPlatform
import HearthSQL
import Hummingbird

/// /account: profile, password, sessions, export and deletion.
package struct AccountSettingsPages: Sendable {
  package let pages: WebPages
  package let accounts: AccountService
  package let modules: [any AccountModule]
  package var env: HearthEnvironment { pages.env }

  package func register(_ router: Router<AppRequestContext>) {
    router.group("/account").add(middleware: SignedInPages()).get("", use: account)
    router.post("/account/profile", use: saveProfile)
    router.post("/account/password", use: changePassword)
    router.post("/account/sessions/:id/revoke", use: revokeSession)
    router.get("/account/export", use: export)
    router.post("/account/delete", use: deleteAccount)
    TwoFactorPages(settings: self).register(router)
  }

  @Sendable func account(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    try await render(request, context, try context.requireCaller())
  }

  // The forms below send signed-out people to /login with no way back, so they keep their own
  // check rather than joining `SignedInPages`.

  @Sendable func saveProfile(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    guard let caller = context.caller else { return pages.redirect("/login") }
    let form = try await pages.form(request)
    let input = AccountService.ProfileInput(
      displayName: form["displayName"], email: form["email"], phone: form["phone"] ?? "",
      timeZone: form["timeZone"], currentPassword: form["currentPassword"])
    do {
      _ = try await accounts.updateProfile(
        caller.user, input, origin: pages.origin(request, context), modules: modules)
      return pages.redirect("/account", flash: Flash(kind: .success, message: "Profile saved."))
    } catch let error as any UserFacingError {
      let values = ProfileValues(
        displayName: input.displayName ?? "", email: input.email ?? "",
        phone: input.phone ?? "", timeZone: input.timeZone ?? "")
      return try await render(
        request, context, caller, profile: values,
        errors: .init(profile: FormErrors(error.apiError)), status: error.apiError.status)
    }
  }

  @Sendable func changePassword(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    guard let caller = context.caller else { return pages.redirect("/login") }
    let form = try await pages.form(request)
    do {
      try await accounts.changePassword(
        caller, current: form["currentPassword"], new: form["newPassword"],
        origin: pages.origin(request, context))
      return pages.redirect(
        "/account",
        flash: Flash(kind: .success, message: "Password changed. Your other sessions ended."))
    } catch let error as any UserFacingError {
      return try await render(
        request, context, caller, errors: .init(password: FormErrors(error.apiError)),
        status: error.apiError.status)
    }
  }

  @Sendable func revokeSession(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    guard let caller = context.caller else { return pages.redirect("/login") }
    let id = context.parameters.get("id") ?? ""
    guard
      try await accounts.revokeSession(
        id: id, caller: caller, origin: pages.origin(request, context))
    else {
      throw APIErrorResponse(.notFound("session"))
    }
    if id == caller.session.id {
      var response = pages.redirect("/")
      response.setCookie(pages.sessionCookie(nil, maxAge: 0))
      return response
    }
    return pages.redirect("/account", flash: Flash(kind: .success, message: "Session revoked."))
  }

  @Sendable func export(_ request: Request, _ context: AppRequestContext) async throws -> Response {
    guard let caller = context.caller else { return pages.redirect("/login") }
    var response = JSONBody.response(
      try await AccountExport(env: env, modules: modules).export(caller.user))
    response.headers[.contentDisposition] = "attachment; filename=\"hearth-export.json\""
    return response
  }

  @Sendable func deleteAccount(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    guard let caller = context.caller else { return pages.redirect("/login") }
    let form = try await pages.form(request)
    do {
      try await accounts.deleteAccount(
        caller.user, password: form["password"], modules: modules)
    } catch let error as any UserFacingError {
      return try await render(
        request, context, caller, errors: .init(delete: FormErrors(error.apiError)),
        status: error.apiError.status)
    }
    var response = pages.redirect(
      "/", flash: Flash(kind: .info, message: "Your account and its data are deleted."))
    response.setCookie(pages.sessionCookie(nil, maxAge: 0))
    return response
  }

  package func render(
    _ request: Request, _ context: AppRequestContext, _ caller: Caller,
    profile: ProfileValues? = nil, errors: AccountPage.Errors = .init(), status: Int = 200
  ) async throws -> Response {
    let sessions = try await env.database.sessions(userID: caller.user.id)
      .filter { $0.isLive(at: env.now()) && $0.kind.isSignIn }
    let page = try await pages.pageContext(request, context)
    var links: [AccountLink] = []
    for module in modules { links += try await module.accountLinks(for: caller.user) }
    return pages.html(
      AccountPage.render(
        page, user: caller.user, sessions: sessions, currentSessionID: caller.session.id,
        twoFactor: try await accounts.twoFactorStatus(userID: caller.user.id),
        securityLog: try await accounts.securityLog(userID: caller.user.id),
        devices: try await env.database.notificationStore.subscriptions(userID: caller.user.id),
        links: links, profile: profile, errors: errors),
      status: .init(code: status))
  }
}

/// Everything Hearth holds about one person, as one JSON document.
package struct AccountExport {
  package let env: HearthEnvironment
  package let modules: [any AccountModule]

  /// Decodable only so that /openapi.json can read its shape: reading one back takes the
  /// platform's parts and leaves each app's part (an object under the app's slug) out.
  package struct Document: Codable {
    var exportedAt: Date
    var user: AuthAPIController.UserBody
    var sessions: [SessionBody]
    var twoFactor: TwoFactorStatus
    var securityLog: [SecurityLog.Entry]
    var invitations: [InvitationsController.InvitationBody]
    var notifications: NotificationsController.Export
    /// Each app's part, under its slug.
    var apps: [(slug: String, data: any Encodable & Sendable)]

    struct Key: CodingKey {
      var stringValue: String
      var intValue: Int? { nil }
      init(stringValue: String) { self.stringValue = stringValue }
      init?(intValue: Int) { nil }
    }

    package func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: Key.self)
      try container.encode(exportedAt, forKey: Key(stringValue: "exportedAt"))
      try container.encode(user, forKey: Key(stringValue: "user"))
      try container.encode(sessions, forKey: Key(stringValue: "sessions"))
      try container.encode(twoFactor, forKey: Key(stringValue: "twoFactor"))
      try container.encode(securityLog, forKey: Key(stringValue: "securityLog"))
      try container.encode(invitations, forKey: Key(stringValue: "invitations"))
      try container.encode(notifications, forKey: Key(stringValue: "notifications"))
      for app in apps { try container.encode(app.data, forKey: Key(stringValue: app.slug)) }
    }
  }

  package struct SessionBody: Codable {
    var id, kind, label: String
    var createdAt, lastSeenAt, expiresAt: Date
    var revokedAt: Date?
  }

  package func export(_ user: User) async throws -> Document {
    let sessions = try await env.database.sessions(userID: user.id).map {
      SessionBody(
        id: $0.id, kind: $0.kind.rawValue, label: $0.label, createdAt: $0.createdAt,
        lastSeenAt: $0.lastSeenAt, expiresAt: $0.expiresAt, revokedAt: $0.revokedAt)
    }
    let invitations = try await InvitationsController(env: env, modules: modules).list(for: user)
    var apps: [(slug: String, data: any Encodable & Sendable)] = []
    for module in modules {
      if let data = try await module.export(for: user) {
        apps.append((type(of: module).app.slug, data))
      }
    }
    return Document(
      exportedAt: env.now(), user: .init(user), sessions: sessions,
      twoFactor: try await TwoFactor(database: env.database, tokens: env.tokens)
        .status(userID: user.id),
      securityLog: try await SecurityLog(
        database: env.database, newID: { UUID.random().uuidString }
      )
      .entries(userID: user.id, limit: 100_000),
      invitations: invitations.invitations,
      notifications: try await NotificationsController(env: env, modules: modules).export(user),
      apps: apps)
  }
}

extension AccountExport.Document {
  package init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Key.self)
    exportedAt = try container.decode(Date.self, forKey: Key(stringValue: "exportedAt"))
    user = try container.decode(AuthAPIController.UserBody.self, forKey: Key(stringValue: "user"))
    sessions = try container.decode(
      [AccountExport.SessionBody].self, forKey: Key(stringValue: "sessions"))
    twoFactor = try container.decode(TwoFactorStatus.self, forKey: Key(stringValue: "twoFactor"))
    securityLog = try container.decode(
      [SecurityLog.Entry].self, forKey: Key(stringValue: "securityLog"))
    invitations = try container.decode(
      [InvitationsController.InvitationBody].self, forKey: Key(stringValue: "invitations"))
    notifications = try container.decode(
      NotificationsController.Export.self, forKey: Key(stringValue: "notifications"))
    apps = []
  }
}
