import CanonicalJSON
import Foundation
import HearthAccounts
import HearthCore
import HearthOpenAPI
import HearthPlatform
import Hummingbird
import NIOCore

/// /api/redo: device keys, node upload and download, and sharing a task.
struct RedoAPIController: Sendable {
  let env: HearthEnvironment
  let accounts: AccountService
  var sync: RedoSync { RedoSync(env: env) }

  /// Stated by hand: nodes are read as strict JSON and validated by RedoCore (upload), and a page
  /// is spliced from the stored node text (`page`), so no body type carries these shapes.
  static let nodeSchema: JSON = ["type": "object", "description": "A REDO v1 node"]
  static let nodePage = Schemas.object(
    [
      ("nodes", ["type": "array", "items": nodeSchema]), ("cursor", Schemas.integer),
      ("more", ["type": "boolean"]),
    ], required: ["nodes", "cursor", "more"])
  static let taskPath = "/api/redo/tasks/:taskId"

  struct KeyInput: Decodable, JSONSchemaRefined {
    var publicKey: String?
    var proof: String?
    var label: String?

    static let schemaRequired = ["publicKey", "proof"]
    static let schemaRefinements: [String: JSON] = [
      "publicKey": ["pattern": "^[0-9a-f]{64}$"], "proof": ["pattern": "^[0-9a-f]{128}$"],
      "label": ["maxLength": 80],
    ]
  }

  struct KeyBody: Codable {
    var publicKey, label: String
    var createdAt: Date
  }

  struct KeyList: Codable {
    var keys: [KeyBody]
  }

  struct UploadResults: Codable {
    var results: [RedoSync.Verdict]
  }

  struct TaskIDs: Codable {
    var taskIds: [String]
  }

  struct ShareInput: Decodable, JSONSchemaRefined {
    var email: String?
    var permission: String?

    static let schemaRequired = ["email", "permission"]
    static let schemaRefinements: [String: JSON] = [
      "email": ["format": "email", "maxLength": 254],
      "permission": ["enum": ["read-only", "read-write"]],
    ]
  }

  struct ParticipantBody: Codable {
    var userId, displayName, status, permission: String
    /// Only the owner, who invited them by it, sees each person's email.
    var email: String?
  }

  struct Participants: Codable {
    var participants: [ParticipantBody]
    /// For the owner: invitations by email nobody has answered yet.
    var invitations: [ShareInvitations.Emailed]?
  }

  func register(_ api: APIRouteTable) {
    api.add(
      APIOperation(
        .post, "/api/redo/keys", summary: "Register a device's Ed25519 public key", tag: "redo",
        requestBody: Schemas.of(KeyInput.self),
        responses: [(200, Schemas.of(KeyList.self))], errors: [400, 401, 409, 413]),
      use: registerKey)
    api.add(
      APIOperation(
        .get, "/api/redo/keys", summary: "The device keys registered to this account", tag: "redo",
        responses: [(200, Schemas.of(KeyList.self))], errors: [401]),
      use: listKeys)
    api.add(
      APIOperation(
        .delete, "/api/redo/keys/:publicKey",
        summary: "Revoke a device key: what it signed stays, what it signs next is refused",
        tag: "redo", responses: [(200, Schemas.of(KeyList.self))], errors: [401, 404]),
      use: revokeKey)
    api.add(
      APIOperation(
        .post, "/api/redo/nodes",
        summary: "Upload up to 400 signed nodes (body limit 2 MiB); each gets its own verdict",
        tag: "redo",
        requestBody: Schemas.object(
          [("nodes", ["type": "array", "items": Self.nodeSchema, "maxItems": 400])],
          required: ["nodes"]),
        responses: [(200, Schemas.of(UploadResults.self))], errors: [400, 401, 413]),
      use: uploadNodes)
    api.add(
      APIOperation(
        .get, "/api/redo/nodes", summary: "Nodes this account may see, after a cursor", tag: "redo",
        query: [
          ("since", ["type": "integer", "minimum": 0], false),
          ("limit", ["type": "integer", "minimum": 1, "maximum": 2000], false),
        ],
        responses: [(200, Self.nodePage)], errors: [400, 401]),
      use: downloadNodes)
    api.add(
      APIOperation(
        .get, "/api/redo/tasks", summary: "Ids of the tasks this account owns or has accepted",
        tag: "redo",
        responses: [(200, Schemas.of(TaskIDs.self))], errors: [401]),
      use: listTasks)
    api.add(
      APIOperation(
        .get, "\(Self.taskPath)/nodes", summary: "Every node of one task", tag: "redo",
        responses: [(200, Self.nodePage)], errors: [401, 404]),
      use: taskNodes)
    api.add(
      APIOperation(
        .get, "\(Self.taskPath)/share", summary: "Everyone a task is shared with", tag: "redo",
        responses: [(200, Schemas.of(Participants.self))], errors: [401, 404]),
      use: listParticipants)
    api.add(
      APIOperation(
        .post, "\(Self.taskPath)/share", summary: "Invite someone to a task you own", tag: "redo",
        requestBody: Schemas.of(ShareInput.self),
        responses: [(200, Schemas.of(Participants.self))], errors: [400, 401, 403, 404, 413]),
      use: shareTask)
    api.add(
      APIOperation(
        .delete, "\(Self.taskPath)/share/:userId",
        summary: "Remove someone from a task you own, or leave a task shared with you",
        tag: "redo", responses: [(200, Schemas.of(Participants.self))], errors: [401, 403, 404]),
      use: unshareTask)
  }

  @Sendable func registerKey(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let user = try context.requireCaller().user
    let input = try await JSONBody.decode(
      KeyInput.self, from: request, route: "POST /api/redo/keys")
    guard let publicKey = input.publicKey else { throw APIErrorResponse(.missing("publicKey")) }
    guard let proof = input.proof else { throw APIErrorResponse(.missing("proof")) }
    let label = String((input.label ?? "").prefix(80))
    try await sync.registerKey(publicKey: publicKey, proof: proof, label: label, for: user)
    return try await keys(of: user)
  }

  @Sendable func listKeys(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    try await keys(of: try context.requireCaller().user)
  }

  @Sendable func revokeKey(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let user = try context.requireCaller().user
    let publicKey = context.parameters.get("publicKey") ?? ""
    guard try await env.database.redoStore.revokeRedoKey(userID: user.id, publicKey: publicKey)
    else {
      throw APIErrorResponse(.notFound("key"))
    }
    return try await keys(of: user)
  }

  private func keys(of user: User) async throws -> Response {
    let keys = try await env.database.redoStore.redoKeys(userID: user.id)
    return JSONBody.response(
      KeyList(
        keys: keys.map {
          KeyBody(publicKey: $0.publicKey, label: $0.label, createdAt: $0.createdAt)
        }))
  }

  @Sendable func uploadNodes(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let user = try context.requireCaller().user
    let body = try await JSONBody.object(
      request, limit: RedoSync.bodyLimit, route: "POST /api/redo/nodes")
    guard let nodes = body["nodes"] else { throw APIErrorResponse(.missing("nodes")) }
    guard let entries = nodes.arrayValue else {
      throw APIErrorResponse(.invalid("nodes", "nodes must be an array of node objects."))
    }
    guard entries.count <= RedoSync.maximumBatch else {
      throw APIErrorResponse(
        .invalid(
          "nodes", "Send at most \(RedoSync.maximumBatch) nodes at once, not \(entries.count)."))
    }
    let verdicts = try await sync.upload(entries, by: user)
    return JSONBody.response(UploadResults(results: verdicts))
  }

  @Sendable func downloadNodes(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let user = try context.requireCaller().user
    let since = try EventsController.integer(request, "since", range: 0...Int(Int64.max / 2)) ?? 0
    let limit = try EventsController.integer(request, "limit", range: 1...2000) ?? 500
    let nodes = try await env.database.redoStore.redoNodes(
      visibleTo: user.id, after: Int64(since), limit: limit)
    return Self.page(
      nodes, cursor: nodes.last?.sequence ?? Int64(since), more: nodes.count >= limit)
  }

  @Sendable func listTasks(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let user = try context.requireCaller().user
    return JSONBody.response(
      TaskIDs(taskIds: try await env.database.redoStore.redoTaskIDs(visibleTo: user.id)))
  }

  @Sendable func taskNodes(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let user = try context.requireCaller().user
    let taskId = context.parameters.get("taskId") ?? ""
    try await env.database.access(RedoEvents.resource(taskId: taskId), userID: user.id)
      .require(.read, what: "task")
    let nodes = try await env.database.redoStore.redoNodes(taskId: taskId)
    return Self.page(nodes, cursor: nodes.map(\.sequence).max() ?? 0, more: false)
  }

  @Sendable func listParticipants(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let user = try context.requireCaller().user
    let resource = RedoEvents.resource(taskId: context.parameters.get("taskId") ?? "")
    let access = try await env.database.access(resource, userID: user.id)
    try access.require(.read, what: "task")
    return try await participantList(resource, withEmails: access == .owner)
  }

  @Sendable func shareTask(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let user = try context.requireCaller().user
    let taskId = context.parameters.get("taskId") ?? ""
    let resource = RedoEvents.resource(taskId: taskId)
    try await env.database.access(resource, userID: user.id).require(.owner, what: "task")
    let input = try await JSONBody.decode(
      ShareInput.self, from: request, route: "POST \(Self.taskPath)/share")
    guard let email = input.email else { throw APIErrorResponse(.missing("email")) }
    guard let permission = Permission(rawValue: input.permission ?? "") else {
      throw APIErrorResponse(
        .invalid("permission", "permission must be read-only or read-write."))
    }
    // Someone with no account yet is mailed a link to sign up and join.
    guard
      case .user(let invitee) = try await accounts.resolveOrInviteByEmail(
        email, resource: resource, permission: permission, invitedBy: user)
    else { return try await participantList(resource, withEmails: true) }
    guard invitee.id != user.id else {
      throw APIErrorResponse(.invalid("email", "You own this task already."))
    }
    // Someone already in keeps their place; only the permission changes.
    let current = try await env.database.participant(resource, userID: invitee.id)
    try await env.database.putParticipant(
      Participant(
        resource: resource, userID: invitee.id,
        status: current?.status == .accepted ? .accepted : .invited, permission: permission,
        invitedBy: user.id, updatedAt: env.now()))
    return try await participantList(resource, withEmails: true)
  }

  /// The owner removes anyone; anyone else removes only themself (leaves). The removed person
  /// sees the task no more, and their uploads for it are refused.
  @Sendable func unshareTask(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let user = try context.requireCaller().user
    let taskId = context.parameters.get("taskId") ?? ""
    let userID = context.parameters.get("userId") ?? ""
    let resource = RedoEvents.resource(taskId: taskId)
    let access = try await env.database.access(resource, userID: user.id)
    try access.require(.read, what: "task")
    guard access == .owner || userID == user.id else { throw APIErrorResponse(.forbidden) }
    guard var participant = try await env.database.participant(resource, userID: userID),
      participant.status == .invited || participant.status == .accepted
    else { throw APIErrorResponse(.notFound("participant")) }
    participant.status = .removed
    participant.updatedAt = env.now()
    try await env.database.putParticipant(participant)
    return try await participantList(resource, withEmails: access == .owner)
  }

  /// Everyone the task is shared with, as the share answers list them.
  private func participantList(_ resource: ResourceRef, withEmails: Bool) async throws
    -> Response
  {
    var bodies: [ParticipantBody] = []
    for participant in try await env.database.participants(resource) {
      let person = try await env.database.user(id: participant.userID)
      bodies.append(
        ParticipantBody(
          userId: participant.userID, displayName: person?.displayName ?? "",
          status: participant.status.rawValue, permission: participant.permission.rawValue,
          email: withEmails ? person?.email : nil))
    }
    return JSONBody.response(
      Participants(
        participants: bodies,
        invitations: withEmails ? try await ShareInvitations(env: env).emailed(resource) : nil))
  }

  /// Node JSON is stored canonical; it goes out as it is, not re-encoded.
  static func page(_ nodes: [StoredRedoNode], cursor: Int64, more: Bool) -> Response {
    var text = #"{"cursor":\#(cursor),"more":\#(more),"nodes":["#
    text += nodes.map(\.json).joined(separator: ",")
    text += "]}"
    return Response(
      status: .ok, headers: [.contentType: "application/json; charset=utf-8"],
      body: .init(byteBuffer: ByteBuffer(string: text)))
  }
}
