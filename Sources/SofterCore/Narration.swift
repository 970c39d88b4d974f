/// The room narrating itself. The wording is the reference app's.
public enum Narration {
  /// For a participant the roster does not name.
  public static let someone = "Someone"

  public static func opened(originator: String, tier: PaymentTier) -> String {
    "\(originator) opened a room with \(tier.displayString)."
  }
  public static func arrived(_ nickname: String) -> String { "\(nickname) arrived." }
  public static func declined(_ nickname: String) -> String { "\(nickname) declined." }
  public static func yourTurn(_ nickname: String) -> String { "\(nickname), it's your turn." }
  public static func listening(_ nickname: String) -> String { "\(nickname) is listening." }
  public static func raisedHand(_ nickname: String) -> String { "\(nickname) raised a hand." }
  public static func loweredHand(_ nickname: String) -> String { "\(nickname) lowered their hand." }
  public static func departed(_ nickname: String) -> String { "\(nickname) departed." }
  public static func withdrew(_ originator: String, invitee: String) -> String {
    "\(originator) withdrew \(invitee)'s invitation."
  }
  public static func cancelled(_ nickname: String) -> String { "\(nickname) cancelled the room." }
  public static func expired(afterDays days: Int) -> String {
    "The room expired: not everyone arrived within \(days) day\(days == 1 ? "" : "s")."
  }
  public static func turnLapsed(_ nickname: String, afterDays days: Int) -> String {
    "\(nickname)'s turn passed: away for \(days) day\(days == 1 ? "" : "s")."
  }
}
