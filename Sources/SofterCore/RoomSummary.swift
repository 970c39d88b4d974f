import Foundation

/// What a list of rooms shows of one, without its ledger: a room of ten thousand messages lists
/// as quickly as one of three. The server keeps it beside each room, from the room it saves.
public struct RoomSummary: Hashable, Sendable {
  public var lifecycle: RoomLifecycle
  /// How many turn-consuming messages the ledger holds: the current turn slot.
  public var turnIndex: Int
  public var messageCount: Int
  /// The newest speech, else the newest narration.
  public var lastMessage: SofterMessage?
  public var hasCenotaph: Bool

  public init(
    lifecycle: RoomLifecycle, turnIndex: Int, messageCount: Int, lastMessage: SofterMessage?,
    hasCenotaph: Bool
  ) {
    self.lifecycle = lifecycle
    self.turnIndex = turnIndex
    self.messageCount = messageCount
    self.lastMessage = lastMessage
    self.hasCenotaph = hasCenotaph
  }

  public init(_ room: Room) {
    self.init(
      lifecycle: room.lifecycle, turnIndex: room.fold.index, messageCount: room.messages.count,
      lastMessage: room.messages.last { !$0.isNarration } ?? room.messages.last,
      hasCenotaph: room.hasCenotaph)
  }

  public var spec: RoomSpec { lifecycle.spec }
  public var state: RoomState { lifecycle.state }
  public var id: String { spec.id }

  /// Whose turn it is while the room is active.
  public var current: ParticipantSpec? {
    state.isActive ? spec.turnParticipant(at: turnIndex) : nil
  }

  public func isTurn(of participantID: String) -> Bool { current?.id == participantID }

  /// Invited and not yet arrived nor declined.
  public func awaitsAnswer(from participantID: String) -> Bool {
    guard case .pendingParticipants(let signaled) = state else { return false }
    return !signaled.contains(participantID)
  }

  /// Only the originator, only once the room has ended, only once.
  public func allowsCenotaph(by participantID: String) -> Bool {
    participantID == spec.originatorID && state.isDefunct && !hasCenotaph
  }
}
