import AuralystCore
import Foundation
import HearthAccounts
import HearthCore
import HearthPlatform

extension AuralystModule {
  /// In the journals the person keeps or helps with: today's doses not logged past their grace
  /// period (missed), and the next dose to come.
  public func waiting(for user: User) async throws -> [WaitingItem] {
    let journals = AuralystJournals(env: env)
    let now = env.now()
    var missed: [WaitingItem] = []
    var next: [WaitingItem] = []
    for opened in try await journals.journals(for: user) where opened.access >= .write {
      let zone = TimeZone(identifier: opened.journal.timeZone) ?? .gmt
      let clock = ZoneClock(
        timeZone: zone,
        span: now.addingTimeInterval(-2 * 86_400)...now.addingTimeInterval(2 * 86_400))
      let intakes = try await journals.records(
        opened, [.intake], from: now.addingTimeInterval(-36 * 3_600),
        until: now.addingTimeInterval(36 * 3_600)
      ).compactMap(AuralystRecordCoding.intake)
      let doses = DoseToday.list(
        medications: try await journals.medications(opened), intakes: intakes, clock: clock,
        now: now)
      let href = "/auralyst/journals/\(opened.journal.id)/medications"
      let time = DateFormatter()
      time.locale = Locale(identifier: "en_US_POSIX")
      time.timeZone = zone
      time.dateFormat = "h:mm a"
      let open = doses.filter { !$0.logged }
      for dose in open where dose.instant.addingTimeInterval(opened.journal.doseGrace) < now {
        missed.append(
          WaitingItem(
            "Missed: \(dose.medication.name) at \(time.string(from: dose.instant))",
            detail: opened.journal.title, href: href))
      }
      if let dose = open.first(where: {
        $0.instant.addingTimeInterval(opened.journal.doseGrace) >= now
      }) {
        next.append(
          WaitingItem(
            "Next dose: \(dose.medication.name) at \(time.string(from: dose.instant))",
            detail: opened.journal.title, href: href))
      }
    }
    return missed + next
  }
}
