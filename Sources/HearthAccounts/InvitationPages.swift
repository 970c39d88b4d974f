import Foundation
import HearthCore
import HearthNotifications
import HearthPlatform
import Hummingbird

/// The invitations page: every pending invitation across the apps.
package struct InvitationPages: Sendable {
  package let pages: WebPages
  package let modules: [any AccountModule]

  package init(pages: WebPages, modules: [any AccountModule]) {
    self.pages = pages
    self.modules = modules
  }

  package func register(_ router: Router<AppRequestContext>) {
    router.group("/invitations").add(middleware: SignedInPages()).get("", use: invitations)
    router.post("/invitations/respond", use: respond)
  }

  @Sendable func invitations(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let user = try context.requireCaller().user
    let invitations = try await InvitationsController(env: pages.env, modules: modules)
      .live(for: user)
    let page = try await pages.pageContext(request, context)
    return pages.html(InvitationsPage.render(page, invitations: invitations))
  }

  /// Signed-out people go to /login with no way back, so this form keeps its own check rather
  /// than joining `SignedInPages`.
  @Sendable func respond(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    guard let caller = context.caller else { return pages.redirect("/login") }
    let form = try await pages.form(request)
    try await InvitationsController(env: pages.env, modules: modules).respond(
      user: caller.user, app: form["app"], kind: form["kind"], resourceID: form["resourceId"],
      decision: form["decision"])
    let accepted = form["decision"] == "accept"
    return pages.redirect(
      "/invitations",
      flash: Flash(
        kind: .success, message: accepted ? "Invitation accepted." : "Invitation declined."))
  }
}
