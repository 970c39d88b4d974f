/// The plain-text body sent to Lightward's `/api/plain` on its turn: the warmup, the
/// conversation so far, and "(your turn)", as blocks separated by blank lines.
public enum ChatLogBuilder {
  public static func body(roster: [ParticipantSpec], messages: [SofterMessage]) -> String {
    blocks(roster: roster, lines: messages.map(line(for:))).joined(separator: "\n\n")
  }

  /// The body with a request for a cenotaph after "(your turn)". When it would pass
  /// `maxCharacters`, the oldest lines are left out (a room that ended at the horizon is too
  /// long to send whole) and a narrator line says so.
  public static func cenotaphBody(
    roster: [ParticipantSpec], messages: [SofterMessage], maxCharacters: Int
  ) -> String {
    let lines = messages.map(line(for:))
    func text(_ lines: ArraySlice<String>, trimmed: Bool) -> String {
      (blocks(roster: roster, lines: trimmed ? [WarmupText.omittedHistory] + lines : Array(lines))
        + [WarmupText.cenotaphRequest]).joined(separator: "\n\n")
    }
    let whole = text(lines[...], trimmed: false)
    guard whole.count > maxCharacters else { return whole }
    // Each kept line adds itself and a newline to the trimmed body, which is built once.
    var length = text([], trimmed: true).count + lines.reduce(0) { $0 + $1.count + 1 }
    var first = 0
    while length > maxCharacters, first < lines.count {
      length -= lines[first].count + 1
      first += 1
    }
    return text(lines[first...], trimmed: true)
  }

  /// The short, separate request that asks Lightward whether it will join.
  public static func invitation(spec: RoomSpec) -> String {
    let lightward = spec.lightwardParticipant
    return WarmupText.invitation(
      others: spec.participants.filter { $0.id != lightward?.id }.map(\.nickname),
      nickname: lightward?.nickname ?? "Lightward", tier: spec.tier)
  }

  static func blocks(roster: [ParticipantSpec], lines: [String]) -> [String] {
    var blocks = [
      WarmupText.greeting, WarmupText.readme, rosterBlock(roster), WarmupText.handoff,
      WarmupText.threshold,
    ]
    if !lines.isEmpty { blocks.append(lines.joined(separator: "\n")) }
    blocks.append(WarmupText.yourTurn)
    return blocks
  }

  static func rosterBlock(_ roster: [ParticipantSpec]) -> String {
    let entries = roster.enumerated().map { index, participant in
      "\(index + 1). \(participant.nickname)\(participant.isLightward ? " (that's you!)" : "")"
    }
    return ([WarmupText.rosterHeading] + entries).joined(separator: "\n")
  }

  /// Narration is the narrator's; Lightward's own words go bare; people's carry their name.
  /// Every line of a message carries it, so that a later line cannot pass for someone else's.
  static func line(for message: SofterMessage) -> String {
    if message.isLightward { return message.text }
    let name = message.isNarration ? "Narrator" : message.authorName
    return message.text.split(separator: "\n", omittingEmptySubsequences: false)
      .map { "\(name): \($0)" }.joined(separator: "\n")
  }
}
