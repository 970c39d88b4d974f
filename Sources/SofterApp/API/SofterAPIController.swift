import CanonicalJSON
import Foundation
import HearthCore
import HearthOpenAPI
import HearthPlatform
import Hummingbird
import SofterCore

/// /api/softer: rooms, and everything a participant does in one.
struct SofterAPIController: Sendable {
  let rooms: SofterRooms
  var env: HearthEnvironment { rooms.env }
  static let roomPath = "/api/softer/rooms/:roomId"

  struct CreateInput: Decodable, JSONSchemaRefined {
    struct Invitee: Decodable, JSONSchemaRefined {
      var contact: String?
      var nickname: String?

      static let schemaRequired = ["contact", "nickname"]
      static let schemaRefinements: [String: JSON] = [
        "contact": ["minLength": 1, "maxLength": 254],
        "nickname": ["minLength": 1, "maxLength": 40],
      ]
    }

    var nickname: String?
    var participants: [Invitee]?
    var tier: Int?
    /// After this many days on one person's turn, it passes; 0 or absent: no limit.
    var turnLimitDays: Int?

    static let schemaRequired = ["nickname"]
    static let schemaRefinements: [String: JSON] = [
      "nickname": ["minLength": 1, "maxLength": 40], "participants": ["maxItems": 10],
      "tier": ["enum": [1, 10, 100, 1000]],
      "turnLimitDays": [
        "enum": .array(([0] + Presence.turnLimitChoices).map { .number(Double($0)) })
      ],
    ]
  }

  struct TextInput: Decodable, JSONSchemaRefined {
    var text: String?

    static let schemaRequired = ["text"]
    static let schemaRefinements: [String: JSON] = [
      "text": ["minLength": 1, "maxLength": 20_000]
    ]
  }

  struct ComposingInput: Decodable, JSONSchemaRefined {
    var composing: Bool?

    static let schemaRequired = ["composing"]
  }

  /// One room, as every answer about a room carries it.
  struct RoomEnvelope: Codable {
    var room: SofterRoomBody
  }

  struct InvitationList: Codable {
    var invitations: [SofterPendingInvitation]
  }

  struct RoomList: Codable {
    var rooms: [SofterRoomBody]
    var defaultTier: PaymentTier
  }

  func register(_ api: APIRouteTable) {
    api.add(
      APIOperation(
        .post, "/api/softer/rooms",
        summary:
          "Open a room: you, Lightward, and the people you name by email (an address with no "
          + "account is mailed a sign-up link once Lightward accepts)",
        tag: "softer",
        requestBody: Schemas.of(CreateInput.self),
        responses: [(201, Schemas.of(RoomEnvelope.self))], errors: [400, 401, 413, 422]),
      use: createRoom)
    api.add(
      APIOperation(
        .get, "/api/softer/rooms", summary: "Every room you have a seat in, newest first",
        tag: "softer",
        responses: [(200, Schemas.of(RoomList.self))], errors: [401]),
      use: listRooms)
    api.add(
      APIOperation(
        .get, Self.roomPath, summary: "One room with its whole ledger", tag: "softer",
        responses: [(200, Schemas.of(RoomEnvelope.self))], errors: [401, 404]),
      use: showRoom)
    api.add(
      Self.roomChange("here", "Say you are here (an invitee of a pending room)"), use: arrive)
    api.add(
      Self.roomChange("decline", "Decline a pending room; it ends for everyone"), use: decline)
    api.add(
      Self.roomChange(
        "cancel", "Cancel a room you opened while it waits for someone (403 for anyone else)",
        errors: [401, 403, 404, 409]),
      use: cancel)
    api.add(
      Self.roomChange("pass", "Pass your turn: the room notes that you are listening"),
      use: pass)
    api.add(
      Self.roomChange("hand", "Raise a hand when it is not your turn"), use: raiseHand)
    api.add(
      APIOperation(
        .delete, "\(Self.roomPath)/hand", summary: "Lower the hand you raised in this turn",
        tag: "softer", responses: [(200, Schemas.of(RoomEnvelope.self))],
        errors: [401, 404, 409]),
      use: lowerHand)
    api.add(
      Self.roomChange("leave", "Leave an active room; it ends for everyone"), use: leave)
    api.add(
      APIOperation(
        .post, "\(Self.roomPath)/messages",
        summary: "Speak on your turn (409 not_your_turn otherwise)", tag: "softer",
        requestBody: Schemas.of(TextInput.self),
        responses: [(201, Schemas.of(RoomEnvelope.self))], errors: [400, 401, 404, 409, 413]),
      use: sendMessage)
    api.add(
      APIOperation(
        .post, "\(Self.roomPath)/composing",
        summary: "Say you are typing, or have stopped (shown to others for 30 seconds)",
        tag: "softer",
        requestBody: Schemas.of(ComposingInput.self),
        responses: [(204, nil)], errors: [400, 401, 404, 409, 413]),
      use: setComposing)
    api.add(
      APIOperation(
        .post, "\(Self.roomPath)/cenotaph",
        summary: "Ask Lightward for the ended room's cenotaph (originator only)", tag: "softer",
        responses: [(202, Schemas.of(RoomEnvelope.self))], errors: [401, 403, 404, 409]),
      use: requestCenotaph)
    api.add(
      APIOperation(
        .post, "\(Self.roomPath)/retry",
        summary: "Ask Lightward again after its attempts gave up", tag: "softer",
        responses: [(200, Schemas.of(RoomEnvelope.self))], errors: [401, 404, 409]),
      use: retry)
    api.add(
      APIOperation(
        .get, "\(Self.roomPath)/invitations",
        summary: "The room's invitations not yet answered (originator only)", tag: "softer",
        responses: [(200, Schemas.of(InvitationList.self))], errors: [401, 403, 404]),
      use: listInvitations)
    api.add(
      Self.roomChange(
        "invitations/:participantId/withdraw",
        "Withdraw one person's invitation (originator only); the room, whose roster is fixed, "
          + "ends (cancelled)",
        errors: [401, 403, 404, 409]),
      use: withdraw)
    api.add(
      APIOperation(
        .delete, Self.roomPath,
        summary: "The originator deletes the room for everyone; others leave or decline it",
        tag: "softer", responses: [(204, nil)], errors: [401, 404]),
      use: deleteRoom)
  }

  /// A change a participant makes to a room, answered with the room.
  static func roomChange(_ name: String, _ summary: String, errors: [Int] = [401, 404, 409])
    -> APIOperation
  {
    APIOperation(
      .post, "\(roomPath)/\(name)", summary: summary, tag: "softer",
      responses: [(200, Schemas.of(RoomEnvelope.self))], errors: errors)
  }

  @Sendable func createRoom(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let user = try context.requireCaller().user
    let input = try await JSONBody.decode(
      CreateInput.self, from: request, route: "POST /api/softer/rooms")
    let invitees = (input.participants ?? []).map {
      SofterRooms.Invitee(contact: $0.contact ?? "", nickname: $0.nickname ?? "")
    }
    let turnLimitDays: Int?
    switch Presence.turnLimit(input.turnLimitDays) {
    case .success(let days): turnLimitDays = days
    case .failure(let error): throw APIErrorResponse(.invalid("turnLimitDays", error.message))
    }
    let record = try await rooms.create(
      by: user, nickname: input.nickname, invitees: invitees, tier: input.tier,
      turnLimitDays: turnLimitDays)
    return reply(record, user, status: .created)
  }

  @Sendable func listRooms(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let user = try context.requireCaller().user
    let now = env.now()
    let list = try await rooms.listings(for: user).map {
      SofterRoomBody($0, viewer: user.id, at: now)
    }
    let tier = PaymentTier.defaultTier(
      lastUsed: try await env.database.softerStore.lastSofterTier(userID: user.id))
    return JSONBody.response(RoomList(rooms: list, defaultTier: tier))
  }

  @Sendable func showRoom(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let user = try context.requireCaller().user
    return reply(try await rooms.room(try roomID(context), for: user), user)
  }

  @Sendable func arrive(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let user = try context.requireCaller().user
    let id = try roomID(context)
    return reply(try await rooms.arrive(id, by: user), user)
  }

  @Sendable func decline(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let user = try context.requireCaller().user
    let id = try roomID(context)
    return reply(try await rooms.decline(id, by: user), user)
  }

  @Sendable func cancel(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let user = try context.requireCaller().user
    return reply(try await rooms.cancel(try roomID(context), by: user), user)
  }

  @Sendable func pass(_ request: Request, _ context: AppRequestContext) async throws -> Response {
    try await act(context) { room, me, now throws(RoomError) in
      try room.pass(from: me, at: now)
    }
  }

  @Sendable func raiseHand(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    try await act(context) { room, me, now throws(RoomError) in
      try room.raiseHand(from: me, at: now)
    }
  }

  @Sendable func lowerHand(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    try await act(context) { room, me, now throws(RoomError) in
      try room.lowerHand(from: me, at: now)
    }
  }

  @Sendable func leave(_ request: Request, _ context: AppRequestContext) async throws -> Response {
    try await act(context) { room, me, now throws(RoomError) in
      try room.leave(me, at: now)
    }
  }

  @Sendable func sendMessage(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let user = try context.requireCaller().user
    let input = try await JSONBody.decode(
      TextInput.self, from: request, route: "POST \(Self.roomPath)/messages")
    guard let text = input.text else { throw APIErrorResponse(.missing("text")) }
    guard text.count <= SofterRooms.maximumMessage else {
      throw APIErrorResponse(
        .invalid("text", "A message has at most \(SofterRooms.maximumMessage) characters."))
    }
    let messageID = env.newID()
    let record = try await rooms.act(on: try roomID(context), by: user) {
      room, me, now throws(RoomError) in
      try room.send(text, from: me, messageID: messageID, at: now)
    }
    return reply(record, user, status: .created)
  }

  @Sendable func setComposing(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let user = try context.requireCaller().user
    let input = try await JSONBody.decode(
      ComposingInput.self, from: request, route: "POST \(Self.roomPath)/composing")
    guard let composing = input.composing else { throw APIErrorResponse(.missing("composing")) }
    try await rooms.setComposing(composing, in: try roomID(context), by: user)
    return Response(status: .noContent)
  }

  @Sendable func requestCenotaph(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let user = try context.requireCaller().user
    return reply(
      try await rooms.requestCenotaph(try roomID(context), by: user), user, status: .accepted)
  }

  @Sendable func retry(_ request: Request, _ context: AppRequestContext) async throws -> Response {
    let user = try context.requireCaller().user
    return reply(try await rooms.retryLightward(try roomID(context), by: user), user)
  }

  @Sendable func listInvitations(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let user = try context.requireCaller().user
    return JSONBody.response(
      InvitationList(
        invitations: try await rooms.pendingInvitations(try roomID(context), for: user)))
  }

  @Sendable func withdraw(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let user = try context.requireCaller().user
    let participantID = context.parameters.get("participantId") ?? ""
    return reply(
      try await rooms.withdraw(participantID, in: try roomID(context), by: user), user)
  }

  @Sendable func deleteRoom(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let user = try context.requireCaller().user
    try await rooms.delete(try roomID(context), by: user)
    return Response(status: .noContent)
  }

  /// Applies `change` to the caller's room and answers with the room.
  private func act(
    _ context: AppRequestContext,
    _ change: @escaping @Sendable (Room, String, Date) throws(RoomError) -> Room.Change
  ) async throws -> Response {
    let user = try context.requireCaller().user
    return reply(try await rooms.act(on: try roomID(context), by: user, change), user)
  }

  private func roomID(_ context: AppRequestContext) throws -> String {
    guard let id = context.parameters.get("roomId"), !id.isEmpty else {
      throw APIErrorResponse(.notFound("room"))
    }
    return id
  }

  private func reply(
    _ record: SofterRoomRecord, _ user: User, status: HTTPResponse.Status = .ok
  ) -> Response {
    JSONBody.response(
      RoomEnvelope(
        room: SofterRoomBody(record, viewer: user.id, at: env.now(), withMessages: true)),
      status: status)
  }
}
