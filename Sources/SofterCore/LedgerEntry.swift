/// One entry of a room's conversation as the page shows it. Speech stands alone; narration lines
/// that follow one another are shown together, quietly; the cenotaph is set apart. "<Nickname>,
/// it's your turn." stays in the ledger, where Lightward reads it, but the page says whose turn it
/// is once, in its header and composer, so these lines are left out.
public enum LedgerEntry: Hashable, Sendable {
  case speech(SofterMessage)
  case narration([SofterMessage])
  case cenotaph(SofterMessage)

  public static func entries(_ messages: [SofterMessage]) -> [LedgerEntry] {
    var entries: [LedgerEntry] = []
    for message in messages where !isTurnIntro(message) {
      if RoomPresentation.isCenotaph(message) {
        entries.append(.cenotaph(message))
      } else if !message.isNarration {
        entries.append(.speech(message))
      } else if case .narration(let lines) = entries.last {
        entries[entries.count - 1] = .narration(lines + [message])
      } else {
        entries.append(.narration([message]))
      }
    }
    return entries
  }

  /// The newest message the entry holds: the page marks where the reader last was by it.
  public var lastMessage: SofterMessage {
    switch self {
    case .speech(let message), .cenotaph(let message): message
    case .narration(let lines): lines[lines.count - 1]
    }
  }

  static func isTurnIntro(_ message: SofterMessage) -> Bool {
    message.isNarration && message.id.hasPrefix("\(message.roomID):turn:")
      && message.id.hasSuffix(":intro")
  }
}
