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
  /// and day, then any other within `tolerance` of the dose's time. An intake counts once.
  static func matched(
    _ doses: [DoseOccurrence], intakes: [MedicationIntake], tolerance: TimeInterval
  ) -> Int {
    var used = Array(repeating: false, count: intakes.count)
    var open: [DoseOccurrence] = []
    for dose in doses {
      let checked = intakes.indices.first { index in
        !used[index] && intakes[index].doseID == dose.scheduleID
          && intakes[index].scheduledDate.flatMap(CalendarDay.init)?.daysSince1970 == dose.day
      }
      if let checked { used[checked] = true } else { open.append(dose) }
    }
    var taken = doses.count - open.count
    for dose in open {
      let nearest = intakes.indices.filter { index in
        !used[index] && abs(intakes[index].timestamp.timeIntervalSince(dose.instant)) <= tolerance
      }.min {
        abs(intakes[$0].timestamp.timeIntervalSince(dose.instant))
          < abs(intakes[$1].timestamp.timeIntervalSince(dose.instant))
      }
      if let nearest {
        used[nearest] = true
        taken += 1
      }
    }
    return taken
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
