import Foundation

extension Insights {
  static let morningMinutes = 5 * 60..<11 * 60
  static let matchingTolerance: TimeInterval = 15 * 60

  /// The whole journal is counted back at most this far.
  static let longestWindow = 20 * 366

  /// Insights over the `window` ending at `now`, in the journal's time zone; each entry and
  /// intake counts on its own day, in the zone it was made in. Rows outside the window may be
  /// passed; they are skipped. For the whole journal, `since` (when given) is its
  /// first day instead of the day of its first record. Factor values on days outside the
  /// window are skipped too.
  public init(
    journal: Journal, entries: [SymptomEntry], medications: [Medication],
    intakes: [MedicationIntake], factors: [Factor] = [], factorValues: [FactorValue] = [],
    window: InsightWindow, now: Date, since: Date? = nil
  ) {
    let zone = TimeZone(identifier: journal.timeZone) ?? .gmt
    let earliest: Date
    if let days = window.days {
      earliest = now.addingTimeInterval(-Double(days + 1) * 86_400)
    } else {
      earliest =
        since
        ?? min(
          entries.lazy.map(\.timestamp).min() ?? now, intakes.lazy.map(\.timestamp).min() ?? now)
    }
    let clocks = RecordClocks(
      journal: zone,
      recordZones: entries.map(\.timeZone) + intakes.map(\.timeZone) + medications.map(\.timeZone),
      span: min(earliest, now)...now)
    let clock = clocks.journal
    let today = clock.local(now).day
    // The whole journal starts on its first record's own day.
    let earliestDay =
      since.map { clock.local($0).day }
      ?? min(
        entries.lazy.map { $0.day(in: clocks) }.min() ?? today,
        intakes.lazy.map { $0.day(in: clocks) }.min() ?? today)
    let first =
      window.days.map { today - $0 + 1 }
      ?? max(min(earliestDay, today), today - Self.longestWindow)
    let days = first...today

    self.window = window
    firstDay = CalendarDay(daysSince1970: first).description
    lastDay = CalendarDay(daysSince1970: today).description
    timeZone = zone.identifier

    var scored: [(entry: SymptomEntry, value: Double, day: Int, minute: Int)] = []
    // The week before the window, for its first days' rolling means.
    var before: [Int: [Double]] = [:]
    for entry in entries where entry.timestamp <= now {
      let local = clocks.local(entry.timestamp, zone: entry.timeZone)
      if days.contains(local.day) {
        scored.append((entry, entry.insightSeverity, local.day, local.minute))
      } else if (first - DailySeverity.rollingSpan + 1..<first).contains(local.day) {
        before[local.day, default: []].append(entry.insightSeverity)
      }
    }
    self.entries = scored.count

    var byDay: [Int: Mean] = [:]
    var byCell: [Int: Mean] = [:]
    for item in scored {
      byDay[item.day, default: Mean()].add(item.value)
      let weekday = CalendarDay.weekday(daysSince1970: item.day)
      byCell[weekday * 24 + item.minute / 60, default: Mean()].add(item.value)
    }
    averageSeverity = DailySeverity.series(
      Dictionary(grouping: scored, by: \.day).mapValues { $0.map(\.value) }, before: before)
    heatmap = byCell.keys.sorted().map { key in
      HeatmapCell(
        weekday: key / 24, hour: key % 24, average: byCell[key]!.value,
        entries: byCell[key]!.count)
    }
    let dailyMean = Mean(byDay.values.map(\.value))
    baseline = dailyMean.count > 0 ? dailyMean.value : nil

    // A skipped dose was not taken: it counts only as skipped, in adherence.
    var windowIntakes: [MedicationIntake] = []
    var skippedByMedication: [String: Int] = [:]
    for intake in intakes where intake.timestamp <= now && days.contains(intake.day(in: clocks)) {
      if intake.status == .skipped {
        skippedByMedication[intake.medicationID, default: 0] += 1
      } else {
        windowIntakes.append(intake)
      }
    }
    let medicationsByID = Dictionary(
      medications.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    medicationEffects = Self.effects(
      medications: medications, intakes: windowIntakes, byDay: byDay, baseline: baseline,
      clocks: clocks, days: days)
    let intakesByMedication = Dictionary(grouping: windowIntakes, by: \.medicationID)
    adherence = medications.sorted { ($0.name, $0.id) < ($1.name, $1.id) }.map { medication in
      Self.adherence(
        of: medication, intakes: intakesByMedication[medication.id] ?? [],
        skipped: skippedByMedication[medication.id] ?? 0, clocks: clocks,
        days: days, now: now)
    }
    menstruation = Self.menstruation(scored.map { ($0.entry.isMenstruating == true, $0.value) })
    symptomBreakdown = Self.breakdown(scored.map(\.entry), symptoms: journal.symptoms)
    asNeededUsage = Self.asNeededUsage(windowIntakes, medications: medicationsByID)
    self.factors = Self.factorRelations(
      factors, values: factorValues, severity: byDay.mapValues(\.value))
    cues = []
    cues = gentleCues(
      mornings: scored.filter { Self.morningMinutes.contains($0.minute) && $0.value >= 7 }
        .map(\.day))
  }

  private static func effects(
    medications: [Medication], intakes: [MedicationIntake], byDay: [Int: Mean],
    baseline: Double?, clocks: RecordClocks, days: ClosedRange<Int>
  ) -> [MedicationEffect] {
    guard let baseline else { return [] }
    var daysTaken: [String: Set<Int>] = [:]
    for intake in intakes {
      daysTaken[intake.medicationID, default: []].insert(intake.day(in: clocks))
      if let scheduled = intake.scheduledDate.flatMap(CalendarDay.init),
        days.contains(scheduled.daysSince1970)
      {
        daysTaken[intake.medicationID, default: []].insert(scheduled.daysSince1970)
      }
    }
    var effects: [MedicationEffect] = []
    for medication in medications {
      let taken = (daysTaken[medication.id] ?? []).filter { byDay[$0] != nil }
      guard !taken.isEmpty else { continue }
      let average = Mean(taken.map { byDay[$0]!.value }).value
      let effect = baseline - average
      guard abs(effect) > 0.1 else { continue }
      effects.append(
        MedicationEffect(
          medicationID: medication.id, name: medication.name, effect: effect,
          averageOnDaysTaken: average, daysTaken: taken.count,
          daysWithout: byDay.count - taken.count))
    }
    return effects.sorted { ($1.effect, $0.name) < ($0.effect, $1.name) }
  }

  private static func adherence(
    of medication: Medication, intakes: [MedicationIntake], skipped: Int, clocks: RecordClocks,
    days: ClosedRange<Int>, now: Date
  ) -> Adherence {
    let amounts = intakes.compactMap { $0.amount ?? medication.defaultAmount }
    var result = Adherence(
      medicationID: medication.id, name: medication.name, isAsNeeded: medication.isAsNeeded,
      logged: intakes.count, averageDose: amounts.isEmpty ? nil : Mean(amounts).value,
      unit: intakes.lazy.compactMap(\.unit).first ?? medication.defaultUnit)
    guard !medication.isAsNeeded else { return result }
    let (doses, startedOn) = DoseOccurrence.due(
      of: medication, clocks: clocks, days: days, until: now)
    result.startedOn = startedOn.map { CalendarDay(daysSince1970: $0).description }
    let taken = DoseOccurrence.matched(doses, intakes: intakes, tolerance: matchingTolerance)
    result.scheduled = doses.count
    result.taken = taken
    result.late = intakes.count { $0.status == .late }
    result.skipped = skipped
    result.rate = doses.isEmpty ? nil : Double(taken) / Double(doses.count)
    return result
  }

  private static func menstruation(_ values: [(isMenstruating: Bool, value: Double)])
    -> MenstruationImpact
  {
    let during = Mean(values.filter(\.isMenstruating).map(\.value))
    let otherwise = Mean(values.filter { !$0.isMenstruating }.map(\.value))
    var impact = MenstruationImpact(
      averageWhile: during.count > 0 ? during.value : nil,
      averageOtherwise: otherwise.count > 0 ? otherwise.value : nil,
      entriesWhile: during.count, entriesOtherwise: otherwise.count)
    if let a = impact.averageWhile, let b = impact.averageOtherwise { impact.difference = a - b }
    return impact
  }

  private static func breakdown(_ entries: [SymptomEntry], symptoms: [String]) -> [SymptomAverage] {
    guard !entries.isEmpty else { return [] }
    // The same severity as every other block: a calm overall rating with rated symptoms
    // counts as those symptoms' mean.
    let overall = Mean(entries.map(\.insightSeverity))
    var result = [SymptomAverage(name: "Overall", average: overall.value, entries: overall.count)]
    for name in symptoms {
      let rated = Mean(
        entries.compactMap { $0.symptomSeverities[name] }.filter { $0 > 0 }.map(Double.init))
      if rated.count > 0 {
        result.append(SymptomAverage(name: name, average: rated.value, entries: rated.count))
      }
    }
    return result
  }

  private static func asNeededUsage(
    _ intakes: [MedicationIntake], medications: [String: Medication]
  ) -> [AsNeededUse] {
    var uses: [String: (count: Int, names: Set<String>)] = [:]
    for intake in intakes where intake.origin == .asNeeded {
      guard let medication = medications[intake.medicationID] else { continue }
      let key = medication.useCase ?? medication.name
      uses[key, default: (0, [])].count += 1
      uses[key, default: (0, [])].names.insert(medication.name)
    }
    return uses.map {
      AsNeededUse(useCase: $0.key, count: $0.value.count, medications: $0.value.names.sorted())
    }
    .sorted { ($1.count, $0.useCase) < ($0.count, $1.useCase) }
  }
}

extension SymptomEntry {
  /// The severity insights use: the overall rating when above 0, else the mean of the symptoms
  /// rated above 0, else 0. (The reference app skipped calm entries, which made every average
  /// look worse than the days were.)
  public var insightSeverity: Double {
    if severity > 0 { return Double(severity) }
    let rated = symptomSeverities.values.filter { $0 > 0 }
    return rated.isEmpty ? 0 : Double(rated.reduce(0, +)) / Double(rated.count)
  }
}

/// A running mean.
struct Mean {
  private(set) var count = 0
  private var sum = 0.0

  init() {}

  init(_ values: [Double]) { for value in values { add(value) } }

  mutating func add(_ value: Double) {
    count += 1
    sum += value
  }

  var value: Double { count == 0 ? 0 : sum / Double(count) }
}
