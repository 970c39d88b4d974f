import HearthCore
import HearthHost
import HearthPlatform
import HearthSQL
import SofterCore

/// Softer on the platform: rooms, their pages and API, and Lightward's turns as jobs.
public struct SofterModule: HearthAppModule {
  public static let app = HearthApp(
    slug: "softer", name: "Softer",
    summary: "Turn-based group conversations where Lightward, an AI, takes part as an equal.",
    start: "Open a room with the people you choose; Lightward takes its turn like everyone else.")
  public static let configSections: [any ConfigSection.Type] = [SofterConfig.self]
  public static var notificationKinds: [NotificationKind] { SofterNotices.kinds }
  public static var assets: [StaticAsset] { [SofterAssets.script, SofterAssets.stylesheet] }
  public static var schema: AppSchema { SofterSchema.all }

  let rooms: SofterRooms

  public init(env: HearthEnvironment) {
    let config = env.config.softer
    let voice: any SofterVoice =
      if config.voice == .llm, let llm = env.llm {
        ModelVoice(client: llm)
      } else {
        LightwardClient(url: config.lightwardURL, timeoutSeconds: config.lightwardTimeoutSeconds)
      }
    rooms = SofterRooms(env: env, voice: voice, payments: LedgerPaymentProvider())
  }

  public var jobHandlers: [String: JobHandler] { rooms.handlers }

  public func register(_ routes: AppRoutes) {
    SofterAPIController(rooms: rooms).register(routes.api)
    SofterWebController(pages: routes.pages, rooms: rooms).register(routes.router)
  }

  /// A room's invitation is answered by the room, whose rules apply (a decline ends it).
  public func answerInvitation(_ resource: ResourceRef, accept: Bool, by user: User) async throws
    -> Bool
  {
    guard resource == SofterRooms.resource(resource.id) else { return false }
    try await rooms.claimEmailSeats(of: user, roomID: resource.id)
    // A room that ended, or whose opener withdrew the invitation, took it back.
    switch try await rooms.env.database.participant(resource, userID: user.id)?.status {
    case .invited: break
    case .removed:
      throw APIErrorResponse(try await rooms.takenBack(resource.id, from: user))
    default: throw APIErrorResponse(.notFound("invitation"))
    }
    _ =
      accept
      ? try await rooms.arrive(resource.id, by: user)
      : try await rooms.decline(resource.id, by: user)
    return true
  }

  /// The person departs from every room they are in or are to be invited to, which ends it
  /// for the others; the others keep its ledger (the schema's cleanup hands a room they opened
  /// to someone else in it).
  public func accountWillBeDeleted(_ user: User) async throws {
    for record in try await rooms.env.database.softerStore.softerRooms(userID: user.id) {
      try await rooms.depart(record.id, by: user)
    }
  }

  /// Every room this person has a seat in, with its whole ledger.
  public func export(for user: User) async throws -> (any Encodable & Sendable)? {
    let now = rooms.env.now()
    return try await rooms.env.database.softerStore.softerRooms(userID: user.id)
      .filter { $0.participantID(ofUser: user.id) != nil }
      .map { SofterRoomBody($0, viewer: user.id, at: now, withMessages: true) }
  }
}
