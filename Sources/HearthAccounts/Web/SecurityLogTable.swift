import Foundation
import HearthHTML
import HearthNotifications
import HearthPlatform

/// The account page's "Security activity": the newest entries of the security log.
package enum SecurityLogTable {
  static let shown = 20

  package static func section(_ entries: [SecurityLog.Entry], timeZone: TimeZone) -> Node {
    .section(
      [.class("card"), .ariaLabel("Security activity")],
      .h2("Security activity"),
      .p(
        "Sign-ins, failed attempts and changes to how you sign in, newest first. Something you ",
        "do not recognise? Change your password and end the sessions you do not know."),
      entries.isEmpty
        ? .p([.class("empty")], "Nothing yet.")
        : TableScroll.node(
          "Security activity table",
          .table(
            .thead(
              .tr(
                .th([.scope("col")], "When"), .th([.scope("col")], "What"),
                .th([.scope("col")], "From"), .th([.scope("col")], "Device"))),
            .tbody(
              .fragment(
                entries.prefix(shown).map { entry in
                  .tr(
                    .td(DateText.node(entry.at, in: timeZone)),
                    .td(
                      .text(entry.kind.title),
                      entry.detail.isEmpty
                        ? .empty
                        : .fragment([.br(), .small([.class("muted")], .text(entry.detail))])),
                    .td(.text(entry.address)), .td(DeviceCell.node(entry.device)))
                })))),
      .p(
        [.class("muted")],
        "The full log is in ", .a([.href("/account/export")], "your data download"), "."))
  }
}
