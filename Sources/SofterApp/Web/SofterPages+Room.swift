import Foundation
import HearthHTML
import HearthPlatform
import SofterCore

/// /softer/rooms/:roomId: one room, its conversation, whose turn it is and the message box.
extension SofterPages {
  public static func room(
    _ context: PageContext, _ record: SofterRoomRecord, viewer: String, now: Date
  ) -> String {
    let room = record.room
    let me = record.participantID(ofUser: viewer) ?? ""
    let title = RoomPresentation.title(room.spec, for: me)
    return Layout.page(
      context, title: isTurn(room, of: me) ? "Your turn · \(title)" : title,
      body: [
        .div(
          [.class("softer-app softer-room"), .data("softer-room", room.id), .data("title", title)],
          .p(.a([.href("/softer")], "← All rooms")),
          .h1(.text(room.spec.participants.map(\.nickname).joined(separator: ", "))),
          .section(
            [.id("softer-live"), .aria("live", "polite")],
            live(record, viewer: viewer, now: now)),
          compose(),
          noscript)
      ], scripts: [SofterAssets.script.url], stylesheets: [SofterAssets.stylesheet.url])
  }

  /// Everything that changes while the page is open; softer.mjs replaces it on each event.
  public static func live(_ record: SofterRoomRecord, viewer: String, now: Date) -> Node {
    let room = record.room
    let me = record.participantID(ofUser: viewer) ?? ""
    let yourTurn = isTurn(room, of: me)
    return .div(
      [
        .class("softer-live"), .data("your-turn", yourTurn ? "true" : "false"),
        .data("state", room.state.typeName),
      ],
      .div(
        [.class("softer-room-bar")],
        .p(
          [.class("softer-meta")],
          .text("\(room.spec.tier.displayString) room · Lightward's seat: \(record.voice)"),
          // While active, the turn bar or the your-turn banner says whose turn it is.
          room.state.isActive
            ? .empty
            : .fragment([
              .text(" · "), .span([.class("softer-status")], .text(RoomPresentation.status(room))),
            ])),
        roomMenu(record, viewer: viewer)),
      ledger(room, me: me),
      room.state.isActive
        ? Composing.indicator(record.composing, in: room.spec, for: me, at: now).map {
          .p([.class("softer-typing")], .text($0))
        } ?? .empty : .empty,
      lightwardState(record, now: now),
      pendingBanner(room, me: me),
      yourTurn ? yourTurnBanner(room) : turnBar(room, me: me),
      cenotaphOffer(record, me: me))
  }

  static func yourTurnBanner(_ room: Room) -> Node {
    let hands = RoomPresentation.raisedHands(room)
    return .div(
      [.class("softer-your-turn"), .role("status")],
      .p(.strong("Your turn."), " Write to the room, or send nothing to pass and listen."),
      hands.isEmpty
        ? .empty
        : .p(
          [.class("softer-hands")],
          .span([.aria("hidden", "true")], "✋ "),
          .text(
            "\(hands.joined(separator: " and ")) raised \(hands.count == 1 ? "a hand" : "hands")"
              + " and would like to speak.")))
  }

  static func ledger(_ room: Room, me: String) -> Node {
    guard !room.messages.isEmpty else { return .empty }
    return .ol(
      [.class("softer-ledger"), .ariaLabel("Conversation")],
      .fragment(
        room.messages.map { message in
          if RoomPresentation.isCenotaph(message) {
            return .li(
              [.class("softer-cenotaph")],
              .p(
                [.class("softer-cenotaph-label")],
                "Cenotaph: Lightward's closing words for this room"),
              .div([.class("md")], Markdown.node(message.text)))
          }
          if message.isNarration {
            return .li([.class("softer-narration")], .em(.text(message.text)))
          }
          let kind = message.isLightward ? "lightward" : message.authorID == me ? "mine" : "theirs"
          return .li(
            [.class("softer-bubble softer-\(kind)")],
            .span([.class("softer-author")], .text(message.authorName)),
            message.isLightward
              ? .div([.class("md")], Markdown.node(message.text)) : .p(.text(message.text)))
        }))
  }

  static func lightwardState(_ record: SofterRoomRecord, now: Date) -> Node {
    switch record.turn {
    case .idle:
      return RoomPresentation.isLightwardThinking(record.room)
        ? .p([.class("softer-thinking")], "Lightward is thinking...") : .fragment([])
    case .thinking(let slot):
      let doing =
        switch slot {
        case SofterRooms.invitationSlot: "Lightward is considering the invitation..."
        case SofterRooms.cenotaphSlot: "Lightward is writing the cenotaph..."
        default: "Lightward is thinking..."
        }
      return .p([.class("softer-thinking"), .role("status")], .text(doing))
    case .failed(let slot, let reason, _, let retryAt):
      let what =
        switch slot {
        case SofterRooms.invitationSlot: "answer the invitation"
        case SofterRooms.cenotaphSlot: "write the cenotaph"
        default: "take its turn"
        }
      return .div(
        [.class("softer-failed"), .role("status")],
        .p(.text("Lightward could not \(what). \(reason)")),
        retryAt.map {
          .p([.class("hint")], .text("Hearth will try again \(Self.when($0, now: now))."))
        }
          ?? .button(
            [.type("button"), .class("button secondary"), .data("softer-action", "retry")],
            "Try again"))
    case .unreachable(_, let reason, _, _, let retryAt):
      return .div(
        [.class("softer-failed"), .role("status")],
        .p(.text("Lightward can't be reached. \(reason) Everyone here has been told.")),
        .p(
          [.class("hint")],
          .text(
            retryAt.map { "Hearth keeps trying by itself: next \(Self.when($0, now: now))." }
              ?? "Hearth is trying again now...")),
        retryAt == nil
          ? .empty
          : .button(
            [.type("button"), .class("button secondary"), .data("softer-action", "retry")],
            "Try again"))
    }
  }

  /// "in about 5 minutes": when a retry comes, from now.
  static func when(_ date: Date, now: Date) -> String {
    let seconds = date.timeIntervalSince(now)
    switch seconds {
    case ..<60: return "within a minute"
    case ..<3600:
      let minutes = Int((seconds / 60).rounded())
      return minutes == 1 ? "in about a minute" : "in about \(minutes) minutes"
    default:
      let hours = Int((seconds / 3600).rounded())
      return hours == 1 ? "in about an hour" : "in about \(hours) hours"
    }
  }

  static func pendingBanner(_ room: Room, me: String) -> Node {
    guard case .pendingParticipants(let signaled) = room.state else { return .empty }
    if !signaled.contains(me) {
      return .div(
        [.class("softer-banner card")], .p("You are invited to this room."), invitationButtons())
    }
    let waiting = RoomPresentation.waitingFor(room)
    return .div(
      [.class("softer-banner card")],
      .p(
        .text(
          waiting.isEmpty
            ? "Everyone is here!" : "Waiting for \(waiting.joined(separator: ", "))...")))
  }

  static func turnBar(_ room: Room, me: String) -> Node {
    guard room.state.isActive, let current = room.fold.current, current.id != me else {
      return .fragment([])
    }
    return .div(
      [.class("softer-turn")],
      .p(.text("\(current.nickname)'s turn")),
      .button(
        [.type("button"), .class("button secondary"), .data("softer-action", "hand")],
        "Raise hand"))
  }

  static func cenotaphOffer(_ record: SofterRoomRecord, me: String) -> Node {
    guard SofterRoomListing(record).offersCenotaph(to: me) else { return .fragment([]) }
    return .button(
      [.type("button"), .class("button secondary"), .data("softer-action", "cenotaph")],
      "Request Cenotaph")
  }

  /// Send and Pass share one button: Pass while the message is empty. Pinned to the bottom of
  /// the screen; Enter sends, Shift+Enter starts a new line.
  static func compose() -> Node {
    .form(
      [.class("softer-compose"), .data("softer-compose", ""), .hidden, .ariaLabel("Your turn")],
      .div(
        [.class("field")],
        .label([.for("softer-text"), .class("visually-hidden")], "Message"),
        .textarea(
          [
            .id("softer-text"), .name("text"), .placeholder("Message..."),
            .attr("rows", "2"), .maxlength(20_000), .ariaDescribedBy(["softer-text-hint"]),
          ]),
        .p(
          [.class("softer-compose-hint"), .id("softer-text-hint")],
          "Enter sends · Shift+Enter for a new line · send nothing to pass")),
      .button(
        [.type("submit"), .class("button primary"), .data("softer-send", "")],
        "Pass"))
  }

  /// Leave, Decline, Cancel and Delete sit in a menu at the top, away from the message box. Someone
  /// invited declines; only the person who opened the room deletes it for everyone.
  static func roomMenu(_ record: SofterRoomRecord, viewer: String) -> Node {
    let room = record.room
    let me = record.participantID(ofUser: viewer) ?? ""
    let isOwner = me == room.spec.originatorID
    var items: [Node] = []
    if room.state.isPending && !isOwner {
      items.append(
        menuItem(
          "decline", "Decline",
          question: "Decline Room?\n\nYou won't be able to join this room later."))
    }
    if room.state.isPending && isOwner {
      items.append(
        menuItem(
          "cancel", "Cancel room",
          question:
            "Cancel Room?\n\nNobody will be asked to join any more; everyone keeps what was said."))
    }
    if room.state.isActive {
      items.append(
        menuItem(
          "leave", "Leave room",
          question: "Leave Room?\n\nThe room will end for everyone. This can't be undone."))
    }
    if isOwner {
      items.append(
        menuItem(
          "delete", "Delete room",
          question: "Delete Room?\n\nThis will permanently remove the room for everyone.",
          danger: true))
    } else if room.state.isDefunct {
      items.append(
        menuItem(
          "delete", "Remove from my list",
          question: "Remove from my list?\n\nThe conversation goes from your rooms."))
    }
    guard !items.isEmpty else { return .empty }
    return ActionMenu("Room options", items: items).node
  }

  static func menuItem(_ action: String, _ title: String, question: String, danger: Bool = false)
    -> Node
  {
    .button(
      [
        .type("button"), .class(danger ? "button link danger-text" : "button link"),
        .data("softer-action", action), .data("confirm", question),
        .optional("data-danger", danger ? "" : nil),
      ], .text(title))
  }
}
