import Foundation

/// What Lightward's answer on its turn means for the room.
public enum LightwardReply: Hashable, Sendable {
  /// Saved as Lightward's speech; the turn moves on.
  case speech(String)
  /// "<Lightward> is listening.": the slot passes without speech.
  case yield
  /// Lightward leaves, with a farewell when it gave one; the room ends.
  case depart(farewell: String?)

  /// The API appends this notice near the horizon; it belongs to the speech, but must not hide a
  /// YIELD or DEPART in front of it.
  static let horizonNoticeMarker = "Lightward AI system notice:"

  /// An empty answer is no answer: the attempt failed, and nothing takes Lightward's slot.
  public static func isBlank(_ response: String) -> Bool {
    response.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
  }

  public static func classify(_ response: String) -> LightwardReply {
    let signal = withoutHorizonNotice(response).trimmingCharacters(in: .whitespacesAndNewlines)
    let upper = signal.uppercased()
    if upper == "YIELD" || upper.hasPrefix("YIELD.") { return .yield }
    if upper == "DEPART" { return .depart(farewell: nil) }
    if upper.hasPrefix("DEPART.") {
      let farewell = signal.dropFirst("DEPART.".count).trimmingCharacters(
        in: .whitespacesAndNewlines)
      return .depart(farewell: farewell.isEmpty ? nil : farewell)
    }
    return .speech(response.trimmingCharacters(in: .whitespacesAndNewlines))
  }

  /// The reply before the notice paragraph, if it has one.
  static func withoutHorizonNotice(_ response: String) -> String {
    guard let marker = response.range(of: horizonNoticeMarker) else { return response }
    let before = response[..<marker.lowerBound]
    // The notice is its own line, led by a warning sign: keep what comes before that line.
    guard let newline = before.lastIndex(of: "\n") else { return "" }
    return String(before[..<newline])
  }
}

/// Lightward's answer to an invitation. An answer that is neither is asked again, never taken
/// as a decline (the reference app read any failure as one).
public enum InvitationAnswer: Hashable, Sendable {
  case accept
  case decline
  case unclear

  public static func parse(_ response: String) -> InvitationAnswer {
    let words = Set(
      response.lowercased().split { !$0.isLetter }.map(String.init))
    let accepts = !words.isDisjoint(with: ["accept", "accepted", "accepts"])
    let declines = !words.isDisjoint(with: ["decline", "declined", "declines"])
    switch (accepts, declines) {
    case (true, false): return .accept
    case (false, true): return .decline
    default: return .unclear
    }
  }
}
