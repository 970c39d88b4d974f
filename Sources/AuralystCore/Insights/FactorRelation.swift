import Foundation

extension Insights {
  /// How one factor (or one tag of a tags factor) went with severity over the window, day by
  /// day: a factor's value on a day against that day's average severity, on days with entries;
  /// and, in `later`, against the average severity one and two days later.
  public struct FactorRelation: Hashable, Codable, Sendable {
    public var factorID: String
    public var name: String
    public var kind: Factor.Kind
    /// For a tags factor, the tag this line is about.
    public var tag: String?
    public var unit: String?
    /// Numbers and scales: the days with both a value and entries, and Spearman's rank
    /// correlation over them (nil when either side does not vary).
    public var pairedDays: Int?
    public var correlation: Double?
    /// Yes/no and tags: days with entries marked yes (or tagged), and the other days with
    /// entries (marked no, or not marked), with their mean daily severity.
    public var daysWith: Int?
    public var daysWithout: Int?
    public var averageWith: Double?
    public var averageWithout: Double?
    /// Whether there are enough days to say anything: `minimumPairedDays` paired days, or
    /// `minimumDaysEachSide` days on each side.
    public var isEnough: Bool
    /// What the days rest on, in words.
    public var evidence: String
    /// A plain-words cue: only with enough days and a clear relation.
    public var cue: String?
    /// The same statistics against severity one day later, then two days later.
    public var later: [Lagged]

    /// The same day's statistics, then the later ones: one column each.
    public var columns: [Lagged] {
      [
        Lagged(
          daysLater: 0, pairedDays: pairedDays, correlation: correlation, daysWith: daysWith,
          daysWithout: daysWithout, averageWith: averageWith, averageWithout: averageWithout,
          isEnough: isEnough, evidence: evidence, cue: cue)
      ] + later
    }
  }

  /// A factor's value on a day against the severity `daysLater` days after it: the same
  /// fields, by the same rules, as the same day's.
  public struct Lagged: Hashable, Codable, Sendable {
    public var daysLater: Int
    public var pairedDays: Int?
    public var correlation: Double?
    public var daysWith: Int?
    public var daysWithout: Int?
    public var averageWith: Double?
    public var averageWithout: Double?
    public var isEnough: Bool
    public var evidence: String
    public var cue: String?
  }

  public static let minimumPairedDays = 10
  public static let minimumDaysEachSide = 5
  /// How many days after a factor's day its severity is looked at, beside the same day.
  public static let lags = [1, 2]
  /// |rho| from which a correlation is worded (a moderate one, by the usual rule of thumb).
  static let clearCorrelation = 0.3
  /// Severity points (of 10) between days with and without from which a difference is worded.
  static let clearDifference = 0.5

  /// Each factor's relation with `severity` (each day's average, days since 1970), on the same
  /// day and `lags` days later. A value counts where its day (or the day `lag` after) has
  /// entries; tags factors give one line per tag.
  static func factorRelations(
    _ factors: [Factor], values: [FactorValue], severity: [Int: Double]
  ) -> [FactorRelation] {
    let byFactor = Dictionary(grouping: values, by: \.factorID)
    let offsets = [0] + lags
    var relations: [FactorRelation] = []
    for factor in factors.sorted(by: { ($0.nameKey, $0.id) < ($1.nameKey, $1.id) }) {
      var days: [Int: FactorValue] = [:]
      for value in byFactor[factor.id] ?? [] {
        guard let day = CalendarDay(value.day)?.daysSince1970,
          offsets.contains(where: { severity[day + $0] != nil })
        else { continue }
        days[day] = value
      }
      switch factor.kind {
      case .number, .scale:
        let numbers = days.compactMapValues(\.number)
        relations.append(
          relation(factor, tag: nil, offsets.map { correlation(factor, numbers, severity, $0) }))
      case .yesNo:
        let marked = Set(days.filter { $0.value.number == 1 }.keys)
        relations.append(
          relation(
            factor, tag: nil,
            offsets.map { comparison(factor, tag: nil, marked: marked, severity, $0) }))
      case .tags:
        var tagged: [String: (name: String, days: Set<Int>)] = [:]
        for (day, value) in days.sorted(by: { $0.key < $1.key }) {
          for tag in value.tags ?? [] {
            tagged[tag.lowercased(), default: (tag, [])].days.insert(day)
          }
        }
        for key in tagged.keys.sorted() {
          let (name, marked) = tagged[key]!
          relations.append(
            relation(
              factor, tag: name,
              offsets.map { comparison(factor, tag: name, marked: marked, severity, $0) }))
        }
      }
    }
    return relations
  }

  /// The line of a factor: the same day's statistics, with the later ones beside them.
  private static func relation(_ factor: Factor, tag: String?, _ statistics: [Lagged])
    -> FactorRelation
  {
    let same = statistics[0]
    return FactorRelation(
      factorID: factor.id, name: factor.name, kind: factor.kind, tag: tag,
      unit: [.number, .scale].contains(factor.kind) ? factor.unit : nil,
      pairedDays: same.pairedDays,
      correlation: same.correlation, daysWith: same.daysWith, daysWithout: same.daysWithout,
      averageWith: same.averageWith, averageWithout: same.averageWithout,
      isEnough: same.isEnough, evidence: same.evidence, cue: same.cue,
      later: Array(statistics.dropFirst()))
  }

  /// Each value against the severity `lag` days after its day, where that day has entries.
  private static func correlation(
    _ factor: Factor, _ values: [Int: Double], _ severity: [Int: Double], _ lag: Int
  ) -> Lagged {
    let days = values.keys.sorted().filter { severity[$0 + lag] != nil }
    let rho = RankCorrelation.spearman(days.map { values[$0]! }, days.map { severity[$0 + lag]! })
    let after = ["", " the next day", " two days later"][min(lag, 2)]
    var result = Lagged(
      daysLater: lag, pairedDays: days.count, correlation: rho,
      isEnough: days.count >= minimumPairedDays,
      evidence: lag == 0
        ? Wording.count(days.count, "day", "days") + " with both a value and entries"
        : Wording.count(days.count, "day", "days") + " with a value and entries\(after)")
    if result.isEnough, let rho, abs(rho) >= clearCorrelation {
      let direction = rho < 0 ? "lower" : "higher"
      result.cue =
        switch lag {
        case 0: "On days with higher \(factor.name), severity tended to be \(direction)."
        case 1: "The day after higher \(factor.name), severity tended to be \(direction)."
        default: "Two days after higher \(factor.name), severity tended to be \(direction)."
        }
    }
    return result
  }

  /// The days with entries `lag` days after a marked day, against the other days with entries.
  private static func comparison(
    _ factor: Factor, tag: String?, marked: Set<Int>, _ severity: [Int: Double], _ lag: Int
  ) -> Lagged {
    let after = Set(marked.map { $0 + lag })
    let with = Mean(after.compactMap { severity[$0] })
    let without = Mean(severity.filter { !after.contains($0.key) }.map(\.value))
    var result = Lagged(
      daysLater: lag, daysWith: with.count, daysWithout: without.count,
      averageWith: with.count > 0 ? with.value : nil,
      averageWithout: without.count > 0 ? without.value : nil,
      isEnough: with.count >= minimumDaysEachSide && without.count >= minimumDaysEachSide,
      evidence: "\(Wording.count(with.count, "day", "days")) with, \(without.count) without")
    let difference = with.value - without.value
    if result.isEnough, abs(difference) >= clearDifference {
      let days = tag.map { "days tagged \($0)" } ?? "days with \(factor.name)"
      let when = ["on \(days)", "the day after \(days)", "two days after \(days)"][min(lag, 2)]
      result.cue =
        "Severity was \(difference > 0 ? "higher" : "lower") \(when): "
        + "\(Wording.oneDecimal(with.value)) against \(Wording.oneDecimal(without.value)) on the others."
    }
    return result
  }
}
