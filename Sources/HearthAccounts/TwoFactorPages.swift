import Foundation
import HearthCore
import HearthNotifications
import HearthPlatform
import Hummingbird

/// The account page's two-factor forms: set up, confirm, new recovery codes, turn off.
package struct TwoFactorPages: Sendable {
  package let settings: AccountSettingsPages
  var pages: WebPages { settings.pages }
  var accounts: AccountService { settings.accounts }

  package func register(_ router: Router<AppRequestContext>) {
    router.group("/account/two-factor").add(middleware: SignedInPages()).get("", use: setupPage)
    router.post("/account/two-factor", use: begin)
    router.post("/account/two-factor/confirm", use: confirm)
    router.post("/account/two-factor/recovery-codes", use: renewRecoveryCodes)
    router.post("/account/two-factor/disable", use: disable)
  }

  /// The setup begun and not confirmed (after a reload); the account page otherwise.
  @Sendable func setupPage(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let caller = try context.requireCaller()
    guard let setup = try await accounts.pendingTwoFactor(caller.user) else {
      return pages.redirect("/account")
    }
    return pages.html(
      TwoFactorPage.setup(
        try await pages.pageContext(request, context), secret: setup.secret,
        otpauthURI: setup.otpauthURI))
  }

  @Sendable func begin(_ request: Request, _ context: AppRequestContext) async throws -> Response {
    guard let caller = context.caller else { return pages.redirect("/login") }
    do {
      _ = try await accounts.beginTwoFactor(caller.user)
      return pages.redirect("/account/two-factor")
    } catch let error as any UserFacingError {
      return pages.redirect("/account", flash: Flash(kind: .error, message: error.apiError.message))
    }
  }

  @Sendable func confirm(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    guard let caller = context.caller else { return pages.redirect("/login") }
    let form = try await pages.form(request)
    do {
      let codes = try await accounts.confirmTwoFactor(
        caller.user, code: form["code"], password: form["password"],
        origin: pages.origin(request, context))
      return pages.html(
        TwoFactorPage.recoveryCodes(try await pages.pageContext(request, context), codes: codes))
    } catch let error as any UserFacingError {
      guard let setup = try await accounts.pendingTwoFactor(caller.user) else {
        return pages.redirect("/account")
      }
      return pages.html(
        TwoFactorPage.setup(
          try await pages.pageContext(request, context), secret: setup.secret,
          otpauthURI: setup.otpauthURI, errors: FormErrors(error.apiError)),
        status: .init(code: error.apiError.status))
    }
  }

  @Sendable func renewRecoveryCodes(_ request: Request, _ context: AppRequestContext)
    async throws -> Response
  {
    guard let caller = context.caller else { return pages.redirect("/login") }
    let form = try await pages.form(request)
    do {
      let codes = try await accounts.renewRecoveryCodes(
        caller.user, password: form["password"], origin: pages.origin(request, context))
      return pages.html(
        TwoFactorPage.recoveryCodes(try await pages.pageContext(request, context), codes: codes))
    } catch let error as any UserFacingError {
      return try await settings.render(
        request, context, caller,
        errors: .init(twoFactor: FormErrors(error.apiError).prefixed("renew-")),
        status: error.apiError.status)
    }
  }

  @Sendable func disable(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    guard let caller = context.caller else { return pages.redirect("/login") }
    let form = try await pages.form(request)
    do {
      try await accounts.disableTwoFactor(
        caller.user, password: form["password"], code: form["code"],
        origin: pages.origin(request, context))
      return pages.redirect(
        "/account", flash: Flash(kind: .success, message: "Two-factor sign-in is off."))
    } catch let error as any UserFacingError {
      return try await settings.render(
        request, context, caller,
        errors: .init(twoFactor: FormErrors(error.apiError).prefixed("off-")),
        status: error.apiError.status)
    }
  }
}
