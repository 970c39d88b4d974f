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

  /// How many doses have an intake of their own: first the intakes checked off for that dose
  /// and day, then the nearest other within `tolerance` of the dose's time. An intake counts
  /// once. Lookups are by key and by binary search, so years of doses stay quick.
  static func matched(
    _ doses: [DoseOccurrence], intakes: [MedicationIntake], tolerance: TimeInterval
  ) -> Int {
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
    var open: [DoseOccurrence] = []
    for dose in doses {
      if let index = checkedOff[Key(day: dose.day, dose: dose.scheduleID)]?.popLast() {
        used[index] = true
      } else {
        open.append(dose)
      }
    }
    let loose = intakes.indices.filter { !used[$0] }
      .sorted { intakes[$0].timestamp < intakes[$1].timestamp }
    let times = loose.map { intakes[$0].timestamp.timeIntervalSince1970 }
    var taken = Array(repeating: false, count: loose.count)
    var matched = doses.count - open.count
    for dose in open {
      let time = dose.instant.timeIntervalSince1970
      var low = 0
      var high = times.count
      while low < high {
        let middle = (low + high) / 2
        if times[middle] < time - tolerance { low = middle + 1 } else { high = middle }
      }
      var nearest: Int?
      var position = low
      while position < times.count, times[position] <= time + tolerance {
        if !taken[position],
          nearest.map({ abs(times[position] - time) < abs(times[$0] - time) }) ?? true
        {
          nearest = position
        }
        position += 1
      }
      if let nearest {
        taken[nearest] = true
        matched += 1
      }
    }
    return matched
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
