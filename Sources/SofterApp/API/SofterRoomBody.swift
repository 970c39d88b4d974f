import CanonicalJSON
import Foundation
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
    /// idle, thinking or failed.
    var status: String
    var seated: String
    var reason: String?
    var attempts: Int?
    var retryAt: Date?
    var canRetry: Bool
    /// What Lightward is thinking about or failed at: invitation, turn or cenotaph.
    var task: String?

    static let schemaRefinements: [String: JSON] = [
      "status": ["enum": ["idle", "thinking", "failed"]],
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

  static let schemaRefinements: [String: JSON] = [
    "state": ["enum": ["draft", "pendingParticipants", "active", "defunct"]]
  ]

  init(_ record: SofterRoomRecord, viewer userID: String, at now: Date, withMessages: Bool) {
    let room = record.room
    let spec = room.spec
    let me = record.participantID(ofUser: userID) ?? ""
    let arrived: Set<String> =
      switch room.state {
      case .pendingParticipants(let signaled): signaled
      case .draft: []
      case .active, .defunct: spec.participantIDs
      }
    let fold = room.fold
    let speech = room.messages.filter { !$0.isNarration }
    id = spec.id
    tier = spec.tier
    tierDisplay = spec.tier.displayString
    state = room.state.typeName
    defunctReason = room.state.defunctReason?.encoded
    status = RoomPresentation.status(room)
    lastSpeaker = speech.last?.authorName
    depth = room.messages.count
    display = spec.displayString(depth: depth, lastSpeaker: lastSpeaker)
    you = me
    isOriginator = me == spec.originatorID
    participants = spec.participants.map {
      Participant(
        id: $0.id, nickname: $0.nickname, isLightward: $0.isLightward,
        arrived: arrived.contains($0.id), isYou: $0.id == me)
    }
    turn =
      room.state.isActive
      ? fold.current.map { Turn(index: fold.index, participantId: $0.id, nickname: $0.nickname) }
      : nil
    switch record.turn {
    case .idle:
      lightward = Lightward(status: "idle", seated: record.voice, canRetry: false)
    case .thinking(let slot):
      lightward = Lightward(
        status: "thinking", seated: record.voice, canRetry: false, task: Lightward.task(slot))
    case .failed(let slot, let reason, let attempts, let retryAt):
      lightward = Lightward(
        status: "failed", seated: record.voice, reason: reason, attempts: attempts,
        retryAt: retryAt, canRetry: retryAt == nil, task: Lightward.task(slot))
    }
    composing = Composing.indicator(record.composing, in: spec, for: me, at: now)
    hasCenotaph = room.hasCenotaph
    canRequestCenotaph = SofterPages.offersCenotaph(record, to: me)
    createdAt = spec.createdAt
    modifiedAt = room.lifecycle.modifiedAt
    messages =
      withMessages
      ? room.messages.map {
        Message(
          id: $0.id, authorId: $0.authorID, authorName: $0.authorName, text: $0.text,
          createdAt: $0.createdAt, isLightward: $0.isLightward, isNarration: $0.isNarration)
      } : nil
  }
}
