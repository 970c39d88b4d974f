import Foundation

extension Insights {
  static let morningThreshold = 3
  static let correlationDays = 3
  static let menstruationEntries = 3

  /// The reference app's cue rules, with minimum evidence added so one odd day cannot raise a
  /// cue: mornings are counted as distinct days, and comparisons need 3 on each side.
  func gentleCues(mornings: [Int]) -> [GentleCue] {
    var cues: [GentleCue] = []
    let distinctMornings = Set(mornings).count
    if distinctMornings >= Self.morningThreshold {
      let evidence =
        "Based on \(Self.count(mornings.count, "entry", "entries")) rated 7 or more between "
        + "05:00 and 10:59 on \(Self.count(distinctMornings, "morning", "mornings"))."
      cues.append(
        window == .week
          ? GentleCue(
            kind: .morningHighs,
            message: "Noticed \(distinctMornings) mornings this week with level ≥7.",
            suggestion: "Tag wake time or sleep quality to give context.", evidence: evidence,
            evidenceCount: mornings.count)
          : GentleCue(
            kind: .morningHighs,
            message:
              "Morning severity ≥7 appears \(mornings.count) times in \(window.phrase).",
            suggestion: "Tag wake time or sleep quality to clarify triggers.", evidence: evidence,
            evidenceCount: mornings.count))
    }
    if let effect = medicationEffects.first(where: {
      $0.effect > 1.0 && $0.daysTaken >= Self.correlationDays
        && $0.daysWithout >= Self.correlationDays
    }) {
      cues.append(
        GentleCue(
          kind: .medicationCorrelation,
          message:
            "\(effect.name) correlates with lower severity "
            + "(\(Wording.change(effect.change)) on days taken).",
          suggestion: "Keep noting when you take it to confirm the pattern.",
          evidence:
            "Based on \(Self.count(effect.daysTaken, "day", "days")) with it and "
            + "\(Self.count(effect.daysWithout, "day", "days")) without.",
          evidenceCount: effect.daysTaken + effect.daysWithout))
    }
    if let difference = menstruation.difference, abs(difference) >= 0.5,
      menstruation.entriesWhile >= Self.menstruationEntries,
      menstruation.entriesOtherwise >= Self.menstruationEntries
    {
      cues.append(
        GentleCue(
          kind: .menstruation,
          message:
            "Severity runs \(Wording.change(difference)) while menstruating.",
          suggestion: "Include cycle tags in notes to keep context clear.",
          evidence:
            "Based on \(Self.count(menstruation.entriesWhile, "entry", "entries")) while "
            + "menstruating and \(menstruation.entriesOtherwise) otherwise.",
          evidenceCount: menstruation.entriesWhile + menstruation.entriesOtherwise))
    }
    return cues
  }

  static func count(_ value: Int, _ one: String, _ many: String) -> String {
    Wording.count(value, one, many)
  }
}
