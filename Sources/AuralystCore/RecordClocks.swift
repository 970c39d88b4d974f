import Foundation

/// The clocks a journal's records are counted in. Each entry, intake or medication keeps the
/// zone the journal was in when it was made, and its day is that zone's, so changing the
/// journal's zone (or travelling) never moves the past to other days; a record from before
/// zones were kept, or with a zone this system does not know, counts in the journal's.
public struct RecordClocks: Sendable {
  public let journal: ZoneClock
  private let journalZone: String
  private let others: [String: ZoneClock]

  public init(journal zone: TimeZone, recordZones: some Sequence<String?>, span: ClosedRange<Date>)
  {
    journal = ZoneClock(timeZone: zone, span: span)
    journalZone = zone.identifier
    var others: [String: ZoneClock] = [:]
    var unknown: Set<String> = []
    // Nearly every record is in the journal's zone: comparing with it spares hashing them all.
    for case let identifier? in recordZones
    where identifier != journalZone && others[identifier] == nil && !unknown.contains(identifier) {
      if let other = TimeZone(identifier: identifier) {
        others[identifier] = ZoneClock(timeZone: other, span: span)
      } else {
        unknown.insert(identifier)
      }
    }
    self.others = others
  }

  /// The clock of a record made in `zone`.
  public func clock(_ zone: String?) -> ZoneClock {
    guard let zone, !others.isEmpty, zone != journalZone else { return journal }
    return others[zone] ?? journal
  }

  /// The local day (days since 1970) and minute of a record made at `date` in `zone`.
  public func local(_ date: Date, zone: String?) -> (day: Int, minute: Int) {
    clock(zone).local(date)
  }
}

extension SymptomEntry {
  /// The entry's own day, in the zone it was written in.
  public func day(in clocks: RecordClocks) -> Int { clocks.local(timestamp, zone: timeZone).day }
}

extension MedicationIntake {
  /// The intake's own day, in the zone it was logged in.
  public func day(in clocks: RecordClocks) -> Int { clocks.local(timestamp, zone: timeZone).day }
}
