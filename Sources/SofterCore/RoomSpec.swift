import Foundation

/// A room's fixed shape: its roster, in turn order, and its tier. Fixed when the room opens.
public struct RoomSpec: Hashable, Codable, Sendable {
  public var id: String
  public var originatorID: String
  /// The turn order: the originator, Lightward, then the other humans as they were added.
  public var participants: [ParticipantSpec]
  public var tier: PaymentTier
  public var createdAt: Date
  /// After this many days on one person's turn, the turn passes (nil: it waits for them).
  public var turnLimitDays: Int?

  public init(
    id: String, originatorID: String, participants: [ParticipantSpec], tier: PaymentTier,
    createdAt: Date, turnLimitDays: Int? = nil
  ) {
    self.id = id
    self.originatorID = originatorID
    self.participants = participants
    self.tier = tier
    self.createdAt = createdAt
    self.turnLimitDays = turnLimitDays
  }

  /// The roster in turn order from the originator and the others they named.
  public static func roster(
    originator: ParticipantSpec, lightwardID: String, others: [ParticipantSpec]
  ) -> [ParticipantSpec] {
    [originator, .lightward(id: lightwardID)] + others.filter { !$0.isLightward }
  }

  public var effectiveAmountCents: Int { tier.cents }

  public var humanParticipants: [ParticipantSpec] { participants.filter { !$0.isLightward } }

  public var lightwardParticipant: ParticipantSpec? { participants.first(where: \.isLightward) }

  public var participantIDs: Set<String> { Set(participants.map(\.id)) }

  public func participant(id: String) -> ParticipantSpec? {
    participants.first { $0.id == id }
  }

  public func nickname(of id: String) -> String {
    participant(id: id)?.nickname ?? Narration.someone
  }

  /// Whose turn slot `index` is: the roster goes round.
  public func turnParticipant(at index: Int) -> ParticipantSpec? {
    guard !participants.isEmpty else { return nil }
    return participants[index % participants.count]
  }

  /// "Jax, Eve, Art (15, Eve)": the nicknames, the room's depth and who spoke last.
  public func displayString(depth: Int, lastSpeaker: String?) -> String {
    let names = participants.map(\.nickname).joined(separator: ", ")
    guard let lastSpeaker else { return "\(names) (\(depth))" }
    return "\(names) (\(depth), \(lastSpeaker))"
  }
}
