import Foundation
import HearthHTML
import HearthPlatform

/// `/notifications`: the inbox, newest first, notices about the same thing on one line, with the
/// invitations that wait and Mark all read.
public enum NotificationsPage {
  public static let listID = "notification-list"
  public static let emptyMessage =
    "Nothing yet. When it is your turn in a room, a dose is due or a song is ready, it shows here."

  public static func render(
    _ context: PageContext, notices: [StoredNotification], now: Date
  ) -> String {
    let unread = notices.contains { $0.readAt == nil }
    return Layout.page(
      context, title: "Notifications",
      body: [
        .div(
          [.class("page-heading")],
          .h1("Notifications"),
          unread
            ? Forms.post(
              action: "/notifications/read-all", csrf: context.csrfToken,
              attributes: [.class("inline-form")],
              Forms.submit("Mark all read", style: .secondary))
            : .empty),
        invitations(context),
        list(notices, context: context, now: now),
        .p(
          [.class("meta")],
          .a([.href("/account/notifications")], "Notification settings"), " · ",
          .a([.href("/account#devices")], "Your devices")),
      ])
  }

  /// Invitations wait on their own page; the inbox says how many, as the bell counts them.
  static func invitations(_ context: PageContext) -> Node {
    let count = context.invitationCount
    guard count > 0 else { return .empty }
    return .section(
      [.class("card notification unread invitations-waiting"), .ariaLabel("Invitations")],
      .h2(
        .a(
          [.href("/invitations")],
          .text(count == 1 ? "An invitation waits for you" : "\(count) invitations wait for you"))),
      .p("Accept or decline on the invitations page."))
  }

  public static func list(_ notices: [StoredNotification], context: PageContext, now: Date)
    -> Node
  {
    guard !notices.isEmpty else {
      return .div([.id(listID)], .p([.class("empty")], .text(emptyMessage)))
    }
    return .ul(
      [.id(listID), .class("notification-list list")],
      .fragment(NoticeGroup.grouping(notices).map { item($0, context: context, now: now) }))
  }

  static func item(_ group: NoticeGroup, context: PageContext, now: Date) -> Node {
    let notice = group.newest
    let unread = group.unread > 0
    let path = "/notifications/\(SessionsTable.pathSegment(notice.id))"
    return .li(
      [.class(unread ? "card notification unread" : "card notification")],
      .h2(
        .a(
          [.href("\(path)/open")],
          unread ? .span([.class("visually-hidden")], "Unread: ") : .empty,
          .text(notice.title),
          group.count > 1
            ? .span(
              [.class("notice-count")], " · \(group.count)",
              .span([.class("visually-hidden")], " notices"))
            : .empty)),
      notice.body.isEmpty ? .empty : .p(.text(notice.body)),
      notice.readAt == nil && !notice.openActions.isEmpty
        ? .div(
          [.class("actions")],
          .fragment(
            notice.actions.map { action in
              Forms.post(
                action: "\(path)/actions/\(SessionsTable.pathSegment(action.id))",
                csrf: context.csrfToken, attributes: [.class("inline-form")],
                Forms.submit(
                  action.title, style: .secondary,
                  attributes: [.ariaLabel("\(action.title): \(notice.title)")]))
            }))
        : .empty,
      // A div: a form inside a p would end the p, putting Mark read on a line of its own.
      .div(
        [.class("meta notice-meta")],
        DateText.spokenNode(notice.occurredAt, in: context.timeZone, now: now),
        group.unread > 1 ? .span(.text("\(group.unread) unread")) : .empty,
        unread
          ? .fragment([
            Forms.post(
              action: "\(path)/read",
              csrf: context.csrfToken, attributes: [.class("inline-form")],
              Forms.submit(
                "Mark read", style: .link, attributes: [.ariaLabel("Mark read: \(notice.title)")]))
          ])
          : .empty))
  }
}
