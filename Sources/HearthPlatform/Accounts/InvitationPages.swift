import Foundation
import HearthCore
import Hummingbird

/// The invitations page: every pending invitation across the apps.
package struct InvitationPages {
  package let pages: WebPages

  package func register(_ router: Router<AppRequestContext>) {
    router.get("/invitations") { request, context in
      guard let caller = context.caller else {
        return pages.redirect("/login?next=/invitations")
      }
      let invitations = try await pages.env.database.pendingInvitations(userID: caller.user.id)
      let page = try await pages.pageContext(request, context)
      return pages.html(InvitationsPage.render(page, invitations: invitations))
    }
    router.post("/invitations/respond") { request, context in
      guard let caller = context.caller else { return pages.redirect("/login") }
      let form = try await pages.form(request)
      try await InvitationsController(env: pages.env, modules: pages.modules).respond(
        user: caller.user, app: form["app"], kind: form["kind"], resourceID: form["resourceId"],
        decision: form["decision"])
      let accepted = form["decision"] == "accept"
      return pages.redirect(
        "/invitations",
        flash: Flash(
          kind: .success, message: accepted ? "Invitation accepted." : "Invitation declined."))
    }
  }
}
