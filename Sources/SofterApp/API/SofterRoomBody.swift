import CanonicalJSON
import Foundation
import HearthOpenAPI
import HearthPlatform
import SofterCore

/// A room as the API and the pages show it to one viewer.
struct SofterRoomBody: Codable, JSONSchemaRefined {
  struct Participant: Codable {
    var id, nickname: String
    var isLightward, arrived, isYou: Bool
  }

  struct Turn: Codable {
    var index: Int
    var participantId, nickname: String
  }

  struct Lightward: Codable, JSONSchemaRefined {
    /// idle, thinking, failed, or unreachable (the quick retries gave up; the server keeps
    /// trying by itself at retryAt, or is trying now when it is absent).
    var status: String
    var seated: String
    var reason: String?
    var attempts: Int?
    var retryAt: Date?
    var canRetry: Bool
    /// What Lightward is thinking about or failed at: invitation, turn or cenotaph.
    var task: String?
    /// Since when Lightward cannot be reached, while it is unreachable.
    var unreachableSince: Date?

    static let schemaRefinements: [String: JSON] = [
      "status": ["enum": ["idle", "thinking", "failed", "unreachable"]],
      "task": ["enum": ["invitation", "turn", "cenotaph"]],
    ]

    static func task(_ slot: Int) -> String {
      switch slot {
      case SofterRooms.invitationSlot: "invitation"
      case SofterRooms.cenotaphSlot: "cenotaph"
      default: "turn"
      }
    }
  }

  struct Message: Codable {
    var id, authorId, authorName, text: String
    var createdAt: Date
    var isLightward, isNarration: Bool
  }

  var id: String
  var tier: PaymentTier
  var tierDisplay: String
  /// After this many days on one person's turn, it passes; absent: no limit.
  var turnLimitDays: Int?
  var state: String
  var defunctReason: String?
  var status: String
  var display: String
  var you: String
  var isOriginator: Bool
  var participants: [Participant]
  var turn: Turn?
  var lightward: Lightward
  var composing: String?
  var depth: Int
  var lastSpeaker: String?
  var hasCenotaph: Bool
  var canRequestCenotaph: Bool
  var createdAt: Date
  var modifiedAt: Date
  var messages: [Message]?
  /// For the originator of a room still waiting for people: each invitation not yet answered.
  var invitations: [SofterPendingInvitation]?

  static let schemaRefinements: [String: JSON] = [
    "state": ["enum": ["draft", "pendingParticipants", "active", "defunct"]]
  ]

  init(_ record: SofterRoomRecord, viewer userID: String, at now: Date, withMessages: Bool) {
    self.init(SofterRoomListing(record), viewer: userID, at: now)
    invitations = isOriginator ? SofterPendingInvitation.all(in: record) : nil
    messages =
      withMessages
      ? record.room.messages.map {
        Message(
          id: $0.id, authorId: $0.authorID, authorName: $0.authorName, text: $0.text,
          createdAt: $0.createdAt, isLightward: $0.isLightward, isNarration: $0.isNarration)
      } : nil
  }

  /// The room without its messages, as the room list has it.
  init(_ listing: SofterRoomListing, viewer userID: String, at now: Date) {
    let room = listing.summary
    let spec = room.spec
    let me = listing.participantID(ofUser: userID) ?? ""
    let arrived: Set<String> =
      switch room.state {
      case .pendingParticipants(let signaled): signaled
      case .draft: []
      case .active, .defunct: spec.participantIDs
      }
    id = spec.id
    tier = spec.tier
    tierDisplay = spec.tier.displayString
    turnLimitDays = spec.turnLimitDays
    state = room.state.typeName
    defunctReason = room.state.defunctReason?.encoded
    status = RoomPresentation.status(room)
    lastSpeaker = room.lastMessage.flatMap { $0.isNarration ? nil : $0.authorName }
    depth = room.messageCount
    display = spec.displayString(depth: depth, lastSpeaker: lastSpeaker)
    you = me
    isOriginator = me == spec.originatorID
    participants = spec.participants.map {
      Participant(
        id: $0.id, nickname: $0.nickname, isLightward: $0.isLightward,
        arrived: arrived.contains($0.id), isYou: $0.id == me)
    }
    turn = room.current.map {
      Turn(index: room.turnIndex, participantId: $0.id, nickname: $0.nickname)
    }
    switch listing.turn {
    case .idle:
      lightward = Lightward(status: "idle", seated: listing.voice, canRetry: false)
    case .thinking(let slot):
      lightward = Lightward(
        status: "thinking", seated: listing.voice, canRetry: false, task: Lightward.task(slot))
    case .failed(let slot, let reason, let attempts, let retryAt):
      lightward = Lightward(
        status: "failed", seated: listing.voice, reason: reason, attempts: attempts,
        retryAt: retryAt, canRetry: retryAt == nil, task: Lightward.task(slot))
    case .unreachable(let slot, let reason, let since, let attempt, let retryAt):
      lightward = Lightward(
        status: "unreachable", seated: listing.voice, reason: reason, attempts: attempt,
        retryAt: retryAt, canRetry: retryAt != nil, task: Lightward.task(slot),
        unreachableSince: since)
      status = SofterRooms.unreachableStatus
    }
    composing = Composing.indicator(listing.composing, in: spec, for: me, at: now)
    hasCenotaph = room.hasCenotaph
    canRequestCenotaph = listing.offersCenotaph(to: me)
    createdAt = spec.createdAt
    modifiedAt = room.lifecycle.modifiedAt
    messages = nil
    invitations = nil
  }
}
