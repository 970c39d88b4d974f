import Foundation

/// A room as its participants see it: its lifecycle and its ledger. Every action is pure: it
/// checks who asks and returns the change to store (messages to add, lifecycle events to apply),
/// or throws a `RoomError` and changes nothing.
public struct Room: Hashable, Sendable {
  public var lifecycle: RoomLifecycle
  /// Ordered by creation; stable ids appear at most once.
  public var messages: [SofterMessage]

  public init(lifecycle: RoomLifecycle, messages: [SofterMessage] = []) {
    self.lifecycle = lifecycle
    self.messages = messages
  }

  public var spec: RoomSpec { lifecycle.spec }
  public var state: RoomState { lifecycle.state }
  public var id: String { spec.id }
  public var fold: TurnFold { TurnFold(spec: spec, messages: messages) }

  /// What an action adds; `events` are applied in order after the messages are saved.
  public struct Change: Hashable, Sendable {
    public var messages: [SofterMessage] = []
    public var events: [RoomEvent] = []

    public init(messages: [SofterMessage] = [], events: [RoomEvent] = []) {
      self.messages = messages
      self.events = events
    }
  }

  public func contains(messageID: String) -> Bool { messages.contains { $0.id == messageID } }

  /// Applies a change: new messages are appended (a stable id already present is kept as it
  /// was) and the events run through the lifecycle.
  public mutating func apply(_ change: Change, at now: Date) throws(RoomLifecycle.TransitionError) {
    var next = lifecycle
    for event in change.events { try next.apply(event, at: now) }
    lifecycle = next
    for message in change.messages where !contains(messageID: message.id) {
      messages.append(message)
    }
  }

  // MARK: - Opening

  /// The opener's commitment and arrival: payment is recorded, the originator signals, and the
  /// opening narration carries the tier.
  public static func open(spec: RoomSpec, at now: Date) -> Room {
    var lifecycle = RoomLifecycle(spec: spec)
    // A fresh draft takes these three events by construction.
    try! lifecycle.apply(.participantsResolved, at: now)
    try! lifecycle.apply(.paymentCompleted, at: now)
    try! lifecycle.apply(.signaled(spec.originatorID), at: now)
    let opening = SofterMessage.narration(
      id: StableID.opening(room: spec.id), roomID: spec.id,
      text: Narration.opened(originator: spec.nickname(of: spec.originatorID), tier: spec.tier),
      at: now)
    return Room(lifecycle: lifecycle, messages: [opening])
  }

  // MARK: - Arriving

  public func arrive(_ participantID: String, at now: Date) throws(RoomError) -> Change {
    try requireMember(participantID)
    guard case .pendingParticipants(let signaled) = state else { throw .notPending }
    guard !signaled.contains(participantID) else { return Change() }
    return Change(
      messages: [
        .narration(
          id: StableID.arrival(room: id, participant: participantID), roomID: id,
          text: Narration.arrived(spec.nickname(of: participantID)), at: now)
      ], events: [.signaled(participantID)])
  }

  public func decline(_ participantID: String, at now: Date) throws(RoomError) -> Change {
    try requireMember(participantID)
    guard case .pendingParticipants = state else { throw .notPending }
    return Change(
      messages: [
        .narration(
          id: StableID.declined(room: id, participant: participantID), roomID: id,
          text: Narration.declined(spec.nickname(of: participantID)), at: now)
      ], events: [.participantDeclined(participantID)])
  }

  // MARK: - Conversation

  public func send(_ text: String, from participantID: String, messageID: String, at now: Date)
    throws(RoomError) -> Change
  {
    let text = text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !text.isEmpty else { throw .emptyMessage }
    try requireTurn(participantID)
    let author = spec.participant(id: participantID)!
    return Change(messages: [
      SofterMessage(
        id: messageID, roomID: id, authorID: participantID, authorName: author.nickname,
        text: text, createdAt: now)
    ])
  }

  /// The slot holder yields: "<Nickname> is listening." takes the slot.
  public func pass(from participantID: String, at now: Date) throws(RoomError) -> Change {
    try requireTurn(participantID)
    return Change(messages: [
      .narration(
        id: StableID.yield(room: id, turn: fold.index), roomID: id,
        text: Narration.listening(spec.nickname(of: participantID)), at: now)
    ])
  }

  /// Leaving an active room ends it for everyone.
  public func leave(_ participantID: String, at now: Date) throws(RoomError) -> Change {
    try requireMember(participantID)
    guard state.isActive else { throw .notActive }
    return departure(of: participantID, at: now)
  }

  /// An account that goes away leaves whatever live room it is in, pending or active, and the
  /// room ends for everyone; an ended room is left as it was.
  public func depart(_ participantID: String, at now: Date) throws(RoomError) -> Change {
    try requireMember(participantID)
    guard !state.isDefunct else { return Change() }
    return departure(of: participantID, at: now)
  }

  /// The opener takes back a room nobody has to answer any more.
  public func cancel(by participantID: String, at now: Date) throws(RoomError) -> Change {
    try requireMember(participantID)
    guard participantID == spec.originatorID else { throw .notOriginator }
    guard state.isPending else { throw .notPending }
    return Change(
      messages: [
        .narration(
          id: StableID.cancelled(room: id), roomID: id,
          text: Narration.cancelled(spec.nickname(of: participantID)), at: now)
      ], events: [.cancelled])
  }

  /// The opener withdraws the invitation of someone who has not arrived. The roster is fixed
  /// when the room opens (it is the room's shape and its turn order), so the room cannot go on
  /// without them: the opener takes the room back, as `cancel` does, narrated as a withdrawal.
  public func withdraw(_ participantID: String, by originatorID: String, at now: Date)
    throws(RoomError) -> Change
  {
    try requireMember(originatorID)
    guard originatorID == spec.originatorID else { throw .notOriginator }
    guard case .pendingParticipants(let signaled) = state else { throw .notPending }
    guard let invitee = spec.participant(id: participantID), !invitee.isLightward,
      participantID != originatorID, !signaled.contains(participantID)
    else { throw .notInvited }
    return Change(
      messages: [
        .narration(
          id: StableID.withdrawn(room: id, participant: participantID), roomID: id,
          text: Narration.withdrew(
            spec.nickname(of: originatorID), invitee: invitee.nickname), at: now)
      ], events: [.cancelled])
  }

  /// A room still waiting for someone once `days` have passed since it opened.
  public func expire(afterDays days: Int, at now: Date) -> Change {
    guard state.isPending, now >= spec.createdAt.addingTimeInterval(Double(days) * 86_400) else {
      return Change()
    }
    return Change(
      messages: [
        .narration(
          id: StableID.expired(room: id), roomID: id, text: Narration.expired(afterDays: days),
          at: now)
      ], events: [.expired])
  }

  /// The first-round introductions that are due now. Lightward's turn is not taken here: it
  /// needs the API, so the caller runs it when `fold.due` is `.lightward`.
  public func settle(at now: Date) -> Change {
    guard state.isActive else { return Change() }
    var room = self
    var change = Change()
    while case .intro(let slot, let participant) = room.fold.due {
      let intro = SofterMessage.narration(
        id: StableID.intro(room: id, turn: slot), roomID: id,
        text: Narration.yourTurn(participant.nickname), at: now)
      change.messages.append(intro)
      room.messages.append(intro)
    }
    return change
  }

  // MARK: - Lightward

  /// What Lightward's answer in `slot` adds. The speech (normal, farewell or horizon) takes the
  /// slot's stable id, so only one outcome per slot is ever kept.
  public func lightwardAnswered(_ reply: LightwardReply, slot: Int, at now: Date) -> Change {
    guard let lightward = spec.lightwardParticipant else { return Change() }
    switch reply {
    case .speech(let text):
      return Change(messages: [lightwardSpeech(text, slot: slot, at: now)])
    case .yield:
      return Change(messages: [
        .narration(
          id: StableID.yield(room: id, turn: slot), roomID: id,
          text: Narration.listening(lightward.nickname), at: now)
      ])
    case .depart(let farewell):
      var change = departure(of: lightward.id, at: now)
      if let farewell {
        change.messages.insert(lightwardSpeech(farewell, slot: slot, at: now), at: 0)
      }
      return change
    }
  }

  /// The API's 422: its body is Lightward's last speech, and Lightward departs.
  public func horizonReached(_ text: String, slot: Int, at now: Date) -> Change {
    guard let lightward = spec.lightwardParticipant else { return Change() }
    var change = departure(of: lightward.id, at: now)
    change.messages.insert(lightwardSpeech(text, slot: slot, at: now), at: 0)
    return change
  }

  /// The answer to the invitation: Lightward arrives, or declines and the room ends, with a
  /// narration either way (the reference app left a decline unnarrated).
  public func lightwardInvitation(_ answer: InvitationAnswer, at now: Date) -> Change {
    guard let lightward = spec.lightwardParticipant, case .pendingParticipants = state else {
      return Change()
    }
    switch answer {
    case .accept: return (try? arrive(lightward.id, at: now)) ?? Change()
    case .decline: return (try? decline(lightward.id, at: now)) ?? Change()
    case .unclear: return Change()
    }
  }

  public var hasCenotaph: Bool { contains(messageID: StableID.cenotaph(room: id)) }

  /// Only the originator, only once the room has ended, only once.
  public func requireCenotaphAllowed(by participantID: String) throws(RoomError) {
    guard participantID == spec.originatorID else { throw .notOriginator }
    guard state.isDefunct else { throw .stillOpen }
    guard !hasCenotaph else { throw .cenotaphExists }
  }

  public func cenotaph(_ text: String, at now: Date) -> Change {
    Change(messages: [
      .narration(
        id: StableID.cenotaph(room: id), roomID: id,
        text: text.trimmingCharacters(in: .whitespacesAndNewlines), at: now)
    ])
  }

  // MARK: - Rules

  private func lightwardSpeech(_ text: String, slot: Int, at now: Date) -> SofterMessage {
    .lightward(
      id: StableID.lightward(room: id, turn: slot), roomID: id,
      nickname: spec.lightwardParticipant?.nickname ?? "Lightward", text: text, at: now)
  }

  private func departure(of participantID: String, at now: Date) -> Change {
    Change(
      messages: [
        .narration(
          id: StableID.departed(room: id, participant: participantID), roomID: id,
          text: Narration.departed(spec.nickname(of: participantID)), at: now)
      ], events: [.participantLeft(participantID)])
  }

  func requireMember(_ participantID: String) throws(RoomError) {
    guard spec.participant(id: participantID) != nil else { throw .notParticipant }
  }

  private func requireTurn(_ participantID: String) throws(RoomError) {
    try requireMember(participantID)
    guard state.isActive else { throw .notActive }
    guard fold.isTurn(of: participantID) else {
      throw .notYourTurn(current: fold.current?.nickname ?? Narration.someone)
    }
  }
}

public enum RoomError: Error, Hashable, Sendable {
  case notParticipant
  case notPending
  case notActive
  case notYourTurn(current: String)
  case yourTurn
  case emptyMessage
  case notOriginator
  case stillOpen
  case cenotaphExists
  case notInvited

  /// A stable code for APIs.
  public var code: String {
    switch self {
    case .notParticipant: "not_participant"
    case .notPending: "not_pending"
    case .notActive: "not_active"
    case .notYourTurn: "not_your_turn"
    case .yourTurn: "your_turn"
    case .emptyMessage: "empty_message"
    case .notOriginator: "not_originator"
    case .stillOpen: "room_not_defunct"
    case .cenotaphExists: "cenotaph_exists"
    case .notInvited: "not_invited"
    }
  }

  public var message: String {
    switch self {
    case .notParticipant: "You are not in this room."
    case .notPending: "This room is not waiting for anyone."
    case .notActive: "This room is not active."
    case .notYourTurn(let current): "It is \(current)'s turn."
    case .yourTurn: "It is your turn: send or pass instead."
    case .emptyMessage: "Write something, or pass."
    case .notOriginator: "Only the room originator can do this."
    case .stillOpen: "Room is still active."
    case .cenotaphExists: "This room already has its cenotaph."
    case .notInvited: "Only the invitation of someone who has not arrived can be withdrawn."
    }
  }
}
