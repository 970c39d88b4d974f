import AuralystCore
import Foundation
import HearthHTML
import HearthPlatform

/// /auralyst: the journals, and a journal's home (quick medication log, quick-add entry,
/// timeline). Pages are rendered whole here; auralyst.mjs sends forms to /api/auralyst, keeps
/// entries made offline until they can be sent, and refreshes `#auralyst-live` when the event
/// stream says the journal changed.
public enum AuralystPages {
  public struct JournalRow: Sendable {
    public var journal: Journal
    public var access: String
    public var ownerName: String

    public init(journal: Journal, access: String, ownerName: String) {
      self.journal = journal
      self.access = access
      self.ownerName = ownerName
    }
  }

  public static func journals(_ context: PageContext, _ rows: [JournalRow]) -> String {
    let list: Node =
      rows.isEmpty
      ? .div(
        [.class("card auralyst-empty")], .h2("Welcome to Auralyst"),
        .p("Track your symptoms and medications. Start with today. Auralyst will trace the line."))
      : .ul(
        [.class("list auralyst-journals"), .ariaLabel("Your journals")],
        .fragment(
          rows.map { row in
            .li(
              .a(
                [
                  .class("card auralyst-journal-row"),
                  .href("/auralyst/journals/\(row.journal.id)"),
                ],
                .strong(.text(row.journal.title)),
                .span(
                  [.class("hint")],
                  .text(
                    row.access == "owner"
                      ? " Yours"
                      : " Shared by \(row.ownerName); you \(AuralystView.accessWords(row.access))"
                  ))))
          }))
    let form: Node = .form(
      [
        .class("card"), .data("auralyst-form", "create-journal"),
        .data("api", "/api/auralyst/journals"), .data("method", "POST"),
        .ariaLabel("Start a journal"),
      ],
      .h2("Start a journal"),
      AuralystChrome.field(
        "journal-title", "Title",
        .input(
          .id("journal-title"), .name("title"), .type("text"), .required, .maxlength(80),
          .value(rows.isEmpty ? "My journal" : ""))),
      .input(.type("hidden"), .name("timeZone"), .value(context.timeZone.identifier)),
      .p([.class("form-error"), .role("alert"), .hidden]),
      .button([.type("submit"), .class("button primary")], "Create journal"))
    return Layout.page(
      context, title: "Auralyst",
      body: [
        .div(
          [.class("auralyst-app")], .h1("Auralyst"),
          .p([.class("hint")], "Keeps the log, spots the patterns, and nudges when it matters."),
          list, form, .p(.a([.href("/invitations")], "Invitations waiting for you")))
      ], scripts: [AuralystAssets.script.url],
      stylesheets: [AuralystAssets.stylesheet.url])
  }

  /// What the journal home shows.
  public struct Home: Sendable {
    public var day: Int
    public var medications: [Medication]
    public var dayIntakes: [MedicationIntake]
    public var entries: [SymptomEntry]
    public var intakes: [MedicationIntake]
    /// The timeline's notes about no entry (those about one are on its page).
    public var notes: [CollaboratorNote]
    /// The timeline's last day: today, or further back when paging.
    public var until: Int
    /// The journal's factors, for the quick-add.
    public var factors: [Factor] = []
    /// The episode going on, and what its form offers.
    public var ongoing: Episode?
    public var episodeChoices = EpisodeChoices(medications: [], intakes: [])
    /// The viewer's daily check-in reminder; nil for those who cannot log.
    public var checkIn: (enabled: Bool, minute: Int)?

    public init(
      day: Int, medications: [Medication], dayIntakes: [MedicationIntake],
      entries: [SymptomEntry], intakes: [MedicationIntake], notes: [CollaboratorNote] = [],
      until: Int
    ) {
      self.day = day
      self.medications = medications
      self.dayIntakes = dayIntakes
      self.entries = entries
      self.intakes = intakes
      self.notes = notes
      self.until = until
    }
  }

  public static func home(_ context: PageContext, _ view: AuralystView, _ home: Home) -> String {
    AuralystChrome.page(
      context, view, title: view.journal.title, current: "",
      [
        .h1(.text(view.journal.title)),
        // First, so that an attack is noted with one tap at the top of the page.
        .section(
          [.id("auralyst-episode-live")],
          episodeCard(view, ongoing: home.ongoing, home.episodeChoices)),
        view.canWrite ? quickAdd(view, factors: home.factors) : .empty,
        .section([.id("auralyst-live")], live(view, home)),
        home.checkIn.map { checkInForm(view, enabled: $0.enabled, minute: $0.minute) } ?? .empty,
      ])
  }

  /// The part of the home page that changes when someone else writes.
  public static func live(_ view: AuralystView, _ home: Home) -> Node {
    .fragment([quickLog(view, home), timeline(view, home)])
  }

  package static func quickAdd(_ view: AuralystView, factors: [Factor] = []) -> Node {
    let symptoms: [Node] = view.journal.symptoms.enumerated().map { index, name in
      AuralystRating.symptom(id: "symptom-\(index)", name: name, value: nil)
    }
    return .form(
      [
        .class("card auralyst-quick-add"), .id("quick-add"), .data("auralyst-form", "entry"),
        .data("api", view.api + "/entries"), .data("method", "POST"), .data("offline", "entry"),
        .ariaLabel("New entry"),
      ],
      .h2("New entry"),
      AuralystRating.overall(id: "entry-severity", value: 0),
      .details(
        [.class("auralyst-symptoms")], .summary("Rate symptoms"),
        .div([.class("auralyst-rating-grid")], .fragment(symptoms))),
      factors.isEmpty
        ? .empty
        : .details(
          [.class("auralyst-quick-factors")], .summary("Factors for this day"),
          .fragment(factors.map { factorControl($0, nil, quick: true) })),
      .div(
        [.class("field checkbox")],
        .label(
          .input(.type("checkbox"), .name("isMenstruating"), .data("type", "bool")),
          " Menstruating")),
      AuralystChrome.field(
        "entry-note", "Note", .textarea([.id("entry-note"), .name("note"), .maxlength(5000)])),
      AuralystChrome.field(
        "entry-time", "Logged at",
        .input(
          .id("entry-time"), .name("timestamp"), .type("datetime-local"), .data("type", "local")),
        hint:
          "Leave empty for now. Saved on this device if you are offline, and sent when you are back."
      ),
      .p([.class("form-error"), .role("alert"), .hidden]),
      .button([.type("submit"), .class("button primary")], "Save entry"),
      .div([.id("auralyst-outbox"), .hidden]))
  }

  package static func quickLog(_ view: AuralystView, _ home: Home) -> Node {
    let day = home.day
    let calendarDay = CalendarDay(daysSince1970: day)
    let scheduled = home.medications.filter { !$0.isAsNeeded }
    let asNeeded = home.medications.filter(\.isAsNeeded)
    var rows: [Node] = []
    for medication in scheduled {
      for dose in medication.doses where dose.isDue(on: calendarDay) {
        let logged = home.dayIntakes.first { intake in
          intake.medicationID == medication.id
            && (intake.scheduleID ?? (intake.origin == .scheduled ? medication.id : nil)) == dose.id
        }
        let taken = logged?.status == .skipped ? nil : logged
        let state =
          switch logged?.status {
          case .skipped: " · skipped"
          case .late: " · taken late"
          case nil: ""
          }
        let instant = view.instant(day: day, minute: dose.hour * 60 + dose.minute)
        let id = "dose-\(medication.id)-\(dose.id)"
        var input: [Attribute] = [
          .id(id), .type("checkbox"), .data("auralyst-dose", ""),
          .data("medication", medication.id), .data("day", calendarDay.description),
          .data("at", view.iso(instant)),
        ]
        if dose.id != medication.id { input.append(.data("schedule", dose.id)) }
        if let taken {
          input.append(.checked)
          input.append(.data("intake", taken.id))
        }
        if !view.canWrite { input.append(.disabled) }
        rows.append(
          .li(
            [.class("auralyst-dose")], .el("input", input),
            .label(
              [.for(id)], .strong(.text(medication.name)),
              .text(
                " · \(dose.label ?? "Dose") · \(String(format: "%02d:%02d", dose.hour, dose.minute))"
                  + state
                  // Not logged when its grace period ended: followed up, or reminded too late.
                  + (logged == nil && instant + view.journal.doseGrace <= view.now
                    ? " · missed" : "")),
              .span(
                [.class("hint")],
                .text(
                  " "
                    + AuralystChrome.amount(
                      dose.amount ?? medication.defaultAmount, dose.unit ?? medication.defaultUnit))
              ))))
      }
    }
    let scheduledList: Node =
      rows.isEmpty
      ? .p([.class("hint")], "No scheduled medications.")
      : .ul([.class("list auralyst-doses"), .ariaLabel("Scheduled doses")], .fragment(rows))
    let asNeededList: Node =
      asNeeded.isEmpty
      ? .empty
      : .fragment([
        .h3("As needed"),
        .ul(
          [.class("list auralyst-as-needed")],
          .fragment(asNeeded.map { asNeededForm(view, $0, day: day) })),
      ])
    return .section(
      [.class("card auralyst-quick-log"), .ariaLabel("Quick medication log")],
      .h2("Quick medication log"),
      .form(
        [.method("get"), .class("auralyst-day-picker")],
        .label([.for("log-date")], "Log date "),
        .input(
          .id("log-date"), .name("day"), .type("date"), .value(calendarDay.description),
          .data("auto-submit", "")),
        .button([.type("submit"), .class("button secondary")], "Show")),
      scheduledList, asNeededList,
      .p(.a([.href(view.path + "/medications")], "Manage medications")))
  }

  package static func asNeededForm(_ view: AuralystView, _ medication: Medication, day: Int) -> Node
  {
    let time = view.day(of: view.now) == day ? view.now : view.instant(day: day, minute: 12 * 60)
    return .li(
      .details(
        .summary(
          .strong(.text(medication.name)),
          .span(
            [.class("hint")],
            .text(" " + AuralystChrome.amount(medication.defaultAmount, medication.defaultUnit)))),
        view.canWrite
          ? .form(
            [
              .class("auralyst-inline-form"), .data("auralyst-form", "intake"),
              .data("api", view.api + "/intakes"), .data("method", "POST"),
              .ariaLabel("Log a dose of \(medication.name)"),
            ],
            .input(.type("hidden"), .name("medicationId"), .value(medication.id)),
            .input(.type("hidden"), .name("origin"), .value("asNeeded")),
            AuralystChrome.field(
              "dose-time-\(medication.id)", "Time",
              .input(
                .id("dose-time-\(medication.id)"), .name("timestamp"), .type("datetime-local"),
                .value(view.localInput(time)), .data("type", "local"))),
            AuralystChrome.field(
              "dose-amount-\(medication.id)", "Amount",
              .input(
                .id("dose-amount-\(medication.id)"), .name("amount"), .type("number"),
                .attr("step", "any"), .attr("min", "0"), .data("type", "number"),
                .value(medication.defaultAmount.map { AuralystChrome.amount($0, nil) } ?? ""))),
            AuralystChrome.field(
              "dose-unit-\(medication.id)", "Unit",
              .input(
                .id("dose-unit-\(medication.id)"), .name("unit"), .type("text"),
                .value(medication.defaultUnit ?? ""))),
            AuralystChrome.field(
              "dose-note-\(medication.id)", "Notes",
              .input(
                .id("dose-note-\(medication.id)"), .name("note"), .type("text"),
                .placeholder("Optional note"))),
            .p([.class("form-error"), .role("alert"), .hidden]),
            .button([.type("submit"), .class("button primary")], "Log dose"))
          : .empty))
  }

  package static func timeline(_ view: AuralystView, _ home: Home) -> Node {
    let entriesByDay = Dictionary(grouping: home.entries) {
      view.day(of: $0.timestamp, madeIn: $0.timeZone)
    }
    let intakesByDay = Dictionary(grouping: home.intakes) {
      view.day(of: $0.timestamp, madeIn: $0.timeZone)
    }
    let notesByDay = Dictionary(grouping: home.notes) { view.day(of: $0.timestamp) }
    let names = Dictionary(
      home.medications.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
    let days = Set(entriesByDay.keys).union(intakesByDay.keys).union(notesByDay.keys)
      .sorted(by: >)
    let paging: Node = .p(
      [.class("auralyst-paging")],
      .a(
        [.href("\(view.path)?until=\(CalendarDay(daysSince1970: home.until - 30))")],
        "Earlier days"),
      home.until < view.today
        ? .fragment([" · ", .a([.href(view.path)], "Back to today")]) : .empty)
    guard !days.isEmpty else {
      return .section(
        [.class("card auralyst-empty")], .h2("Recent days"),
        home.until < view.today
          ? .p(.text("Nothing was logged in the 30 days to \(view.longDay(home.until))."))
          : .p("Start with today. Auralyst will trace the line."),
        home.until < view.today ? paging : .empty)
    }
    return .section(
      [.ariaLabel("Recent days")],
      .h2(
        .text(home.until < view.today ? "30 days to \(view.longDay(home.until))" : "Recent days")),
      .ul(
        [.class("list auralyst-timeline")],
        .fragment(
          days.map { day in
            let entries = (entriesByDay[day] ?? []).sorted { $0.timestamp < $1.timestamp }
            let intakes = intakesByDay[day] ?? []
            let notes = (notesByDay[day] ?? []).sorted { $0.timestamp < $1.timestamp }
            var preview: [String] = []
            if let first = entries.first {
              preview.append(first.note ?? "Severity \(first.severity) of 10")
            }
            var meds: [String] = []
            for name in intakes.compactMap({ names[$0.medicationID] }) where !meds.contains(name) {
              meds.append(name)
            }
            if !meds.isEmpty { preview.append("Meds: " + meds.prefix(3).joined(separator: ", ")) }
            if let note = notes.first { preview.append("Note: " + note.text) }
            return .li(
              .a(
                [
                  .class("card auralyst-day-row"),
                  .href("\(view.path)/days/\(CalendarDay(daysSince1970: day))"),
                ],
                .strong(.text(view.dayName(day))),
                .span(
                  [.class("auralyst-chips")],
                  .span(
                    [.class("tag"), .title("Entries")],
                    .text("\(entries.count) \(entries.count == 1 ? "entry" : "entries")")),
                  .span(
                    [.class("tag"), .title("Doses")],
                    .text("\(intakes.count) \(intakes.count == 1 ? "dose" : "doses")")),
                  notes.isEmpty
                    ? .empty
                    : .span(
                      [.class("tag"), .title("Notes")],
                      .text(Wording.count(notes.count, "note", "notes")))),
                .span([.class("hint auralyst-preview")], .text(preview.joined(separator: " • ")))))
          })),
      paging)
  }
}
