import Foundation
import HearthCore
import HearthNotifications
import HearthPlatform
import SofterCore

/// What Softer tells people outside the room page: that it is their turn (after someone, or
/// after Lightward), that a room they are invited to waits for them, and that a room ended.
enum SofterNotices {
  static let yourTurn = NotificationKind(
    "softer.your-turn", label: "It is your turn in a room", urgency: .high)
  static let lightwardReplied = NotificationKind(
    "softer.lightward-replied", label: "Lightward replied and you are next", urgency: .high)
  static let invited = NotificationKind(
    "softer.invited", label: "A room you are invited to is waiting for you")
  static let ended = NotificationKind(
    "softer.room-ended", label: "A room you are in ended", urgency: .low)
  static let kinds = [yourTurn, lightwardReplied, invited, ended]

  /// The notices a change from `before` to `after` calls for; `actor` (who made the change)
  /// is never told of their own doing.
  static func drafts(
    before: SofterRoomRecord, after: SofterRoomRecord, actor: String?, at now: Date
  ) -> [NotificationDraft] {
    let room = after.room
    let path = "/softer/rooms/\(room.id)"
    let company = joined(room.spec.participants.map(\.nickname))
    var drafts: [NotificationDraft] = []

    let fold = room.fold
    if room.state.isActive, let next = fold.current, !next.isLightward,
      let userID = after.seats[next.id], userID != actor,
      !before.room.state.isActive || before.room.fold.index != fold.index
    {
      let last = room.messages.last { !$0.isNarration }
      let kind = last?.isLightward == true ? lightwardReplied : yourTurn
      drafts.append(
        NotificationDraft(
          kind: kind, to: [userID],
          title: kind == lightwardReplied ? "Lightward replied: your turn" : "Your turn",
          body: last.map { "\($0.authorName): \(excerpt($0.text))" }
            ?? "In the room with \(company).",
          url: path, dedupeKey: "softer:\(room.id):turn:\(fold.index)", occurredAt: now))
    }

    let newlySeated = Set(after.seats.values).subtracting(before.seats.values)
      .subtracting([after.originatorUserID, actor ?? ""])
    if room.state.isPending, !newlySeated.isEmpty {
      let opener = room.spec.nickname(of: room.spec.originatorID)
      drafts.append(
        NotificationDraft(
          kind: invited, to: newlySeated.sorted(), title: "\(opener) invited you to a room",
          body: "With \(company). Lightward has said yes; the room waits for you.",
          url: "/invitations", dedupeKey: "softer:\(room.id):invited", occurredAt: now))
    }

    if room.state.isDefunct, !before.room.state.isDefunct {
      let everyone = after.userIDs.filter { $0 != actor }
      if !everyone.isEmpty {
        drafts.append(
          NotificationDraft(
            kind: ended, to: everyone, title: "A room ended",
            body: "The room with \(company) has ended.", url: path,
            dedupeKey: "softer:\(room.id):ended", occurredAt: now))
      }
    }
    return drafts
  }

  /// "Ann, Ben and Lightward".
  static func joined(_ names: [String]) -> String {
    guard names.count > 1 else { return names.first ?? "" }
    return names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
  }

  static func excerpt(_ text: String) -> String {
    let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
    return line.count > 140 ? String(line.prefix(139)) + "…" : line
  }
}
