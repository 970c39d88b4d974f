import AuralystCore
import Foundation
import HearthCore
import HearthPlatform

extension AuralystJournals {
  /// The period a report's query names, in the journal's zone; a bad one is a 400 naming the
  /// field.
  func reportPeriod(_ opened: Opened, from: String?, to: String?) throws -> ReportPeriod {
    let clock = ZoneClock(
      timeZone: TimeZone(identifier: opened.journal.timeZone) ?? .gmt, span: env.now()...env.now())
    do {
      return try ReportPeriod(from: from, to: to, today: clock.local(env.now()).day)
    } catch {
      throw APIErrorResponse(.invalid(error.field, error.message))
    }
  }

  /// The report of `period`, and the insights its charts draw.
  func report(_ opened: Opened, period: ReportPeriod) async throws -> (JournalReport, Insights) {
    let now = env.now()
    let clock = ZoneClock(
      timeZone: TimeZone(identifier: opened.journal.timeZone) ?? .gmt,
      span: min(now, Date(timeIntervalSince1970: Double(period.first) * 86_400))...now)
    let start = clock.instant(day: period.first, minute: 0)
    let end = min(now, clock.instant(day: period.last + 1, minute: 0).addingTimeInterval(-0.001))
    // A day more on each side covers any zone's offset; the week before is for the first days'
    // rolling means. Notes about the period's entries may be written after it.
    let rows = try await records(
      opened, [.entry, .intake], from: clock.instant(day: period.first - 7, minute: 0),
      until: clock.instant(day: period.last + 2, minute: 0))
    let entries = try rows.compactMap(AuralystRecordCoding.entry)
    let intakes = try rows.compactMap(AuralystRecordCoding.intake)
    let medications = try await medications(opened)
    let owner = try await database.user(id: opened.journal.ownerID)?.displayName ?? ""
    let report = JournalReport(
      journal: opened.journal, ownerName: owner, period: period, now: now, entries: entries,
      medications: medications, intakes: intakes, factors: try await factors(opened),
      factorValues: try await factorValues(
        opened, from: period.firstDay.description, until: period.lastDay.description),
      notes: try await records(opened, [.note], from: start.addingTimeInterval(-86_400))
        .compactMap(AuralystRecordCoding.note))
    let insights = Insights(
      journal: opened.journal, entries: entries.filter { $0.timestamp <= end },
      medications: medications, intakes: intakes.filter { $0.timestamp <= end }, window: .all,
      now: end, since: start)
    return (report, insights)
  }
}
