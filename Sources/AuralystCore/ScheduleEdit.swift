import Foundation

/// A dose slot as an edit sends it. Without an id it continues the medication's schedule at the
/// same time and cadence, so doses checked off against that schedule stay checked off.
public struct ScheduleEdit: Hashable, Sendable {
  public var id: String?
  /// The slot as sent; its own id is replaced by the one it keeps.
  public var schedule: MedicationSchedule
  /// Whether the slot came with its first day; without one it keeps the first day of the
  /// schedule it continues.
  public var startGiven: Bool

  public init(id: String?, schedule: MedicationSchedule, startGiven: Bool = true) {
    self.id = id
    self.schedule = schedule
    self.startGiven = startGiven
  }
}

extension Medication {
  /// The schedules after an edit. A slot with an id keeps it. A slot without one takes the id
  /// of an existing schedule no other slot took: first one with the same time and exactly the
  /// same cadence, then one with the same time and weekdays or interval (its first day edited
  /// or not sent). Any other slot is a new dose with an id from `newID`; a new weekday dose sent
  /// without its first day starts on `addedOn` (nil: from the medication's start).
  public func schedules(
    after edits: [ScheduleEdit], newID: () -> String, addedOn: String? = nil
  ) -> [MedicationSchedule] {
    let named = Set(edits.compactMap(\.id))
    var open = schedules.filter { !named.contains($0.id) }
    var kept: [String?] = edits.map(\.id)
    func claim(_ matches: (MedicationSchedule, ScheduleEdit) -> Bool) {
      for (index, edit) in edits.enumerated() where kept[index] == nil {
        if let found = open.firstIndex(where: { matches($0, edit) }) {
          kept[index] = open.remove(at: found).id
        }
      }
    }
    claim { old, edit in
      edit.startGiven && old.sameTime(as: edit.schedule)
        && old.cadence == edit.schedule.cadence
    }
    claim { old, edit in
      old.sameTime(as: edit.schedule) && old.cadence.repeats(like: edit.schedule.cadence)
    }
    return edits.enumerated().map { index, edit in
      var schedule = edit.schedule
      schedule.id = kept[index] ?? newID()
      let continued = schedules.first { $0.id == schedule.id }
      guard !edit.startGiven else { return schedule }
      switch (schedule.cadence, continued?.cadence) {
      case (.everyDays(let days, _), .everyDays(_, let start)?):
        schedule.cadence = .everyDays(days, start: start)
      case (.weekdays, _):
        schedule.startDay = continued.map(\.startDay) ?? addedOn
      default: break
      }
      return schedule
    }
  }
}

extension MedicationSchedule {
  func sameTime(as other: MedicationSchedule) -> Bool {
    hour == other.hour && minute == other.minute
  }
}

extension MedicationSchedule.Cadence {
  /// The same weekdays, or the same interval whatever its first day.
  func repeats(like other: Self) -> Bool {
    switch (self, other) {
    case (.weekdays(let mine), .weekdays(let theirs)): mine == theirs
    case (.everyDays(let mine, _), .everyDays(let theirs, _)): mine == theirs
    default: false
    }
  }
}
