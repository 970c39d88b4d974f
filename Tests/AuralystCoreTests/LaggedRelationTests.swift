import Foundation
import Testing

@testable import AuralystCore

/// A factor against severity the same day, one day and two days later, checked against a
/// computation written here from scratch: days stepped with Foundation's calendar, ranks by
/// counting, Pearson's r by its sums formula.
@Suite struct LaggedRelationTests {
  static let sleep = FactorRelationTests.sleep
  static let wine = FactorRelationTests.wine

  /// Three weeks to Sunday 22 November (the clocks went back on the 1st), with a seeded mix of
  /// severities and hours (ties on purpose), and no entries on every fourth day.
  static let days: [(day: String, hours: Double, severity: Int?, wine: Bool)] = {
    var seed: UInt64 = 20_261_122
    func next(_ bound: Int) -> Int {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((seed >> 33) % UInt64(bound))
    }
    return (1...22).map { day in
      let name = String(format: "2026-11-%02d", day)
      let hours = 4 + Double(next(10)) / 2
      return (name, hours, day % 4 == 0 ? nil : next(11), next(3) == 0)
    }
  }()

  static var insights: Insights {
    let entries = days.compactMap { day in
      day.severity.map { InsightsTests.entry("e-\(day.day)", "\(day.day) 09:00", $0) }
    }
    let values = days.flatMap { day in
      [
        FactorValue(factorID: "sleep", day: day.day, number: day.hours, authorID: "owner"),
        FactorValue(factorID: "wine", day: day.day, number: day.wine ? 1 : 0, authorID: "owner"),
      ]
    }
    return Insights(
      journal: InsightsTests.journal, entries: entries, medications: [], intakes: [],
      factors: [sleep, wine], factorValues: values, window: .month, now: InsightsTests.now)
  }

  /// The day `lag` after `day`, by Foundation's calendar.
  static func day(_ day: String, plus lag: Int) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = .gmt
    let formatter = DateFormatter()
    formatter.calendar = calendar
    formatter.timeZone = .gmt
    formatter.dateFormat = "yyyy-MM-dd"
    return formatter.string(
      from: calendar.date(byAdding: .day, value: lag, to: formatter.date(from: day)!)!)
  }

  static func ranks(_ values: [Double]) -> [Double] {
    values.map { value in
      Double(values.count { $0 < value }) + Double(values.count { $0 == value } + 1) / 2
    }
  }

  static func pearson(_ x: [Double], _ y: [Double]) -> Double {
    let n = Double(x.count)
    let sx = x.reduce(0, +)
    let sy = y.reduce(0, +)
    let sxy = zip(x, y).map { $0 * $1 }.reduce(0, +)
    let sxx = x.map { $0 * $0 }.reduce(0, +)
    let syy = y.map { $0 * $0 }.reduce(0, +)
    return (n * sxy - sx * sy) / ((n * sxx - sx * sx) * (n * syy - sy * sy)).squareRoot()
  }

  static var severities: [String: Double] {
    Dictionary(
      uniqueKeysWithValues: days.compactMap { day in day.severity.map { (day.day, Double($0)) } })
  }

  @Test func sleepAgainstSeverityTheSameDayAndOneAndTwoDaysLater() throws {
    let relation = try #require(Self.insights.factors.first { $0.factorID == "sleep" })
    #expect(relation.later.map(\.daysLater) == [1, 2])
    let columns =
      [(relation.pairedDays, relation.correlation, relation.isEnough)]
      + relation.later.map { ($0.pairedDays, $0.correlation, $0.isEnough) }
    for (lag, (paired, rho, isEnough)) in columns.enumerated() {
      let pairs = Self.days.compactMap { day in
        Self.severities[Self.day(day.day, plus: lag)].map { (day.hours, $0) }
      }
      let expected = Self.pearson(Self.ranks(pairs.map(\.0)), Self.ranks(pairs.map(\.1)))
      #expect(paired == pairs.count, "lag \(lag)")
      #expect(isEnough == (pairs.count >= 10), "lag \(lag)")
      #expect(abs(try #require(rho) - expected) < 1e-9, "lag \(lag)")
    }
    // 17 days have entries (not the 4th, 8th, 12th, 16th, 20th); one day later pairs the 1st
    // to the 21st less the five days before a gap (16), two days later the 1st to the 20th less
    // five (15)
    #expect(columns.map { $0.0 } == [17, 16, 15])
    #expect(relation.later[0].evidence.hasSuffix(" with a value and entries the next day"))
    #expect(relation.later[1].evidence.hasSuffix(" with a value and entries two days later"))
  }

  @Test func wineAgainstSeverityOneAndTwoDaysLater() throws {
    let relation = try #require(Self.insights.factors.first { $0.factorID == "wine" })
    let columns =
      [(relation.daysWith, relation.averageWith, relation.averageWithout)]
      + relation.later.map { ($0.daysWith, $0.averageWith, $0.averageWithout) }
    for (lag, (daysWith, averageWith, averageWithout)) in columns.enumerated() {
      let marked = Set(Self.days.filter(\.wine).map { Self.day($0.day, plus: lag) })
      let with = Self.severities.filter { marked.contains($0.key) }.map(\.value)
      let without = Self.severities.filter { !marked.contains($0.key) }.map(\.value)
      #expect(daysWith == with.count, "lag \(lag)")
      #expect(
        averageWith.map { abs($0 - with.reduce(0, +) / Double(with.count)) < 1e-9 }
          ?? with.isEmpty, "lag \(lag)")
      #expect(
        averageWithout.map { abs($0 - without.reduce(0, +) / Double(without.count)) < 1e-9 }
          ?? without.isEmpty, "lag \(lag)")
    }
  }

  @Test func aCueSaysWhichDayItIsAbout() throws {
    // Sleep that decides the next day's severity exactly: rho 1 one day later
    let days = (1...12).map { String(format: "2026-11-%02d", $0) }
    let entries = days.dropFirst().enumerated().map { index, day in
      InsightsTests.entry("e-\(day)", "\(day) 09:00", index % 11)
    }
    let values = days.dropLast().enumerated().map { index, day in
      FactorValue(factorID: "sleep", day: day, number: Double(index), authorID: "owner")
    }
    let relation = try #require(
      Insights(
        journal: InsightsTests.journal, entries: Array(entries), medications: [], intakes: [],
        factors: [Self.sleep], factorValues: Array(values), window: .month,
        now: InsightsTests.now
      ).factors.first)
    #expect(relation.later[0].correlation == 1 && relation.later[0].pairedDays == 11)
    #expect(relation.later[0].cue == "The day after higher Sleep, severity tended to be higher.")
  }
}
