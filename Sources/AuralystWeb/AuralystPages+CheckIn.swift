import AuralystCore
import Foundation
import HearthHTML
import HearthPlatform

extension AuralystPages {
  /// The viewer's daily check-in reminder: on or off, and at what time of the journal's day.
  package static func checkInForm(_ view: AuralystView, enabled: Bool, minute: Int) -> Node {
    .details(
      [.class("card auralyst-check-in")], .summary("Daily check-in reminder"),
      .form(
        [
          .data("auralyst-form", "check-in"), .data("api", view.api + "/check-in"),
          .data("method", "PUT"), .data("keep", ""), .ariaLabel("Daily check-in reminder"),
        ],
        .p(
          [.class("hint")],
          .text(
            "A reminder each day to log how the day was, at this time in the journal's zone "
              + "(\(view.journal.timeZone)). It is not sent on a day that already has an entry.")),
        .div(
          [.class("field checkbox")],
          .label(
            .input(
              .type("checkbox"), .name("enabled"), .data("type", "bool"),
              .flag("checked", enabled)),
            " Remind me every day")),
        AuralystChrome.field(
          "check-in-time", "Time",
          .input(
            .id("check-in-time"), .name("time"), .type("time"), .required,
            .value(CheckIn.text(minute)))),
        .p([.class("form-error"), .role("alert"), .hidden]),
        .button([.type("submit"), .class("button secondary")], "Save reminder")))
  }
}
