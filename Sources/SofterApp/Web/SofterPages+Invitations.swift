import Foundation
import HearthHTML
import HearthPlatform
import SofterCore

extension SofterPages {
  /// For the originator while the room waits: who is invited, how far each invitation went,
  /// and a way to withdraw each one.
  static func pendingInvitations(_ record: SofterRoomRecord, me: String) -> Node {
    guard me == record.room.spec.originatorID else { return .empty }
    let invitations = SofterPendingInvitation.all(in: record)
    guard !invitations.isEmpty else { return .empty }
    return .section(
      [.class("softer-invitations card"), .ariaLabel("Invitations")],
      .h2("Invitations"),
      .ul(
        [.class("list")],
        .fragment(
          invitations.map { invitation in
            .li(
              [.class("softer-invitation"), .data("participant", invitation.participantId)],
              .p(.strong(.text(invitation.nickname)), .text(" · \(invitation.contact)")),
              .p([.class("hint")], .text(describe(invitation.status))),
              .button(
                [
                  .type("button"), .class("button link danger-text"),
                  .data("softer-action", "invitations/\(invitation.participantId)/withdraw"),
                  .data(
                    "confirm",
                    "Withdraw \(invitation.nickname)'s invitation?\n\nA Softer room keeps the "
                      + "people it opened with, so the room will end for everyone. You can open "
                      + "a new room without them."),
                  .data("danger", ""),
                ], .text("Withdraw \(invitation.nickname)'s invitation")))
          })))
  }

  static func describe(_ status: String) -> String {
    switch status {
    case "waitingForLightward": "Invited once Lightward accepts."
    case "emailed": "No account yet: an invitation to sign up was mailed. Waiting for them."
    default: "Invited: waiting for them to arrive."
    }
  }
}
