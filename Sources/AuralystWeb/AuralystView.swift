import AuralystCore
import Foundation
import HearthHTML
import HearthPlatform

/// One person's view of one journal: what they may do there, and its times in the owner's zone.
public struct AuralystView: Sendable {
  public var journal: Journal
  /// "owner", "read-write" or "read-only".
  public var access: String
  public var viewerID: String
  public var now: Date
  package let clock: ZoneClock

  public init(journal: Journal, access: String, viewerID: String, now: Date) {
    self.journal = journal
    self.access = access
    self.viewerID = viewerID
    self.now = now
    clock = ZoneClock(
      timeZone: TimeZone(identifier: journal.timeZone) ?? .gmt,
      span: min(journal.createdAt, now.addingTimeInterval(-400 * 86_400))...now)
  }

  public var isOwner: Bool { access == "owner" }

  /// What the access lets the person do, in words: "can view", "can add entries, doses and notes".
  public static func accessWords(_ access: String) -> String {
    switch access {
    case "owner": "own it"
    case "read-write": "can add entries, doses and notes"
    default: "can view"
    }
  }
  public var canWrite: Bool { access == "owner" || access == "read-write" }
  public func canEdit(_ authorID: String) -> Bool {
    isOwner || (access == "read-write" && authorID == viewerID)
  }

  public var path: String { "/auralyst/journals/\(journal.id)" }
  public var api: String { "/api/auralyst/journals/\(journal.id)" }
  public var today: Int { clock.local(now).day }

  // MARK: - Times, in the journal's zone

  package static let weekdays = Wording.weekdays
  package static let months = [
    "January", "February", "March", "April", "May", "June", "July", "August", "September",
    "October", "November", "December",
  ]

  public func day(of date: Date) -> Int { clock.local(date).day }

  /// The own day of a record made at `date` in `zone`, which a change of the journal's zone
  /// does not move.
  public func day(of date: Date, madeIn zone: String?) -> Int {
    guard let zone, zone != journal.timeZone, let other = TimeZone(identifier: zone) else {
      return day(of: date)
    }
    return ZoneClock(timeZone: other, span: date...date).local(date).day
  }

  public func dayName(_ day: Int) -> String {
    if day == today { return "Today" }
    if day == today - 1 { return "Yesterday" }
    let calendarDay = CalendarDay(daysSince1970: day)
    return "\(Self.weekdays[calendarDay.weekday - 1]) \(calendarDay.day) "
      + "\(Self.months[calendarDay.month - 1]) \(calendarDay.year)"
  }

  public func longDay(_ day: Int) -> String {
    let calendarDay = CalendarDay(daysSince1970: day)
    return "\(Self.weekdays[calendarDay.weekday - 1]) \(calendarDay.day) "
      + "\(Self.months[calendarDay.month - 1]) \(calendarDay.year)"
  }

  public func time(_ date: Date) -> String {
    let minute = clock.local(date).minute
    return String(format: "%02d:%02d", minute / 60, minute % 60)
  }

  public func dateTime(_ date: Date) -> String { "\(dayName(day(of: date))), \(time(date))" }

  /// The time of a record made in `zone`, as its clock showed it: "00:30", with the zone's
  /// abbreviation ("00:30 CET") when that is not the journal's zone now.
  public func time(_ date: Date, madeIn zone: String?) -> String {
    guard let zone, zone != journal.timeZone, let other = TimeZone(identifier: zone) else {
      return time(date)
    }
    let minute = ZoneClock(timeZone: other, span: date...date).local(date).minute
    return String(format: "%02d:%02d ", minute / 60, minute % 60)
      + (other.abbreviation(for: date) ?? zone)
  }

  public func dateTime(_ date: Date, madeIn zone: String?) -> String {
    "\(dayName(day(of: date, madeIn: zone))), \(time(date, madeIn: zone))"
  }

  /// For `<time datetime>` and the API.
  public func iso(_ date: Date) -> String { ISOTime.string(date, clock: clock) }

  /// For `<input type="datetime-local">`, in the journal's zone.
  public func localInput(_ date: Date) -> String {
    let local = clock.local(date)
    return CalendarDay(daysSince1970: local.day).description
      + String(format: "T%02d:%02d", local.minute / 60, local.minute % 60)
  }

  public func instant(day: Int, minute: Int) -> Date { clock.instant(day: day, minute: minute) }

}

/// Bits every Auralyst page shares.
package enum AuralystChrome {

  package static let tabs: [(String, String)] = [
    ("", "Journal"), ("/calendar", "Calendar"), ("/medications", "Medications"),
    ("/factors", "Factors"), ("/insights", "Insights"), ("/sharing", "Sharing"),
    ("/data", "Export & import"),
    ("/report", "Report"), ("/settings", "Settings"),
  ]

  package static func header(_ view: AuralystView, current: String) -> Node {
    .fragment([
      .p(
        [.class("auralyst-crumbs")], .a([.href("/auralyst")], "Journals"), " › ",
        .span(.text(view.journal.title)),
        view.isOwner
          ? .empty
          : .span(
            [.class("auralyst-badge")],
            .text(" shared with you; you \(AuralystView.accessWords(view.access))"))),
      Tabs(
        label: "Journal sections",
        tabs.filter { $0.0 != "/settings" || view.isOwner }.map { suffix, title in
          Tabs.Tab(title, href: view.path + suffix, current: suffix == current)
        }
      ).node,
    ])
  }

  /// The page frame: the app's palette, the journal's id for auralyst.mjs, and a live region.
  package static func page(
    _ context: PageContext, _ view: AuralystView, title: String, current: String,
    _ body: [Node]
  ) -> String {
    Layout.page(
      context, title: "\(title) · Auralyst",
      body: [
        .div(
          [.class("auralyst-app"), .data("auralyst-journal", view.journal.id)],
          header(view, current: current), .fragment(body))
      ], scripts: [AuralystAssets.script.url],
      stylesheets: [AuralystAssets.stylesheet.url])
  }

  package static func field(_ id: String, _ label: String, _ control: Node, hint: String? = nil)
    -> Node
  {
    .div(
      [.class("field")], .label([.for(id)], .text(label)), control,
      hint.map { Node.p([.class("hint"), .id("\(id)-hint")], .text($0)) } ?? .empty)
  }

  package static func amount(_ value: Double?, _ unit: String?) -> String {
    guard let value else { return unit ?? "" }
    let number = value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    return [number, unit].compactMap { $0 }.joined(separator: " ")
  }
}
