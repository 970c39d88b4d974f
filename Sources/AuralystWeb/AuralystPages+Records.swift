import AuralystCore
import Foundation
import HearthHTML
import HearthPlatform

extension AuralystPages {
  // MARK: - A day

  /// `notes` are the day's notes about no entry; those about an entry are on its page.
  public static func day(
    _ context: PageContext, _ view: AuralystView, day: Int, entries: [SymptomEntry],
    intakes: [MedicationIntake], notes: [CollaboratorNote], medications: [Medication],
    factors: (definitions: [Factor], values: [FactorValue]) = ([], [])
  ) -> String {
    AuralystChrome.page(
      context, view, title: view.longDay(day), current: "/day",
      [
        .h1(.text(view.longDay(day))),
        .section(
          [.id("auralyst-live")],
          dayLive(
            view, entries: entries, intakes: intakes, notes: notes, medications: medications)),
        .section(
          [.class("auralyst-day-factors"), .ariaLabel("Factors this day")], .h2("Factors"),
          dayFactors(view, day: day, factors: factors.definitions, values: factors.values)),
      ])
  }

  public static func dayLive(
    _ view: AuralystView, entries: [SymptomEntry], intakes: [MedicationIntake],
    notes: [CollaboratorNote], medications: [Medication]
  ) -> Node {
    let names = Dictionary(
      medications.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
    let entryList: Node =
      entries.isEmpty
      ? .p([.class("hint")], "No symptom entries logged.")
      : .ul(
        [.class("list auralyst-list")],
        .fragment(
          entries.map { entry in
            .li(
              .a(
                [.class("card auralyst-entry-row"), .href("\(view.path)/entries/\(entry.id)")],
                .el(
                  "time", [.datetime(view.iso(entry.timestamp))],
                  [.text(view.time(entry.timestamp, madeIn: entry.timeZone))]),
                .strong(.text(" Overall \(entry.severity) of 10")),
                ratings(view, entry),
                entry.isMenstruating == true
                  ? .span([.class("tag auralyst-menstruating")], "Menstruating") : .empty,
                entry.note.map { Node.span([.class("auralyst-note-preview")], .text(" " + $0)) }
                  ?? .empty))
          }))
    let menstruating = entries.contains { $0.isMenstruating == true }
    let summary: Node =
      entries.isEmpty
      ? .empty
      : .p(
        [.class("auralyst-day-summary")],
        .text(
          "\(Wording.count(entries.count, "entry", "entries")), highest overall "
            + "\(entries.map(\.severity).max() ?? 0) of 10. "),
        .text(
          menstruating
            ? "Menstruating this day."
            : entries.contains { $0.isMenstruating == false } ? "Not menstruating this day." : ""))
    let intakeList: Node =
      intakes.isEmpty
      ? .p([.class("hint")], "No medications logged.")
      : .ul(
        [.class("list auralyst-list")],
        .fragment(
          intakes.map { intake in
            .li(
              [.class("card auralyst-intake-row")],
              .strong(.text(names[intake.medicationID] ?? "A medication no longer listed")),
              .text(" · "),
              .el(
                "time", [.datetime(view.iso(intake.timestamp))],
                [.text(view.time(intake.timestamp, madeIn: intake.timeZone))]),
              .text(" · " + AuralystChrome.amount(intake.amount, intake.unit)),
              intake.note.map { Node.span([.class("hint")], .text(" · " + $0)) } ?? .empty,
              view.canEdit(intake.authorID) ? intakeEditor(view, intake) : .empty,
              view.canEdit(intake.authorID)
                ? .button(
                  [
                    .type("button"), .class("button link danger"),
                    .data("auralyst-delete", "\(view.api)/intakes/\(intake.id)"),
                    .data(
                      "confirm", "Delete Dose? This removes the logged medication permanently."),
                  ], "Delete dose")
                : .empty)
          }))
    let noteList: Node =
      notes.isEmpty
      ? .p([.class("hint")], "No notes this day.")
      : .ul(
        [.class("list auralyst-notes"), .ariaLabel("Notes")],
        .fragment(notes.sorted { $0.timestamp < $1.timestamp }.map { noteItem(view, $0) }))
    return .fragment([
      .h2("Symptoms"), summary, entryList, .h2("Medications"), intakeList, .h2("Notes"), noteList,
    ])
  }

  package static func noteItem(_ view: AuralystView, _ note: CollaboratorNote) -> Node {
    .li(
      [.class("card auralyst-note")],
      .p(.text(note.text)),
      .p(
        [.class("hint")],
        .span(
          [.class("auralyst-author")],
          .text(note.authorName.isEmpty ? "Someone" : note.authorName)),
        .text(" · "),
        .el(
          "time", [.datetime(view.iso(note.timestamp))],
          [.text(view.dateTime(note.timestamp))]),
        view.canEdit(note.authorID)
          ? .button(
            [
              .type("button"), .class("button link danger"),
              .data("auralyst-delete", "\(view.api)/notes/\(note.id)"),
              .data("confirm", "Delete this note?"),
            ], "Delete")
          : .empty))
  }

  /// The entry's symptom ratings, in the journal's order: "Headache 6 · Nausea 2".
  package static func ratings(_ view: AuralystView, _ entry: SymptomEntry) -> Node {
    let known = view.journal.symptoms.filter { entry.symptomSeverities[$0] != nil }
    let others = entry.symptomSeverities.keys.filter { !view.journal.symptoms.contains($0) }
      .sorted()
    let names = known + others
    guard !names.isEmpty else { return .empty }
    return .span(
      [.class("auralyst-ratings")],
      .text(names.map { "\($0) \(entry.symptomSeverities[$0]!)" }.joined(separator: " · ")))
  }

  // MARK: - An entry

  public static func entry(
    _ context: PageContext, _ view: AuralystView, _ entry: SymptomEntry, author: String,
    notes: [CollaboratorNote]
  ) -> String {
    AuralystChrome.page(
      context, view, title: "Entry", current: "/entry",
      [
        .h1("Symptom entry"),
        .section(
          [.id("auralyst-live"), .data("auralyst-entry", entry.id)],
          entryLive(view, entry, author: author, notes: notes)),
        view.canWrite ? noteForm(view, entryID: entry.id) : .empty,
        view.canEdit(entry.authorID) ? entryEditor(view, entry) : .empty,
      ])
  }

  public static func entryLive(
    _ view: AuralystView, _ entry: SymptomEntry, author: String, notes: [CollaboratorNote]
  ) -> Node {
    var levels: [Node] = [
      .dt("Overall"), .dd(.text("\(entry.severity)/10")),
    ]
    for name in view.journal.symptoms {
      if let value = entry.symptomSeverities[name] {
        levels += [.dt(.text(name)), .dd(.text("\(value)/10"))]
      }
    }
    let noteList: Node =
      notes.isEmpty
      ? .p([.class("hint"), .id("auralyst-no-notes")], "No collaborator notes yet.")
      : .ul(
        [.class("list auralyst-notes"), .ariaLabel("Collaborator notes")],
        .fragment(notes.map { noteItem(view, $0) }))
    return .fragment([
      .div(
        [.class("card")],
        .p(
          .el(
            "time", [.datetime(view.iso(entry.timestamp))],
            [.text(view.dateTime(entry.timestamp, madeIn: entry.timeZone))]),
          .span([.class("hint")], .text(" · by \(author)"))),
        .h2("Severity levels"),
        .dl([.class("auralyst-levels")], .fragment(levels)),
        entry.isMenstruating == true ? .p([.class("auralyst-badge")], "Menstruating") : .empty,
        entry.note.map { Node.p([.class("auralyst-entry-note")], .text($0)) } ?? .empty),
      .h2("Collaborator notes"), noteList,
    ])
  }

  package static func noteForm(_ view: AuralystView, entryID: String) -> Node {
    .form(
      [
        .class("card"), .id("note-form"), .data("auralyst-form", "note"),
        .data("api", view.api + "/notes"), .data("method", "POST"),
        .ariaLabel("Add a note"),
      ],
      .h2("Add note"),
      .input(.type("hidden"), .name("entryId"), .value(entryID)),
      AuralystChrome.field(
        "note-text", "Note",
        .textarea([.id("note-text"), .name("text"), .required, .maxlength(5000)])),
      .p([.class("form-error"), .role("alert"), .hidden]),
      .button([.type("submit"), .class("button primary")], "Add note"))
  }

  package static func entryEditor(_ view: AuralystView, _ entry: SymptomEntry) -> Node {
    let symptoms: [Node] = view.journal.symptoms.enumerated().map { index, name in
      AuralystRating.symptom(
        id: "edit-symptom-\(index)", name: name, value: entry.symptomSeverities[name])
    }
    var menstruating: [Attribute] = [
      .type("checkbox"), .name("isMenstruating"), .data("type", "bool"),
    ]
    if entry.isMenstruating == true { menstruating.append(.checked) }
    return .details(
      [.class("card")],
      .summary("Edit entry"),
      .form(
        [
          .data("auralyst-form", "edit-entry"), .data("api", "\(view.api)/entries/\(entry.id)"),
          .data("method", "PATCH"), .data("ratings", "all"), .data("keep", ""),
          .ariaLabel("Edit entry"),
        ],
        AuralystRating.overall(id: "edit-severity", value: entry.severity),
        .div([.class("auralyst-rating-grid")], .fragment(symptoms)),
        .div([.class("field checkbox")], .label(.el("input", menstruating), " Menstruating")),
        AuralystChrome.field(
          "edit-note", "Note",
          .textarea([.id("edit-note"), .name("note"), .maxlength(5000)], .text(entry.note ?? ""))),
        AuralystChrome.field(
          "edit-time", "Logged at",
          .input(
            .id("edit-time"), .name("timestamp"), .type("datetime-local"),
            .value(view.localInput(entry.timestamp)), .data("type", "local"))),
        .p([.class("form-error"), .role("alert"), .hidden]),
        .button([.type("submit"), .class("button primary")], "Save")),
      .button(
        [
          .type("button"), .class("button danger"),
          .data("auralyst-delete", "\(view.api)/entries/\(entry.id)"),
          .data(
            "confirm",
            "Delete this entry? This removes the symptom entry. Linked notes and intakes will be detached."
          ),
          .data("then", view.path),
        ], "Delete entry"))
  }

  /// "Edit dose": what was taken and when; what it was taken for stays.
  package static func intakeEditor(_ view: AuralystView, _ intake: MedicationIntake) -> Node {
    .details(
      [.class("auralyst-edit-dose")], .summary("Edit dose"),
      .form(
        [
          .class("auralyst-inline-form"), .data("auralyst-form", "edit-intake"),
          .data("api", "\(view.api)/intakes/\(intake.id)"), .data("method", "PATCH"),
          .ariaLabel("Edit dose"),
        ],
        AuralystChrome.field(
          "intake-time-\(intake.id)", "Logged",
          .input(
            .id("intake-time-\(intake.id)"), .name("timestamp"), .type("datetime-local"),
            .value(view.localInput(intake.timestamp)), .data("type", "local"))),
        AuralystChrome.field(
          "intake-amount-\(intake.id)", "Amount",
          .input(
            .id("intake-amount-\(intake.id)"), .name("amount"), .type("number"),
            .attr("step", "any"), .attr("min", "0"), .data("type", "number"),
            .value(intake.amount.map { AuralystChrome.amount($0, nil) } ?? ""))),
        AuralystChrome.field(
          "intake-unit-\(intake.id)", "Unit",
          .input(
            .id("intake-unit-\(intake.id)"), .name("unit"), .type("text"),
            .value(intake.unit ?? ""))),
        AuralystChrome.field(
          "intake-note-\(intake.id)", "Notes",
          .input(
            .id("intake-note-\(intake.id)"), .name("note"), .type("text"),
            .value(intake.note ?? ""))),
        .p([.class("form-error"), .role("alert"), .hidden]),
        .button([.type("submit"), .class("button primary")], "Save")))
  }
}
