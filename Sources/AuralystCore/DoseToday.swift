import Foundation

/// A scheduled dose of today in the journal's clock, and whether it was logged: what the
/// person's home shows as the next dose, or as missed once its grace period has passed.
public struct DoseToday: Equatable, Sendable {
  public var medication: Medication
  public var schedule: MedicationSchedule
  public var instant: Date
  public var logged: Bool

  /// Today's doses of `medications`, by time. A dose counts as logged when an intake was checked
  /// off for it today, or one of its medication was taken within `tolerance` of its time.
  public static func list(
    medications: [Medication], intakes: [MedicationIntake], clock: ZoneClock, now: Date,
    tolerance: TimeInterval = 15 * 60
  ) -> [DoseToday] {
    let today = clock.local(now).day
    let day = CalendarDay(daysSince1970: today)
    var doses: [DoseToday] = []
    for medication in medications {
      let own = intakes.filter { $0.medicationID == medication.id && $0.status != .skipped }
      let schedules = Dictionary(
        medication.doses.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
      for occurrence in DoseOccurrence.all(
        of: medication, clock: clock, days: today...today, until: .distantFuture)
      {
        guard let schedule = schedules[occurrence.scheduleID] else { continue }
        let instant = occurrence.instant
        let logged = own.contains {
          ($0.doseID == schedule.id && $0.scheduledDate == day.description)
            || abs($0.timestamp.timeIntervalSince(instant)) <= tolerance
        }
        let skipped = intakes.contains {
          $0.status == .skipped && $0.doseID == schedule.id && $0.scheduledDate == day.description
        }
        doses.append(
          DoseToday(
            medication: medication, schedule: schedule, instant: instant,
            logged: logged || skipped))
      }
    }
    return doses.sorted { ($0.instant, $0.medication.name) < ($1.instant, $1.medication.name) }
  }
}
