import Foundation

/// What the room list and the room page say about a room, in the reference app's words.
public enum RoomPresentation {
  /// "Setting up...", "Waiting for 2 participants...", "Eve's turn", "Ended", ...
  public static func status(_ room: Room) -> String { status(RoomSummary(room)) }

  public static func status(_ room: RoomSummary) -> String {
    switch room.state {
    case .draft:
      return "Setting up..."
    case .pendingParticipants:
      let waiting = room.lifecycle.unsignaledParticipants.count
      return "Waiting for \(waiting) participant\(waiting == 1 ? "" : "s")..."
    case .active:
      return "\(room.current?.nickname ?? Narration.someone)'s turn"
    case .defunct(let reason):
      switch reason {
      case .participantDeclined: return "Declined"
      case .cancelled: return "Cancelled"
      default: return "Ended"
      }
    }
  }

  /// The names still awaited while pending, in roster order.
  public static func waitingFor(_ room: Room) -> [String] {
    let waiting = room.lifecycle.unsignaledParticipants
    return room.spec.participants.filter { waiting.contains($0.id) }.map(\.nickname)
  }

  /// Whose hand is up during the current turn, in roster order.
  public static func raisedHands(_ room: Room) -> [ParticipantSpec] {
    guard room.state.isActive else { return [] }
    return room.spec.participants.filter { room.isHandRaised(by: $0.id) }
  }

  /// The room's name for one of its people: the others, by the nicknames they were given.
  public static func title(_ spec: RoomSpec, for viewerID: String?) -> String {
    let others = spec.participants.filter { $0.id != viewerID }.map(\.nickname)
    return others.isEmpty ? "Just you" : others.joined(separator: ", ")
  }

  public static func isCenotaph(_ message: SofterMessage) -> Bool {
    message.id == StableID.cenotaph(room: message.roomID)
  }

  /// Shown only while the room is active and the fold points at Lightward.
  public static func isLightwardThinking(_ room: Room) -> Bool {
    room.state.isActive && room.fold.current?.isLightward == true
  }
}

/// Who is typing in a room. One composer per room, the last to start; older than 30 seconds is
/// stale and shown to nobody.
public struct Composing: Hashable, Codable, Sendable {
  public static let staleAfter: TimeInterval = 30

  public var participantID: String
  public var since: Date

  public init(participantID: String, since: Date) {
    self.participantID = participantID
    self.since = since
  }

  public func isFresh(at now: Date) -> Bool { now.timeIntervalSince(since) < Self.staleAfter }

  /// "Eve is typing..." for anyone but Eve, while fresh.
  public static func indicator(
    _ composing: Composing?, in spec: RoomSpec, for viewerID: String?, at now: Date
  ) -> String? {
    guard let composing, composing.participantID != viewerID, composing.isFresh(at: now) else {
      return nil
    }
    return "\(spec.nickname(of: composing.participantID)) is typing..."
  }
}
