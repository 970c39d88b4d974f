import Foundation

/// One entry of a room's ledger: speech by a person or Lightward, or a narration.
public struct SofterMessage: Hashable, Codable, Sendable {
  public static let narratorID = "narrator"
  public static let narratorName = "Narrator"
  public static let lightwardAuthorID = "lightward"

  public var id: String
  public var roomID: String
  public var authorID: String
  public var authorName: String
  public var text: String
  public var createdAt: Date
  public var isLightward: Bool
  public var isNarration: Bool

  public init(
    id: String, roomID: String, authorID: String, authorName: String, text: String,
    createdAt: Date, isLightward: Bool = false, isNarration: Bool = false
  ) {
    self.id = id
    self.roomID = roomID
    self.authorID = authorID
    self.authorName = authorName
    self.text = text
    self.createdAt = createdAt
    self.isLightward = isLightward
    self.isNarration = isNarration
  }

  public static func narration(id: String, roomID: String, text: String, at date: Date)
    -> SofterMessage
  {
    SofterMessage(
      id: id, roomID: roomID, authorID: narratorID, authorName: narratorName, text: text,
      createdAt: date, isNarration: true)
  }

  public static func lightward(
    id: String, roomID: String, nickname: String, text: String, at date: Date
  ) -> SofterMessage {
    SofterMessage(
      id: id, roomID: roomID, authorID: lightwardAuthorID, authorName: nickname, text: text,
      createdAt: date, isLightward: true)
  }

  /// Speech and yields take a turn slot; every other narration does not.
  public var isTurnConsuming: Bool { !isNarration || id.hasSuffix(":yield") }
}

/// Ids of machine messages, keyed by their causal position, so a repeated firing finds its
/// message already there instead of adding a second one.
public enum StableID {
  public static func lightward(room: String, turn: Int) -> String {
    "\(room):turn:\(turn):lightward"
  }
  public static func yield(room: String, turn: Int) -> String { "\(room):turn:\(turn):yield" }
  public static func intro(room: String, turn: Int) -> String { "\(room):turn:\(turn):intro" }
  public static func hand(room: String, turn: Int, participant: String) -> String {
    "\(room):turn:\(turn):hand:\(participant)"
  }
  public static func opening(room: String) -> String { "\(room):opening" }
  public static func arrival(room: String, participant: String) -> String {
    "\(room):arrival:\(participant)"
  }
  public static func declined(room: String, participant: String) -> String {
    "\(room):declined:\(participant)"
  }
  public static func departed(room: String, participant: String) -> String {
    "\(room):departed:\(participant)"
  }
  public static func withdrawn(room: String, participant: String) -> String {
    "\(room):withdrawn:\(participant)"
  }
  public static func cenotaph(room: String) -> String { "\(room):cenotaph" }
  public static func cancelled(room: String) -> String { "\(room):cancelled" }
  public static func expired(room: String) -> String { "\(room):expired" }
}
