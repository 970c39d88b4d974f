import Foundation
import HearthCore
import HearthPlatform
import Hummingbird

/// The page control for Sign in with Apple: link or unlink the account's Apple ID.
struct OnpuAppleWebController: Sendable {
  let pages: WebPages
  let apple: OnpuAppleSignIn

  func register(_ router: Router<AppRequestContext>) {
    let signedIn = router.group("/onpu/apple").add(middleware: SignedInPages())
    signedIn.get("", use: show)
    signedIn.post("/link", use: link)
    signedIn.post("/unlink", use: unlink)
  }

  @Sendable func show(_ request: Request, _ context: AppRequestContext) async throws -> Response {
    let user = try context.requireCaller().user
    return pages.html(
      OnpuPages.apple(
        try await pages.pageContext(request, context),
        link: try await apple.store.appleLink(userID: user.id)))
  }

  @Sendable func link(_ request: Request, _ context: AppRequestContext) async throws -> Response {
    let user = try context.requireCaller().user
    let form = try await pages.form(request)
    do {
      let token = try await apple.verify(
        identityToken: form["identityToken"]?.trimmingCharacters(in: .whitespacesAndNewlines),
        nonce: form["nonce"]?.trimmingCharacters(in: .whitespacesAndNewlines))
      _ = try await apple.link(token, to: user)
      return pages.redirect(
        "/onpu/apple", flash: Flash(kind: .success, message: "Your Apple ID is linked."))
    } catch let failure as APIErrorResponse {
      return pages.html(
        OnpuPages.apple(
          try await pages.pageContext(request, context), link: nil, error: failure.error.message),
        status: failure.status)
    }
  }

  @Sendable func unlink(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let user = try context.requireCaller().user
    _ = try await apple.store.unlinkApple(userID: user.id)
    return pages.redirect(
      "/onpu/apple", flash: Flash(kind: .success, message: "Your Apple ID is unlinked."))
  }
}
