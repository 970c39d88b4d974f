import AuralystCore
import Foundation
import HearthHTML
import HearthPlatform

extension AuralystPages {
  /// The owner's settings: title, time zone, the symptoms entries rate, and deleting the journal.
  public static func settings(_ context: PageContext, _ view: AuralystView) -> String {
    let journal = view.journal
    let form: Node = .form(
      [
        .class("card"), .data("auralyst-form", "journal"), .data("api", view.api),
        .data("method", "PATCH"), .data("then", view.path + "/settings"),
        .ariaLabel("Journal settings"),
      ],
      AuralystChrome.field(
        "settings-title", "Title",
        .input(
          .id("settings-title"), .name("title"), .type("text"), .required, .maxlength(80),
          .value(journal.title))),
      AuralystChrome.field(
        "settings-zone", "Time zone",
        .input(
          .id("settings-zone"), .name("timeZone"), .type("text"), .required,
          .value(journal.timeZone), .autocomplete("off")),
        hint: "Days, windows and heatmap hours are counted in this zone, e.g. Europe/Paris. "
          + "What you logged before a change stays on its day."),
      AuralystChrome.field(
        "settings-reminder-zone", "Dose reminders",
        .select(
          [.id("settings-reminder-zone"), .name("reminderZone")],
          .fragment(
            [
              (Journal.ReminderZone.home, "At home, in this journal's zone"),
              (.current, "Travelling, in the zone of my account"),
            ].map { zone, label in
              .option(
                [.value(zone.rawValue)] + (journal.reminderZone == zone ? [.selected] : []),
                .text(label))
            })),
        hint: "Travelling, an 08:00 dose is reminded at 08:00 where your account says you are."),
      AuralystChrome.field(
        "settings-symptoms", "Symptoms, one per line",
        .textarea(
          [
            .id("settings-symptoms"), .name("symptoms"), .data("type", "lines"), .attr("rows", "6"),
          ],
          .text(journal.symptoms.joined(separator: "\n"))),
        hint: "Entries can rate each of these from 0 to 10. Up to 30."),
      AuralystChrome.field(
        "settings-grace", "Minutes before a dose counts as missed",
        .input(
          .id("settings-grace"), .name("doseGraceMinutes"), .type("number"),
          .data("type", "number"), .required, .attr("min", "10"), .attr("max", "720"),
          .value(String(Int(journal.doseGrace / 60)))),
        hint: "A dose not logged by then is followed up once, with Taken (late) and Skipped."),
      .p([.class("form-error"), .role("alert"), .hidden]),
      .button([.type("submit"), .class("button primary")], "Save settings"))
    return AuralystChrome.page(
      context, view, title: "Settings", current: "/settings",
      [
        .h1("Journal settings"), form,
        .section(
          [.class("card")], .h2("Delete this journal"),
          .p(
            .text(
              "Deletes every entry, medication, dose and note in it, for everyone it is shared "
                + "with. Export it first if you may want it back.")),
          .button(
            [
              .type("button"), .class("button danger"), .data("auralyst-delete", view.api),
              .data("confirm", "Delete \(journal.title) and everything in it, for everyone?"),
              .data("then", "/auralyst"),
            ], "Delete journal")),
      ])
  }
}
