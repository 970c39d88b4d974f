import Foundation
import HearthHTML
import HearthPlatform

/// `/notifications`: the inbox, newest first, with Mark all read.
public enum NotificationsPage {
  public static let listID = "notification-list"
  public static let emptyMessage =
    "Nothing yet. When it is your turn in a room, a dose is due or a song is ready, it shows here."

  public static func render(_ context: PageContext, notices: [StoredNotification]) -> String {
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
        list(notices, context: context),
        .p(
          [.class("meta")],
          .a([.href("/account/notifications")], "Notification settings"), " · ",
          .a([.href("/account#devices")], "Your devices")),
      ])
  }

  public static func list(_ notices: [StoredNotification], context: PageContext) -> Node {
    guard !notices.isEmpty else {
      return .div([.id(listID)], .p([.class("empty")], .text(emptyMessage)))
    }
    return .ul(
      [.id(listID), .class("notification-list list")],
      .fragment(notices.map { item($0, context: context) }))
  }

  static func item(_ notice: StoredNotification, context: PageContext) -> Node {
    let unread = notice.readAt == nil
    let path = "/notifications/\(SessionsTable.pathSegment(notice.id))"
    return .li(
      [.class(unread ? "card notification unread" : "card notification")],
      .h2(
        .a(
          [.href("\(path)/open")],
          unread ? .span([.class("visually-hidden")], "Unread: ") : .empty,
          .text(notice.title))),
      notice.body.isEmpty ? .empty : .p(.text(notice.body)),
      unread && !notice.openActions.isEmpty
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
        DateText.node(notice.occurredAt, in: context.timeZone),
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
