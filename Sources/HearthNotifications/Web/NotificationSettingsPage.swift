import HearthCore
import HearthHTML
import HearthPlatform

/// `/account/notifications`: for each kind of notice, grouped by app, whether it goes to the
/// inbox and to the person's devices; the quiet hours when devices are left alone; and whether
/// email comes as it happens or in a daily digest.
public enum NotificationSettingsPage {
  public static func render(
    _ context: PageContext, kinds: [NotificationKind], apps: [HearthApp],
    preferences: NotificationPreferences, mailIsOn: Bool, quietStart: String? = nil,
    quietEnd: String? = nil, digest: (daily: Bool, time: String)? = nil
  ) -> String {
    var groups: [(app: String, kinds: [NotificationKind])] = []
    for kind in kinds {
      if let index = groups.firstIndex(where: { $0.app == kind.app }) {
        groups[index].kinds.append(kind)
      } else {
        groups.append((kind.app, [kind]))
      }
    }
    return Layout.page(
      context, title: "Notification settings",
      body: [
        .h1("Notification settings"),
        .p(
          [.class("lead")],
          "Choose what reaches you in the inbox behind the bell and on your devices. ",
          .a([.href("/account#devices")], "Your devices"), " are listed on the account page."),
        mailIsOn
          ? .empty
          : .p(
            [.class("hint")],
            .text(
              "Email is off on this server: what you choose for email waits until the "
                + "administrator sets it up.")),
        Forms.post(
          action: "/account/notifications", csrf: context.csrfToken,
          attributes: [.class("stack notification-settings")],
          .fragment(
            groups.map { group in
              table(
                appName: group.app == "hearth"
                  ? "Hearth" : HearthApp.name(for: group.app, in: apps),
                kinds: group.kinds, preferences: preferences)
            }),
          quietHoursFields(
            start: quietStart ?? preferences.quietHours.map { QuietHours.text($0.start) } ?? "",
            end: quietEnd ?? preferences.quietHours.map { QuietHours.text($0.end) } ?? "",
            zone: context.timeZone.identifier),
          emailFields(
            daily: digest?.daily ?? (preferences.digestTime != nil),
            time: digest?.time ?? preferences.digestTime.map(QuietHours.text) ?? "07:30",
            zone: context.timeZone.identifier),
          Forms.submit("Save notification settings")),
      ])
  }

  static func table(
    appName: String, kinds: [NotificationKind], preferences: NotificationPreferences
  )
    -> Node
  {
    TableScroll.node(
      "\(appName) notifications",
      .table(
        .caption(.text(appName)),
        .thead(
          .tr(
            .th([.scope("col")], "Notification"), .th([.scope("col")], "Inbox"),
            .th([.scope("col")], "Devices"), .th([.scope("col")], "Email"))),
        .tbody(
          .fragment(
            kinds.map { kind in
              Node.tr(
                .th([.scope("row")], .text(kind.label)),
                .fragment(
                  NotificationChannel.allCases.map { channel in
                    Node.td(
                      .input(
                        .type("checkbox"), .name("\(kind.id):\(channel.rawValue)"),
                        .id("\(kind.id)-\(channel.rawValue)"),
                        .flag("checked", preferences.isOn(channel, for: kind)),
                        .ariaLabel("\(kind.label): \(channelName(channel))")))
                  }))
            }))))
  }

  static func channelName(_ channel: NotificationChannel) -> String {
    switch channel {
    case .inbox: "in the inbox"
    case .push: "on your devices"
    case .email: "by email"
    }
  }

  static func quietHoursFields(start: String, end: String, zone: String) -> Node {
    .fieldset(
      .legend("Quiet hours"),
      .p(
        [.class("hint")],
        .text(
          "Your devices and email stay silent between these times (\(zone)); notices wait "
            + "until the quiet hours end and are in the inbox at once. Leave both empty for none.")),
      .div(
        [.class("quiet-hours")],
        FormField(
          name: "quietStart", label: "From", type: "time", value: start, id: "quiet-start"
        ).node,
        FormField(
          name: "quietEnd", label: "Until", type: "time", value: end, id: "quiet-end"
        ).node))
  }

  /// Two radios, so the choice works without script; the time counts only for the digest.
  static func emailFields(daily: Bool, time: String, zone: String) -> Node {
    .fieldset(
      [.class("email-digest"), .ariaDescribedBy(["email-digest-hint"])],
      .legend("Email"),
      .p(
        [.class("hint"), .id("email-digest-hint")],
        .text(
          "For the notifications you chose to get by email: one email each as they happen, or "
            + "all of a day's in one email at a time of your choice (\(zone)).")),
      .div(
        .label(
          .input(
            .type("radio"), .name("emailDigest"), .value("off"), .id("email-digest-off"),
            .flag("checked", !daily)),
          " As it happens")),
      .div(
        .label(
          .input(
            .type("radio"), .name("emailDigest"), .value("daily"), .id("email-digest-daily"),
            .flag("checked", daily)),
          " In a daily digest")),
      FormField(
        name: "digestTime", label: "Digest time", type: "time", value: time, id: "digest-time"
      ).node)
  }
}
