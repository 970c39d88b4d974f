import Foundation
import HTTPTypes
import HearthCore
import HearthNotifications
import HearthPlatform
import Hummingbird

/// Forgot password, email confirmation and sign-up from an invitation by email, as HTML.
package struct AccountEmailPages: Sendable {
  package let pages: WebPages
  package var env: HearthEnvironment { pages.env }
  var mailOff: Bool { env.config.smtp == nil }

  package func register(_ router: Router<AppRequestContext>) {
    router.get("/forgot-password", use: forgotPasswordPage)
    router.post("/forgot-password", use: forgotPassword)
    router.get("/verify-email", use: verifyEmail)
    router.post("/account/verification-email", use: resendVerification)
  }

  @Sendable func forgotPasswordPage(_ request: Request, _ context: AppRequestContext)
    async throws -> Response
  {
    pages.html(
      ForgotPasswordPage.render(try await pages.pageContext(request, context), mailOff: mailOff))
  }

  @Sendable func forgotPassword(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let form = try await pages.form(request)
    let page = try await pages.pageContext(request, context)
    do {
      try await ForgotPassword(env: env).request(
        email: form["email"], origin: pages.origin(request, context))
      return pages.html(ForgotPasswordPage.sent(page, mailOff: mailOff))
    } catch let error as any UserFacingError {
      return pages.html(
        ForgotPasswordPage.render(
          page, email: form["email"] ?? "", mailOff: mailOff, errors: FormErrors(error.apiError)),
        status: .init(code: error.apiError.status))
    }
  }

  @Sendable func verifyEmail(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let token = request.uri.queryParameters.get("token")
    do {
      let user = try await EmailVerification(env: env).verify(token: token)
      return pages.html(
        VerifyEmailPage.done(try await pages.pageContext(request, context), email: user.email))
    } catch let error as any UserFacingError {
      return pages.html(
        VerifyEmailPage.invalid(try await pages.pageContext(request, context)),
        status: .init(code: error.apiError.status))
    }
  }

  @Sendable func resendVerification(_ request: Request, _ context: AppRequestContext)
    async throws -> Response
  {
    _ = try await pages.form(request)
    guard let caller = context.caller else { return pages.redirect("/login") }
    let back = LoginPage.safeNext(request.headers[.referer].flatMap { URL(string: $0)?.path })
    do {
      try await EmailVerification(env: env).send(to: caller.user)
      return pages.redirect(
        back, flash: Flash(kind: .success, message: "We sent a new link to \(caller.user.email)."))
    } catch let error as any UserFacingError {
      return pages.redirect(back, flash: Flash(kind: .error, message: error.apiError.message))
    }
  }
}
