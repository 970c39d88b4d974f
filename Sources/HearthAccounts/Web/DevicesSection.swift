import Foundation
import HearthHTML
import HearthNotifications
import HearthPlatform

/// The account page's "Notifications on your devices": each push subscription, removable, and
/// the button that subscribes this browser (hearth.mjs shows it where push works).
package enum DevicesSection {
  package static func section(
    _ devices: [PushSubscription], timeZone: TimeZone, csrf: String?
  ) -> Node {
    .section(
      [.class("card"), .id("devices"), .ariaLabel("Devices")],
      .h2("Notifications on your devices"),
      .p(
        "Push notifications reach a phone or computer even when no Hearth page is open. ",
        .a([.href("/notifications")], "Your notifications"), " are kept in the inbox too; ",
        .a([.href("/account/notifications")], "choose which ones reach you where"), "."),
      devices.isEmpty
        ? .p([.class("empty"), .id("devices-empty")], "No device receives push notifications yet.")
        : TableScroll.node(
          "Devices table",
          .table(
            [.id("device-list")],
            .thead(
              .tr(
                .th([.scope("col")], "Device"), .th([.scope("col")], "Added"),
                .th([.scope("col")], "Last notified"),
                .th([.scope("col")], .span([.class("visually-hidden")], "Actions")))),
            .tbody(.fragment(devices.map { row($0, timeZone: timeZone, csrf: csrf) })))),
      .div(
        [.class("actions")],
        .button(
          [
            .type("button"), .id("push-enable"), .class("button primary"), .flag("hidden", true),
          ], "Turn on notifications on this device"),
        devices.isEmpty
          ? .empty
          : Forms.post(
            action: "/account/devices/test", csrf: csrf, attributes: [.class("inline-form")],
            Forms.submit("Send a test notification", style: .secondary))),
      .p([.class("meta"), .id("push-status"), .role("status")]))
  }

  static func row(_ device: PushSubscription, timeZone: TimeZone, csrf: String?) -> Node {
    .tr(
      [.data("subscription", device.id)],
      .td(.text(device.label)),
      .td(DateText.node(device.createdAt, in: timeZone)),
      .td(
        device.lastSuccessAt.map { DateText.node($0, in: timeZone) } ?? .text("Not yet"),
        device.problem.map { .p([.class("field-error")], "Last push: \($0)") }
          ?? .empty),
      .td(
        Forms.post(
          action: "/account/devices/\(SessionsTable.pathSegment(device.id))/remove", csrf: csrf,
          attributes: [.class("inline-form")],
          Forms.submit(
            "Remove", style: .secondary, attributes: [.ariaLabel("Remove \(device.label)")]))))
  }
}
