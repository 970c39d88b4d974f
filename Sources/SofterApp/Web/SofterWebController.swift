import Foundation
import HearthPlatform
import Hummingbird
import SofterCore

/// The Softer pages. `?live=1` answers only the part of a page that changes, for softer.mjs.
struct SofterWebController: Sendable {
  let pages: WebPages
  var env: HearthEnvironment { pages.env }
  let rooms: SofterRooms

  func register(_ router: Router<AppRequestContext>) {
    let softer = router.group("/softer").add(middleware: SignedInPages())
    softer.get("", use: listPage)
    softer.get("/rooms/:roomId", use: roomPage)
  }

  @Sendable func listPage(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let user = try context.requireCaller().user
    if request.uri.queryParameters["live"] != nil {
      let zone = TimeZone(identifier: user.timeZone) ?? TimeZone(identifier: "UTC")!
      // One room's row, when the event stream says it changed.
      if let id = request.uri.queryParameters["room"].map(String.init) {
        guard let listing = try await rooms.listing(id, for: user) else {
          throw APIErrorResponse(.notFound("room"))
        }
        return pages.html(
          SofterPages.roomRow(listing, viewer: user.id, timeZone: zone, now: env.now()).render())
      }
      return pages.html(
        SofterPages.roomList(
          try await rooms.listings(for: user), viewer: user.id, timeZone: zone, now: env.now()
        ).render())
    }
    let list = try await rooms.listings(for: user)
    let tier = PaymentTier.defaultTier(
      lastUsed: try await env.database.softerStore.lastSofterTier(userID: user.id))
    return pages.html(
      SofterPages.list(
        try await pages.pageContext(request, context), rooms: list, viewer: user.id,
        defaultTier: tier, now: env.now()))
  }

  @Sendable func roomPage(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let id = context.parameters.get("roomId") ?? ""
    let user = try context.requireCaller().user
    let record = try await rooms.room(id, for: user)
    if request.uri.queryParameters["live"] != nil {
      return pages.html(SofterPages.live(record, viewer: user.id, now: env.now()).render())
    }
    return pages.html(
      SofterPages.room(
        try await pages.pageContext(request, context), record, viewer: user.id, now: env.now()))
  }
}
