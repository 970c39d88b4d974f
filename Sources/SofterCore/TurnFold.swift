/// Turns as a fold over the ledger: nothing about the turn is stored, so every reader of the
/// same messages agrees on whose turn it is.
public struct TurnFold: Hashable, Sendable {
  /// What the room owes before anyone else can act.
  public enum Due: Hashable, Sendable {
    /// The first round names each slot holder once: "<Nickname>, it's your turn."
    case intro(slot: Int, participant: ParticipantSpec)
    /// Lightward holds the slot and has not spoken in it.
    case lightward(slot: Int)
  }

  public let spec: RoomSpec
  /// How many turn-consuming messages the ledger holds: the current slot.
  public let index: Int
  public let introducedSlots: Set<Int>

  public init(spec: RoomSpec, messages: [SofterMessage]) {
    self.spec = spec
    index = messages.count(where: \.isTurnConsuming)
    let prefix = "\(spec.id):turn:"
    introducedSlots = Set(
      messages.compactMap { message -> Int? in
        guard message.id.hasPrefix(prefix), message.id.hasSuffix(":intro") else { return nil }
        return Int(message.id.dropFirst(prefix.count).dropLast(":intro".count))
      })
  }

  public var current: ParticipantSpec? { spec.turnParticipant(at: index) }

  public func isTurn(of participantID: String) -> Bool { current?.id == participantID }

  /// What settling an active room must do next, in order; nil when it waits for a person.
  public var due: Due? {
    guard let current else { return nil }
    if index > 0, index < spec.participants.count, !introducedSlots.contains(index) {
      return .intro(slot: index, participant: current)
    }
    return current.isLightward ? .lightward(slot: index) : nil
  }
}
