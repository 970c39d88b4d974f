import Foundation

extension Insights {
  /// How one factor (or one tag of a tags factor) went with severity over the window, day by
  /// day: a factor's value on a day against that day's average severity, on days with entries.
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
  }

  public static let minimumPairedDays = 10
  public static let minimumDaysEachSide = 5
  /// |rho| from which a correlation is worded (a moderate one, by the usual rule of thumb).
  static let clearCorrelation = 0.3
  /// Severity points (of 10) between days with and without from which a difference is worded.
  static let clearDifference = 0.5

  /// Each factor's relation with `severity` (each day's average, days since 1970). Values on
  /// days without entries are left out; tags factors give one line per tag.
  static func factorRelations(
    _ factors: [Factor], values: [FactorValue], severity: [Int: Double]
  ) -> [FactorRelation] {
    let byFactor = Dictionary(grouping: values, by: \.factorID)
    var relations: [FactorRelation] = []
    for factor in factors.sorted(by: { ($0.nameKey, $0.id) < ($1.nameKey, $1.id) }) {
      var days: [Int: FactorValue] = [:]
      for value in byFactor[factor.id] ?? [] {
        guard let day = CalendarDay(value.day)?.daysSince1970, severity[day] != nil else {
          continue
        }
        days[day] = value
      }
      switch factor.kind {
      case .number, .scale:
        relations.append(correlation(of: factor, days.compactMapValues(\.number), severity))
      case .yesNo:
        let marked = Set(days.filter { $0.value.number == 1 }.keys)
        relations.append(comparison(of: factor, tag: nil, marked: marked, severity))
      case .tags:
        var tagged: [String: (name: String, days: Set<Int>)] = [:]
        for (day, value) in days.sorted(by: { $0.key < $1.key }) {
          for tag in value.tags ?? [] {
            tagged[tag.lowercased(), default: (tag, [])].days.insert(day)
          }
        }
        for key in tagged.keys.sorted() {
          relations.append(
            comparison(of: factor, tag: tagged[key]!.name, marked: tagged[key]!.days, severity))
        }
      }
    }
    return relations
  }

  private static func correlation(
    of factor: Factor, _ values: [Int: Double], _ severity: [Int: Double]
  ) -> FactorRelation {
    let days = values.keys.sorted()
    let rho = RankCorrelation.spearman(days.map { values[$0]! }, days.map { severity[$0]! })
    var relation = FactorRelation(
      factorID: factor.id, name: factor.name, kind: factor.kind, unit: factor.unit,
      pairedDays: days.count, correlation: rho, isEnough: days.count >= minimumPairedDays,
      evidence: Wording.count(days.count, "day", "days") + " with both a value and entries")
    if relation.isEnough, let rho, abs(rho) >= clearCorrelation {
      relation.cue =
        "On days with higher \(factor.name), severity tended to be \(rho < 0 ? "lower" : "higher")."
    }
    return relation
  }

  private static func comparison(
    of factor: Factor, tag: String?, marked: Set<Int>, _ severity: [Int: Double]
  ) -> FactorRelation {
    let with = Mean(marked.compactMap { severity[$0] })
    let without = Mean(severity.filter { !marked.contains($0.key) }.map(\.value))
    var relation = FactorRelation(
      factorID: factor.id, name: factor.name, kind: factor.kind, tag: tag,
      daysWith: with.count, daysWithout: without.count,
      averageWith: with.count > 0 ? with.value : nil,
      averageWithout: without.count > 0 ? without.value : nil,
      isEnough: with.count >= minimumDaysEachSide && without.count >= minimumDaysEachSide,
      evidence: "\(Wording.count(with.count, "day", "days")) with, \(without.count) without")
    let difference = with.value - without.value
    if relation.isEnough, abs(difference) >= clearDifference {
      let days = tag.map { "days tagged \($0)" } ?? "days with \(factor.name)"
      relation.cue =
        "Severity was \(difference > 0 ? "higher" : "lower") on \(days): "
        + "\(Wording.oneDecimal(with.value)) against \(Wording.oneDecimal(without.value)) on the others."
    }
    return relation
  }
}
