import Foundation
import HTTPTypes
import HearthCore
import HearthNotifications
import HearthPlatform
import HearthSQL
import Hummingbird

/// Sign-up, log-in, log-out, password reset and the account page, as HTML forms.
package struct AccountPages: Sendable {
  package let pages: WebPages
  package let accounts: AccountService
  package let modules: [any AccountModule]

  package init(pages: WebPages, accounts: AccountService, modules: [any AccountModule]) {
    self.pages = pages
    self.accounts = accounts
    self.modules = modules
  }
  package var env: HearthEnvironment { pages.env }

  package func register(_ router: Router<AppRequestContext>) {
    router.get("/signup", use: signupPage)
    router.post("/signup", use: signup)
    router.get("/login", use: loginPage)
    router.post("/login", use: login)
    router.post("/login/code", use: loginCode)
    router.post("/logout", use: logout)
    router.get("/reset-password", use: resetPasswordPage)
    router.post("/reset-password", use: resetPassword)
    AccountSettingsPages(pages: pages, accounts: accounts, modules: modules).register(router)
    AccountEmailPages(pages: pages).register(router)
  }

  @Sendable func signupPage(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let page = try await pages.pageContext(request, context)
    let next = request.uri.queryParameters.get("next").map { String($0) }
    guard let token = request.uri.queryParameters.get("invitation").map({ String($0) }) else {
      return pages.html(SignupPage.render(page, values: SignupValues(next: next)))
    }
    guard let email = try await EmailInvitations(env: env).email(token: token) else {
      return pages.html(
        SignupPage.render(
          page, values: SignupValues(next: next),
          errors: FormErrors(
            general: try await EmailInvitations(env: env).staleReason(token: token))),
        status: .badRequest)
    }
    return pages.html(
      SignupPage.render(page, values: SignupValues(email: email, next: next, invitation: token)))
  }

  @Sendable func signup(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let form = try await pages.form(request)
    let input = AccountService.SignupInput(
      email: form["email"], displayName: form["displayName"], password: form["password"],
      phone: form["phone"], timeZone: form["timeZone"], invitation: form["invitation"])
    do {
      let (user, invited) = try await accounts.signupWithInvitation(
        input, origin: pages.origin(request, context))
      guard invited else {
        return try await signIn(
          user, request: request, next: LoginPage.safeNext(form["next"]),
          flash: "Welcome to Hearth, \(user.displayName).")
      }
      return try await signIn(
        user, request: request, next: "/invitations",
        flash: "Welcome to Hearth, \(user.displayName). Here is what you were invited to.")
    } catch let error as any UserFacingError {
      let invitedEmail = try await EmailInvitations(env: env).email(token: input.invitation)
      let values = SignupValues(
        email: invitedEmail ?? input.email ?? "", displayName: input.displayName ?? "",
        phone: input.phone ?? "", timeZone: input.timeZone ?? "UTC", next: form["next"],
        invitation: invitedEmail == nil ? "" : input.invitation ?? "")
      let page = try await pages.pageContext(request, context)
      return pages.html(
        SignupPage.render(page, values: values, errors: FormErrors(error.apiError)),
        status: .init(code: error.apiError.status))
    }
  }

  @Sendable func loginPage(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let page = try await pages.pageContext(request, context)
    return pages.html(
      LoginPage.render(page, next: request.uri.queryParameters.get("next")))
  }

  @Sendable func login(_ request: Request, _ context: AppRequestContext) async throws -> Response {
    let form = try await pages.form(request)
    let origin = pages.origin(request, context)
    do {
      switch try await accounts.checkCredentials(
        email: form["email"], password: form["password"], origin: origin)
      {
      case .signedIn(let user):
        try await accounts.noteSignIn(user, origin: origin)
        return try await signIn(user, request: request, next: LoginPage.safeNext(form["next"]))
      case .needsSecondFactor(let user):
        let challenge = try await accounts.createSignInChallenge(
          for: user, label: AuthAPIController.label(request))
        return pages.html(
          TwoFactorPage.signInCode(
            try await pages.pageContext(request, context), challenge: challenge,
            next: form["next"]))
      }
    } catch let error as any UserFacingError {
      let page = try await pages.pageContext(request, context)
      return pages.html(
        LoginPage.render(
          page, email: form["email"] ?? "", next: form["next"], error: error.apiError.message),
        status: .init(code: error.apiError.status))
    }
  }

  @Sendable func loginCode(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let form = try await pages.form(request)
    let challenge = form["challenge"] ?? ""
    do {
      let user = try await accounts.completeSignInChallenge(
        challenge, code: form["code"], origin: pages.origin(request, context))
      return try await signIn(user, request: request, next: LoginPage.safeNext(form["next"]))
    } catch let error as any UserFacingError {
      let page = try await pages.pageContext(request, context)
      guard error.apiError.code != "sign_in_expired" else {
        return pages.html(
          LoginPage.render(page, next: form["next"], error: error.apiError.message),
          status: .unauthorized)
      }
      return pages.html(
        TwoFactorPage.signInCode(
          page, challenge: challenge, next: form["next"], error: error.apiError.message),
        status: .init(code: error.apiError.status))
    }
  }

  @Sendable func logout(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    if let caller = context.caller {
      try await accounts.endSession(id: caller.session.id, userID: caller.user.id)
    }
    var response = pages.redirect("/", flash: Flash(kind: .info, message: "You are logged out."))
    response.setCookie(pages.sessionCookie(nil, maxAge: 0))
    return response
  }

  @Sendable func resetPasswordPage(_ request: Request, _ context: AppRequestContext)
    async throws -> Response
  {
    let page = try await pages.pageContext(request, context)
    return pages.html(
      ResetPasswordPage.render(page, token: request.uri.queryParameters.get("token") ?? ""))
  }

  @Sendable func resetPassword(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let form = try await pages.form(request)
    let token = form["token"] ?? ""
    let now = env.now()
    let page = try await pages.pageContext(request, context)
    guard let session = try await env.database.session(tokenHash: TokenService.hash(token)),
      session.kind == .passwordReset, session.isLive(at: now),
      var user = try await env.database.user(id: session.userID)
    else {
      return pages.html(
        ResetPasswordPage.render(
          page, token: token,
          errors: FormErrors(
            general: "This reset link is invalid or has expired. Ask for a new one.")),
        status: .badRequest)
    }
    do {
      let password = try AccountRules.password(form["newPassword"], field: "newPassword")
      let original = user
      user.passwordHash = try await accounts.hashPassword(password)
      try await env.database.updateUser(user, from: original)
      env.callers.forget(userID: user.id)
      try await accounts.endSessions(userID: user.id)
      try await accounts.note(
        .passwordReset, userID: user.id, origin: pages.origin(request, context),
        detail: "With a reset link; every session ended.")
      return pages.html(ResetPasswordPage.done(page))
    } catch let error as any UserFacingError {
      return pages.html(
        ResetPasswordPage.render(page, token: token, errors: FormErrors(error.apiError)),
        status: .badRequest)
    }
  }

  package func signIn(_ user: User, request: Request, next: String = "/", flash: String? = nil)
    async throws -> Response
  {
    let (token, _) = try await accounts.createWebSession(
      for: user, label: AuthAPIController.label(request))
    var response = pages.redirect(next, flash: flash.map { Flash(kind: .success, message: $0) })
    response.setCookie(pages.sessionCookie(token, maxAge: env.config.webSessionSeconds))
    return response
  }
}
