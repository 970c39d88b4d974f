import Foundation
import Testing

@testable import AuralystCore

/// Factors against severity on a hand-made 10 days, every number worked out in the comments.
@Suite struct FactorRelationTests {
  static let sleep = Factor(
    id: "sleep", journalID: "j", name: "Sleep", kind: .number, unit: "hours", authorID: "owner",
    createdAt: InsightsTests.now)
  static let wine = Factor(
    id: "wine", journalID: "j", name: "Red wine", kind: .yesNo, authorID: "owner",
    createdAt: InsightsTests.now)
  static let triggers = Factor(
    id: "triggers", journalID: "j", name: "Triggers", kind: .tags, authorID: "owner",
    createdAt: InsightsTests.now)

  /// Day, hours slept, the day's one entry's severity. Hours rank 1 (4.5 h) to 10 (9.0 h),
  /// severities are their own ranks (1 to 10).
  static let days: [(day: String, hours: Double, severity: Int)] = [
    ("2026-11-13", 6.5, 5), ("2026-11-14", 4.5, 9), ("2026-11-15", 8.0, 1),
    ("2026-11-16", 5.5, 7), ("2026-11-17", 9.0, 2), ("2026-11-18", 5.0, 10),
    ("2026-11-19", 7.0, 6), ("2026-11-20", 8.5, 3), ("2026-11-21", 6.0, 8),
    ("2026-11-22", 7.5, 4),
  ]
  static let entries = days.map {
    InsightsTests.entry("e-\($0.day)", "\($0.day) 09:00", $0.severity)
  }

  static func relations(_ values: [FactorValue]) -> [Insights.FactorRelation] {
    Insights(
      journal: InsightsTests.journal, entries: entries, medications: [], intakes: [],
      factors: [triggers, wine, sleep], factorValues: values, window: .month,
      now: InsightsTests.now
    ).factors
  }

  static func value(_ factor: String, _ day: String, _ number: Double? = nil, tags: [String]? = nil)
    -> FactorValue
  {
    FactorValue(factorID: factor, day: day, number: number, tags: tags, authorID: "owner")
  }

  @Test func sleepAgainstSeverityIsSpearmansRankCorrelation() throws {
    // (hours rank, severity rank) by day: (5,5) (1,9) (8,1) (3,7) (10,2) (2,10) (6,6) (9,3)
    // (4,8) (7,4). Differences d: 0, -8, 7, -4, 8, -8, 0, 6, -4, 3; d squared: 0 + 64 + 49 + 16
    // + 64 + 64 + 0 + 36 + 16 + 9 = 318. Without ties rho = 1 - 6 x 318 / (10 x (100 - 1))
    // = 1 - 1908 / 990 = -0.92727...
    // A value on the 12th, a day without entries, is left out.
    let values =
      Self.days.map { Self.value("sleep", $0.day, $0.hours) } + [
        Self.value("sleep", "2026-11-12", 3)
      ]
    let sleep = try #require(Self.relations(values).first { $0.factorID == "sleep" })
    #expect(sleep.pairedDays == 10 && sleep.isEnough)
    #expect(abs(try #require(sleep.correlation) - (1 - 1908.0 / 990.0)) < 1e-12)
    #expect(sleep.evidence == "10 days with both a value and entries")
    #expect(sleep.cue == "On days with higher Sleep, severity tended to be lower.")
    // Nine days are not enough for a cue, however strong
    let fewer = try #require(
      Self.relations(Array(values.dropFirst())).first { $0.factorID == "sleep" })
    #expect(fewer.pairedDays == 9 && !fewer.isEnough && fewer.cue == nil)
    #expect(fewer.correlation != nil)
  }

  @Test func aYesNoFactorComparesDaysWithAndWithout() throws {
    // Yes on the 14th, 16th, 18th, 19th and 21st: severities 9, 7, 10, 6, 8, mean 40 / 5 = 8.0.
    // The others (the 13th marked no, the rest not marked): 5, 1, 2, 3, 4, mean 15 / 5 = 3.0.
    let yes = ["2026-11-14", "2026-11-16", "2026-11-18", "2026-11-19", "2026-11-21"]
    let values = yes.map { Self.value("wine", $0, 1) } + [Self.value("wine", "2026-11-13", 0)]
    let wine = try #require(Self.relations(values).first { $0.factorID == "wine" })
    #expect(wine.daysWith == 5 && wine.daysWithout == 5 && wine.isEnough)
    #expect(wine.averageWith == 8.0 && wine.averageWithout == 3.0)
    #expect(wine.evidence == "5 days with, 5 without")
    #expect(
      wine.cue == "Severity was higher on days with Red wine: 8.0 against 3.0 on the others.")
    // Four days with it are not enough
    let four = try #require(
      Self.relations(Array(values.dropFirst())).first { $0.factorID == "wine" })
    #expect(four.daysWith == 4 && four.daysWithout == 6 && !four.isEnough && four.cue == nil)
  }

  @Test func aTagsFactorComparesEachTag() {
    // "stress" on the 14th and (as "Stress") the 18th: 9 and 10, mean 9.5; the 8 other days
    // 5 + 1 + 7 + 2 + 6 + 3 + 8 + 4 = 36, mean 4.5. Two days: not enough.
    // "rain" on the 13th, 15th, 17th, 20th and 22nd: 5, 1, 2, 3, 4, mean 3.0; the others
    // 9, 7, 10, 6, 8, mean 8.0: enough, and 5 points lower.
    let values = [
      Self.value("triggers", "2026-11-14", tags: ["stress"]),
      Self.value("triggers", "2026-11-18", tags: ["Stress", "rain"]),
    ]
    let rainy = ["2026-11-13", "2026-11-15", "2026-11-17", "2026-11-20", "2026-11-22"]
    let relations = Self.relations(
      values + rainy.map { Self.value("triggers", $0, tags: ["rain"]) }
    )
    .filter { $0.factorID == "triggers" }
    #expect(relations.map(\.tag) == ["rain", "stress"])
    // The 18th has rain too: rain days are 6 (5, 10, 1, 2, 3, 4 = 25, mean 25 / 6), the other
    // 4 days 9 + 7 + 6 + 8 = 30, mean 7.5: 4 days without is not enough.
    #expect(relations[0].daysWith == 6 && relations[0].daysWithout == 4)
    #expect(relations[0].averageWith == 25.0 / 6 && relations[0].averageWithout == 7.5)
    #expect(!relations[0].isEnough && relations[0].cue == nil)
    #expect(relations[1].daysWith == 2 && relations[1].averageWith == 9.5)
    #expect(relations[1].averageWithout == 4.5 && relations[1].cue == nil)
    // Without the 18th's rain: 5 days (mean 3.0) and 5 without (mean 8.0)
    let clear = Self.relations(
      [Self.value("triggers", "2026-11-14", tags: ["stress"])]
        + rainy.map { Self.value("triggers", $0, tags: ["rain"]) }
    ).first { $0.tag == "rain" }
    #expect(clear?.isEnough == true && clear?.averageWith == 3.0 && clear?.averageWithout == 8.0)
    #expect(
      clear?.cue == "Severity was lower on days tagged rain: 3.0 against 8.0 on the others.")
  }

  @Test func tiesShareTheirMeanRank() {
    // 1 is first; the two 3s span ranks 3 and 4: 3.5 each.
    #expect(RankCorrelation.ranks([3, 1, 3, 2]) == [3.5, 1, 3.5, 2])
    // A side that does not vary has no correlation
    #expect(RankCorrelation.spearman([1, 2, 3], [4, 4, 4]) == nil)
    // Pearson by hand: x = 1, 2, 3; y = 2, 4, 5. Means 2 and 11/3. Sxy = (-1)(-5/3) + 0 + (1)(4/3)
    // = 3; Sxx = 2; Syy = 25/9 + 1/9 + 16/9 = 42/9. r = 3 / sqrt(2 x 42/9) = 3 / sqrt(9.333...)
    #expect(
      abs(RankCorrelation.pearson([1, 2, 3], [2, 4, 5])! - 3 / (84.0 / 9).squareRoot()) < 1e-12)
  }

  @Test func valuesAreCheckedAgainstTheirKind() {
    let mood = Factor(
      id: "mood", journalID: "j", name: "Mood", kind: .scale, authorID: "o",
      createdAt: InsightsTests.now)
    #expect(throws: ValidationError(field: "number", "Mood is rated 1 to 5.")) {
      try Self.value("mood", "2026-11-22", 6).validated(for: mood)
    }
    #expect(throws: ValidationError(field: "number", "Mood is rated 1 to 5.")) {
      try Self.value("mood", "2026-11-22", 2.5).validated(for: mood)
    }
    #expect(throws: ValidationError(field: "day", "The day looks like 2026-11-22.")) {
      try Self.value("mood", "2026-11-31", 3).validated(for: mood)
    }
    #expect(throws: ValidationError(field: "present", "Red wine is yes or no.")) {
      try Self.value("wine", "2026-11-22", 2).validated(for: Self.wine)
    }
    let tags = try? Self.value("t", "2026-11-22", tags: [" rain ", "Rain", "stress"])
      .validated(for: Self.triggers)
    #expect(tags?.tags == ["rain", "stress"])
    #expect(throws: ValidationError(field: "name", "A factor needs a name.")) {
      try Factor(
        id: "f", journalID: "j", name: "  ", kind: .number, authorID: "o",
        createdAt: InsightsTests.now
      ).validated()
    }
  }
}
