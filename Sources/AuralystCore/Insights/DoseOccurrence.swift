import Foundation

/// A scheduled dose that fell due: which schedule, on which local day, at what instant.
struct DoseOccurrence {
  var scheduleID: String
  var day: Int
  var instant: Date

  /// The medication's active doses due on `days`, up to `now`.
  static func all(
    of medication: Medication, clock: ZoneClock, days: ClosedRange<Int>, until now: Date
  ) -> [DoseOccurrence] {
    var due: [DoseOccurrence] = []
    for day in days {
      let calendarDay = CalendarDay(daysSince1970: day)
      for schedule in medication.doses where schedule.isDue(on: calendarDay) {
        let instant = clock.instant(day: day, minute: schedule.hour * 60 + schedule.minute)
        if instant <= now {
          due.append(DoseOccurrence(scheduleID: schedule.id, day: day, instant: instant))
        }
      }
    }
    return due
  }

  /// The medication's doses due on `days` up to `now`, counted from its first day (on the day
  /// it was added, from the moment it was added); `startedOn` is that first day when it falls in
  /// `days`.
  static func due(
    of medication: Medication, clocks: RecordClocks, days: ClosedRange<Int>, until now: Date
  ) -> (doses: [DoseOccurrence], startedOn: Int?) {
    guard !medication.isAsNeeded else { return ([], nil) }
    // Its first day in the zone it was added in; its doses fall in the journal's.
    let added = clocks.clock(medication.timeZone)
    var counted = days
    var startedOn: Int?
    var since: Date?
    if let first = medication.firstDay(in: added), first >= days.lowerBound {
      // A start after the last day is counted as a day with no dose due yet.
      counted = first...max(first, days.upperBound)
      startedOn = first
      if let createdAt = medication.createdAt, added.local(createdAt).day == first {
        since = createdAt.addingTimeInterval(-Insights.matchingTolerance)
      }
    }
    let doses = all(of: medication, clock: clocks.journal, days: counted, until: now)
      .filter { dose in since.map { dose.instant >= $0 } ?? true }
    return (doses, startedOn)
  }

  /// How many doses have an intake of their own (see `assigned`).
  static func matched(
    _ doses: [DoseOccurrence], intakes: [MedicationIntake], tolerance: TimeInterval
  ) -> Int {
    assigned(doses, intakes: intakes, tolerance: tolerance).count { $0 != nil }
  }

  /// The intake (its index in `intakes`) each dose has: first the intakes checked off for that
  /// dose and day, then the nearest other within `tolerance` of the dose's time, never a skipped
  /// one. An intake counts once. Lookups are by key and by binary search, so years of doses stay
  /// quick.
  static func assigned(
    _ doses: [DoseOccurrence], intakes: [MedicationIntake], tolerance: TimeInterval
  ) -> [Int?] {
    struct Key: Hashable {
      var day: Int
      var dose: String
    }
    var checkedOff: [Key: [Int]] = [:]
    for (index, intake) in intakes.enumerated().reversed() {
      guard let dose = intake.doseID,
        let day = intake.scheduledDate.flatMap(CalendarDay.init)?.daysSince1970
      else { continue }
      checkedOff[Key(day: day, dose: dose), default: []].append(index)
    }
    var used = Array(repeating: false, count: intakes.count)
    var result: [Int?] = Array(repeating: nil, count: doses.count)
    var open: [Int] = []
    for (position, dose) in doses.enumerated() {
      if let index = checkedOff[Key(day: dose.day, dose: dose.scheduleID)]?.popLast() {
        used[index] = true
        result[position] = index
      } else {
        open.append(position)
      }
    }
    let loose = intakes.indices.filter { !used[$0] && intakes[$0].status != .skipped }
      .sorted { intakes[$0].timestamp < intakes[$1].timestamp }
    let times = loose.map { intakes[$0].timestamp.timeIntervalSince1970 }
    var taken = Array(repeating: false, count: loose.count)
    for position in open {
      let time = doses[position].instant.timeIntervalSince1970
      var low = 0
      var high = times.count
      while low < high {
        let middle = (low + high) / 2
        if times[middle] < time - tolerance { low = middle + 1 } else { high = middle }
      }
      var nearest: Int?
      var candidate = low
      while candidate < times.count, times[candidate] <= time + tolerance {
        if !taken[candidate],
          nearest.map({ abs(times[candidate] - time) < abs(times[$0] - time) }) ?? true
        {
          nearest = candidate
        }
        candidate += 1
      }
      if let nearest {
        taken[nearest] = true
        result[position] = loose[nearest]
      }
    }
    return result
  }
}

extension Medication {
  /// The doses a scheduled medication is taken by: its schedules, or, with none, one daily dose
  /// at 08:00 whose id is the medication's (as the reference's quick log showed it).
  public var doses: [MedicationSchedule] {
    guard !isAsNeeded else { return [] }
    guard schedules.isEmpty else { return schedules }
    return [
      MedicationSchedule(
        id: id, label: "Daily", hour: 8, minute: 0, cadence: .weekdays(Set(1...7)))
    ]
  }
}

extension MedicationIntake {
  /// The dose this intake was checked off for: its schedule, or the medication's daily dose.
  var doseID: String? { scheduleID ?? (origin == .scheduled ? medicationID : nil) }
}
