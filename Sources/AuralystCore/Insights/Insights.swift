/// What a window of the journal shows: every block of the insights page and the gentle cues,
/// each number exact (rounding is for display only).
public struct Insights: Hashable, Codable, Sendable {
  public struct DailySeverity: Hashable, Codable, Sendable {
    public var day: String
    public var average: Double
    public var entries: Int
    /// The day's most severe entry.
    public var maximum: Double
    /// The 7-day rolling mean: the mean of the daily averages of the days with entries among
    /// this day and the six before it. A day without entries counts for nothing (not as 0).
    public var rollingAverage: Double
    /// How many days with entries the rolling mean rests on, this one included (1 to 7).
    public var rollingDays: Int
  }

  public struct HeatmapCell: Hashable, Codable, Sendable {
    /// 1 = Sunday ... 7 = Saturday.
    public var weekday: Int
    public var hour: Int
    public var average: Double
    public var entries: Int
  }

  public struct MedicationEffect: Hashable, Codable, Sendable {
    public var medicationID: String
    public var name: String
    /// The mean of the window's daily averages, less the mean on days it was taken: above
    /// zero, days with it were milder.
    public var effect: Double
    public var averageOnDaysTaken: Double
    public var daysTaken: Int
    public var daysWithout: Int

    /// How severity on days taken differs from the baseline: below zero, those days were
    /// milder. Pages and cues word and chart this, never `effect`, so sign and words agree.
    public var change: Double { -effect }
  }

  public struct Adherence: Hashable, Codable, Sendable {
    public var medicationID: String
    public var name: String
    public var isAsNeeded: Bool
    /// Scheduled doses due so far in the window; nil for as-needed medications.
    public var scheduled: Int?
    /// Due doses with an intake: checked off for that dose, or logged within 15 minutes of it.
    public var taken: Int?
    public var rate: Double?
    /// Every intake of it in the window.
    public var logged: Int
    public var averageDose: Double?
    public var unit: String?
    /// The day it started, when that is inside the window: doses are counted from then.
    public var startedOn: String?
    /// Doses taken after being followed up as missed: counted in `taken` too.
    public var late: Int?
    /// Doses marked skipped: never counted as taken.
    public var skipped: Int?
  }

  public struct MenstruationImpact: Hashable, Codable, Sendable {
    public var averageWhile: Double?
    public var averageOtherwise: Double?
    public var entriesWhile: Int
    public var entriesOtherwise: Int
    /// While minus otherwise; nil unless both have entries.
    public var difference: Double?
  }

  public struct SymptomAverage: Hashable, Codable, Sendable {
    public var name: String
    public var average: Double
    public var entries: Int
  }

  public struct AsNeededUse: Hashable, Codable, Sendable {
    /// The medications' use case, or the name of one without.
    public var useCase: String
    public var count: Int
    public var medications: [String]
  }

  public var window: InsightWindow
  public var firstDay: String
  public var lastDay: String
  public var timeZone: String
  public var entries: Int
  public var averageSeverity: [DailySeverity]
  public var heatmap: [HeatmapCell]
  /// The mean of the daily averages, which medication effects are measured against.
  public var baseline: Double?
  public var medicationEffects: [MedicationEffect]
  public var adherence: [Adherence]
  public var menstruation: MenstruationImpact
  public var symptomBreakdown: [SymptomAverage]
  public var asNeededUsage: [AsNeededUse]
  public var cues: [GentleCue]
  /// Each factor's relation with severity, by factor name (a tags factor, tag by tag).
  public var factors: [FactorRelation]
  /// Days with acute medication in this calendar month and the ones before, newest first;
  /// whole months, whatever the window (see `MedicationMonth.months`).
  public var medicationMonths: [MedicationMonth] = []
}

/// A quiet observation, shown only when its rule's threshold is met, with what it rests on.
public struct GentleCue: Hashable, Codable, Sendable {
  public enum Kind: String, Codable, Sendable, CaseIterable {
    case morningHighs, medicationCorrelation, menstruation
  }

  public var kind: Kind
  public var message: String
  public var suggestion: String
  public var evidence: String
  /// How many entries or days the cue rests on.
  public var evidenceCount: Int
}
