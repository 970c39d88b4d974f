import Foundation
import HearthPlatform
import Hummingbird
import SofterCore

/// The Softer pages. `?live=1` answers only the part of a page that changes, for softer.js.
struct SofterWebController {
  let pages: WebPages
  var env: HearthEnvironment { pages.env }
  let rooms: SofterRooms

  func register(_ router: Router<AppRequestContext>) {
    router.get("/softer") { request, context in
      guard let caller = context.caller else { return pages.redirect("/login?next=/softer") }
      let user = caller.user
      let list = try await rooms.rooms(for: user)
      if request.uri.queryParameters["live"] != nil {
        return pages.html(SofterPages.roomList(list, viewer: user.id).render())
      }
      let tier = PaymentTier.defaultTier(
        lastUsed: try await env.database.softerStore.lastSofterTier(userID: user.id))
      return pages.html(
        SofterPages.list(
          try await pages.pageContext(request, context), rooms: list, viewer: user.id,
          defaultTier: tier))
    }
    router.get("/softer/rooms/:roomId") { request, context in
      let id = context.parameters.get("roomId") ?? ""
      guard let caller = context.caller else {
        return pages.redirect("/login?next=/softer/rooms/\(id)")
      }
      let record = try await rooms.room(id, for: caller.user)
      if request.uri.queryParameters["live"] != nil {
        return pages.html(
          SofterPages.live(record, viewer: caller.user.id, now: env.now()).render())
      }
      return pages.html(
        SofterPages.room(
          try await pages.pageContext(request, context), record, viewer: caller.user.id,
          now: env.now()))
    }
  }
}
