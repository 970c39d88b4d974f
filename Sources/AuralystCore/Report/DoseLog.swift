import Foundation

/// Every dose of a period: each scheduled dose that fell due, with how it went (taken, taken
/// late, skipped, missed, or still within its grace period), and every other dose logged (as
/// needed, or beyond the schedule).
public struct DoseLog: Hashable, Sendable {
  public struct Dose: Hashable, Sendable {
    public enum State: String, Hashable, Sendable {
      case taken, late, skipped
      /// Not logged by the end of the journal's grace period after its time.
      case missed
      /// Not logged yet, and its grace period has not ended.
      case due
    }

    public var medicationID: String
    public var scheduleID: String
    /// The journal-zone day it was due on.
    public var day: CalendarDay
    public var time: Date
    public var state: State
    /// The intake that settled it, for every state but missed and due.
    public var intake: MedicationIntake?
  }

  /// Scheduled doses due in the period, by time.
  public var doses: [Dose]
  /// Intakes of the period that settle no scheduled dose, by time.
  public var unscheduled: [MedicationIntake]

  /// The log of `days` up to `now`. `intakes` may hold more than the period (a day on each side
  /// lets a dose at midnight meet its intake); those outside it are left out.
  public init(
    journal: Journal, medications: [Medication], intakes: [MedicationIntake],
    days: ClosedRange<Int>, now: Date
  ) {
    let start = Date(timeIntervalSince1970: Double(days.lowerBound - 2) * 86_400)
    let clocks = RecordClocks(
      journal: TimeZone(identifier: journal.timeZone) ?? .gmt,
      recordZones: intakes.map(\.timeZone) + medications.map(\.timeZone),
      span: start...max(start, now))
    let byMedication = Dictionary(grouping: intakes, by: \.medicationID)
    var doses: [Dose] = []
    var settling = Set<String>()
    let wider = days.lowerBound - 1...days.upperBound + 1
    for medication in medications {
      let own = byMedication[medication.id] ?? []
      let due = DoseOccurrence.due(of: medication, clocks: clocks, days: wider, until: now).doses
      let assigned = DoseOccurrence.assigned(
        due, intakes: own, tolerance: Insights.matchingTolerance)
      for (occurrence, index) in zip(due, assigned) {
        let intake = index.map { own[$0] }
        if let intake { settling.insert(intake.id) }
        guard days.contains(occurrence.day) else { continue }
        let state: Dose.State =
          switch (intake, intake?.status) {
          case (.some, .skipped): .skipped
          case (.some, .late): .late
          case (.some, nil): .taken
          case (nil, _): occurrence.instant + journal.doseGrace <= now ? .missed : .due
          }
        doses.append(
          Dose(
            medicationID: medication.id, scheduleID: occurrence.scheduleID,
            day: CalendarDay(daysSince1970: occurrence.day), time: occurrence.instant,
            state: state, intake: intake))
      }
    }
    self.doses = doses.sorted { ($0.time, $0.medicationID) < ($1.time, $1.medicationID) }
    unscheduled = intakes.filter {
      !settling.contains($0.id) && $0.timestamp <= now && days.contains($0.day(in: clocks))
    }
    .sorted { ($0.timestamp, $0.id) < ($1.timestamp, $1.id) }
  }

  /// The doses of one medication in each state.
  public func count(_ state: Dose.State, of medicationID: String) -> Int {
    doses.count { $0.medicationID == medicationID && $0.state == state }
  }
}
