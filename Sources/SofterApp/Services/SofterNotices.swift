import Foundation
import HearthCore
import HearthNotifications
import HearthPlatform
import SofterCore

/// What Softer tells people outside the room page: that it is their turn (after someone, or
/// after Lightward) and, while it stays theirs, reminders; that a room they are invited to waits
/// for them; that Lightward cannot be reached in a room, and when it is back; and that a room
/// ended.
enum SofterNotices {
  static let yourTurn = NotificationKind(
    "softer.your-turn", label: "It is your turn in a room", urgency: .high)
  static let lightwardReplied = NotificationKind(
    "softer.lightward-replied", label: "Lightward replied and you are next", urgency: .high)
  static let invited = NotificationKind(
    "softer.invited", label: "A room you are invited to is waiting for you")
  static let ended = NotificationKind(
    "softer.room-ended", label: "A room you are in ended", urgency: .low)
  static let turnReminder = NotificationKind(
    "softer.turn-reminder", label: "A room is still waiting for your turn")
  static let unreachable = NotificationKind(
    "softer.lightward-unreachable", label: "Lightward can't be reached in a room")
  static let back = NotificationKind(
    "softer.lightward-back", label: "Lightward is back in a room", urgency: .low)
  static let kinds = [yourTurn, lightwardReplied, invited, ended, turnReminder, unreachable, back]

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
      // What moved the turn: speech, a pass, or a turn that passed (not Lightward's last words).
      let last = room.messages.last { $0.isTurnConsuming }
      let kind = last?.isLightward == true ? lightwardReplied : yourTurn
      drafts.append(
        NotificationDraft(
          kind: kind, to: [userID],
          title: kind == lightwardReplied ? "Lightward replied: your turn" : "Your turn",
          body: last.map { $0.isNarration ? $0.text : "\($0.authorName): \(excerpt($0.text))" }
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
          // The room itself: it asks them to join while pending and is theirs once they have.
          url: path, dedupeKey: "softer:\(room.id):invited", occurredAt: now))
    }

    drafts += outage(
      before: before, after: after, toldOfTurn: drafts.flatMap(\.recipients), at: now)

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

  /// Everyone, once, when the quick retries of Lightward's turn give up; and once Lightward
  /// answers again, everyone not told of their turn by its answer. Keyed by the slot: an outage
  /// ends only when Lightward takes it.
  static func outage(
    before: SofterRoomRecord, after: SofterRoomRecord, toldOfTurn: [String], at now: Date
  ) -> [NotificationDraft] {
    let room = after.room
    let company = joined(room.spec.participants.map(\.nickname))
    if case .unreachable(let slot, _, _, _, _) = after.turn, !before.turn.isUnreachable {
      return [
        NotificationDraft(
          kind: unreachable, to: after.userIDs, title: "Lightward can't be reached",
          body: "In the room with \(company). Hearth keeps trying by itself; "
            + "you can also press Try again in the room.",
          url: "/softer/rooms/\(room.id)", dedupeKey: "softer:\(room.id):unreachable:\(slot)",
          occurredAt: now)
      ]
    }
    guard case .unreachable(let slot, _, _, _, _) = before.turn, !after.turn.isUnreachable
    else { return [] }
    let speech = room.messages.first { $0.id == StableID.lightward(room: room.id, turn: slot) }
    let everyone = after.userIDs.filter { !toldOfTurn.contains($0) }
    guard room.fold.index > slot || speech != nil, !everyone.isEmpty else { return [] }
    return [
      NotificationDraft(
        kind: back, to: everyone, title: "Lightward is back",
        body: speech.map { "\($0.authorName): \(excerpt($0.text))" }
          ?? "In the room with \(company).", url: "/softer/rooms/\(room.id)",
        dedupeKey: "softer:\(room.id):back:\(slot)", occurredAt: now)
    ]
  }

  /// Whoever holds the turn, `hours` into it.
  static func reminder(
    _ record: SofterRoomRecord, to userID: String, afterHours hours: Int, at now: Date
  )
    -> NotificationDraft
  {
    let room = record.room
    let others = room.spec.participants.filter { record.seats[$0.id] != userID }
    return NotificationDraft(
      kind: turnReminder, to: [userID], title: "Still your turn",
      body: "The room with \(joined(others.map(\.nickname))) has waited \(hours) hours for you.",
      url: "/softer/rooms/\(room.id)",
      dedupeKey: "softer:\(room.id):turn:\(room.fold.index):remind:\(hours)", occurredAt: now)
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
