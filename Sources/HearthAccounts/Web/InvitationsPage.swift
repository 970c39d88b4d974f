import HearthCore
import HearthHTML
import HearthNotifications
import HearthPlatform

/// `/invitations`: pending invitations with Accept and Decline.
/// Each answers with POST /invitations/respond: `app`, `kind`, `resourceId`, `decision`, `_csrf`.
public enum InvitationsPage {
  public static let action = "/invitations/respond"
  /// The id of the list element, which the script reloads when a `share.` event arrives.
  public static let listID = "invitation-list"
  public static let emptyMessage =
    "No invitations waiting. When someone shares a room, journal or task with you, it appears here."

  public static func render(_ context: PageContext, invitations: [Invitation]) -> String {
    Layout.page(
      context, title: "Invitations",
      body: [
        .h1("Invitations"),
        list(invitations, context: context),
      ])
  }

  /// The list alone, with id `invitation-list`, also when it is empty.
  public static func list(_ invitations: [Invitation], context: PageContext) -> Node {
    guard !invitations.isEmpty else {
      return .div(
        [.id(listID), .class("invitation-list")], .p([.class("empty")], .text(emptyMessage)))
    }
    return .ul(
      [.id(listID), .class("invitation-list cards")],
      .fragment(invitations.map { item($0, context: context) }))
  }

  package static func item(_ invitation: Invitation, context: PageContext) -> Node {
    let resource = invitation.share.resource
    let title = invitation.share.title.isEmpty ? "Untitled" : invitation.share.title
    return .li(
      [.class("card invitation")],
      .p(
        [.class("eyebrow")],
        .text("\(HearthApp.name(for: resource.app, in: context.apps)) · \(resource.kind)")),
      .h2(.text(title)),
      .p(
        "From ", .strong(.text(invitation.ownerName)), " · ",
        .text(permissionText(invitation.participant.permission)), " · invited ",
        DateText.node(invitation.participant.updatedAt, in: context.timeZone)),
      context.emailUnverified
        ? .p(
          [.class("hint waiting-for-confirmation")],
          .text(
            "Waiting for you to confirm your email: open the link we sent you (or send it again "
              + "above), then accept here. Nothing else is needed from the person who invited you."
          ))
        : .empty,
      Forms.post(
        action: action, csrf: context.csrfToken, attributes: [.class("actions")],
        Forms.hidden("app", resource.app),
        Forms.hidden("kind", resource.kind),
        Forms.hidden("resourceId", resource.id),
        context.emailUnverified
          ? .empty
          : Forms.submit(
            "Accept",
            attributes: [.name("decision"), .value("accept"), .ariaLabel("Accept \(title)")]),
        Forms.submit(
          "Decline", style: .secondary,
          attributes: [.name("decision"), .value("decline"), .ariaLabel("Decline \(title)")])))
  }

  package static func permissionText(_ permission: Permission) -> String {
    switch permission {
    case .readOnly: "you can view"
    case .readWrite: "you can view and edit"
    }
  }
}
