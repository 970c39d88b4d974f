import Foundation
import HearthCore
import HearthHTML

/// The "Where you're signed in" table of the account page.
package enum SessionsTable {
  package static func section(
    _ sessions: [Session], currentSessionID: String, timeZone: TimeZone, csrf: String?
  ) -> Node {
    let shown = sessions.filter { $0.revokedAt == nil && $0.kind.isSignIn }
    return .section(
      [.class("card"), .ariaLabel("Sessions")],
      .h2("Where you're signed in"),
      shown.isEmpty
        ? .p([.class("empty")], "No active sessions.")
        : TableScroll.node(
          "Sessions table",
          .table(
            .thead(
              .tr(
                .th([.scope("col")], "Device"), .th([.scope("col")], "Kind"),
                .th([.scope("col")], "Signed in"), .th([.scope("col")], "Last seen"),
                .th([.scope("col")], .span([.class("visually-hidden")], "Actions")))),
            .tbody(
              .fragment(
                shown.map {
                  row($0, isCurrent: $0.id == currentSessionID, timeZone: timeZone, csrf: csrf)
                })))))
  }

  package static func row(_ session: Session, isCurrent: Bool, timeZone: TimeZone, csrf: String?)
    -> Node
  {
    let label = session.label.isEmpty ? "Unnamed" : DeviceLabel.from(userAgent: session.label)
    return .tr(
      [.optional("class", isCurrent ? "current" : nil)],
      .td(
        session.label.isEmpty ? .text(label) : DeviceCell.node(session.label),
        isCurrent ? .fragment([" ", .span([.class("tag")], "This device")]) : .empty),
      .td(.text(kindName(session.kind))),
      .td(DateText.node(session.createdAt, in: timeZone)),
      .td(DateText.node(session.lastSeenAt, in: timeZone)),
      .td(
        Forms.post(
          action: "/account/sessions/\(pathSegment(session.id))/revoke", csrf: csrf,
          attributes: [.class("inline-form")],
          Forms.submit(
            "Revoke", style: .secondary,
            attributes: [.ariaLabel(isCurrent ? "Revoke this device" : "Revoke \(label)")]))))
  }

  package static func kindName(_ kind: SessionKind) -> String {
    switch kind {
    case .web: "Browser"
    case .refresh: "Command line"
    case .passwordReset: "Password reset link"
    case .signInChallenge: "Sign-in awaiting its code"
    case .emailVerification: "Email confirmation link"
    }
  }

  /// `value` percent-encoded so it stays one path segment.
  package static func pathSegment(_ value: String) -> String {
    var allowed = CharacterSet.urlPathAllowed
    allowed.remove("/")
    return value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value
  }
}
