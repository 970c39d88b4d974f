import Foundation

/// Raised hands: anyone but the slot holder may raise a hand during a turn and lower it again.
/// Each raise and each lowering is a narration with its own stable id, so a hand is up while it
/// was raised more often than lowered in the current turn, and a repeated request changes nothing.
extension Room {
  public func isHandRaised(by participantID: String) -> Bool {
    let hands = handCount(of: participantID)
    return hands.raised > hands.lowered
  }

  /// Anyone but the slot holder; it does not reorder turns. A hand already up stays as it is.
  public func raiseHand(from participantID: String, at now: Date) throws(RoomError) -> Change {
    try requireMember(participantID)
    guard state.isActive else { throw .notActive }
    guard !fold.isTurn(of: participantID) else { throw .yourTurn }
    let hands = handCount(of: participantID)
    guard hands.raised <= hands.lowered else { return Change() }
    return Change(messages: [
      .narration(
        id: StableID.hand(
          room: id, turn: fold.index, participant: participantID, raise: hands.raised),
        roomID: id, text: Narration.raisedHand(spec.nickname(of: participantID)), at: now)
    ])
  }

  /// Takes a raised hand down; a hand that is not up stays as it is.
  public func lowerHand(from participantID: String, at now: Date) throws(RoomError) -> Change {
    try requireMember(participantID)
    guard state.isActive else { throw .notActive }
    let hands = handCount(of: participantID)
    guard hands.raised > hands.lowered else { return Change() }
    return Change(messages: [
      .narration(
        id: StableID.handLowered(
          room: id, turn: fold.index, participant: participantID, lowering: hands.lowered),
        roomID: id, text: Narration.loweredHand(spec.nickname(of: participantID)), at: now)
    ])
  }

  /// How often the participant raised and lowered a hand in the current turn.
  func handCount(of participantID: String) -> (raised: Int, lowered: Int) {
    let base = StableID.hand(room: id, turn: fold.index, participant: participantID)
    var raised = 0
    var lowered = 0
    for message in messages where message.isNarration && message.id.hasPrefix(base) {
      let rest = message.id.dropFirst(base.count)
      if rest.isEmpty || Self.isNumbered(rest, "raise") {
        raised += 1
      } else if Self.isNumbered(rest, "lower") {
        lowered += 1
      }
    }
    return (raised, lowered)
  }

  private static func isNumbered(_ suffix: Substring, _ kind: String) -> Bool {
    let prefix = ":\(kind):"
    guard suffix.hasPrefix(prefix) else { return false }
    let number = suffix.dropFirst(prefix.count)
    return !number.isEmpty && number.allSatisfy(\.isASCIIDigit)
  }
}

extension StableID {
  /// The first raise keeps the id hands always had; later ones in the same turn are numbered.
  public static func hand(room: String, turn: Int, participant: String, raise: Int) -> String {
    let first = hand(room: room, turn: turn, participant: participant)
    return raise == 0 ? first : "\(first):raise:\(raise)"
  }

  public static func handLowered(room: String, turn: Int, participant: String, lowering: Int)
    -> String
  {
    "\(hand(room: room, turn: turn, participant: participant)):lower:\(lowering)"
  }
}

extension Character {
  fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
