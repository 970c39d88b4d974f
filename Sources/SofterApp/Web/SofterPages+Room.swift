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
  /// The bar at its top stays in view and says whose turn it is and how Lightward is.
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
        .div(
          [.class("softer-room-state")],
          turnState(room, me: me),
          .p(
            [.class("softer-meta")],
            .text("\(room.spec.tier.displayString) room · "),
            .span([.class("softer-lightward-state")], .text(lightwardPresence(record))))),
        roomMenu(record, viewer: viewer)),
      ledger(room, me: me),
      room.state.isActive
        ? Composing.indicator(record.composing, in: room.spec, for: me, at: now).map {
          .p([.class("softer-typing")], .text($0))
        } ?? .empty : .empty,
      lightwardState(record, now: now),
      pendingBanner(room, me: me),
      pendingInvitations(record, me: me),
      yourTurn ? raisedHands(room) : turnBar(room, me: me),
      cenotaphOffer(record, me: me))
  }

  /// "Your turn", "Ann's turn", or the room's state once it is not active.
  static func turnState(_ room: Room, me: String) -> Node {
    if isTurn(room, of: me) {
      return .p([.class("softer-turn-state softer-your-turn")], .strong("Your turn"))
    }
    return .p(
      [.class("softer-turn-state softer-status")], .text(RoomPresentation.status(room)))
  }

  /// Lightward's name and what it is doing: "Lightward · thinking…".
  static func lightwardPresence(_ record: SofterRoomRecord) -> String {
    let room = record.room
    guard let lightward = room.spec.lightwardParticipant else { return record.voice }
    let name =
      record.voice == lightward.nickname
      ? lightward.nickname : "\(lightward.nickname), voiced by \(record.voice)"
    let doing: String? =
      switch record.turn {
      case .thinking(SofterRooms.invitationSlot): "considering the invitation…"
      case .thinking(SofterRooms.cenotaphSlot): "writing the cenotaph…"
      case .thinking: "thinking…"
      case .failed: "could not answer"
      case .unreachable: "can't be reached; trying again by itself"
      case .idle:
        if RoomPresentation.isLightwardThinking(room) {
          "thinking…"
        } else if room.state.isActive {
          "listening"
        } else if case .pendingParticipants(let signaled) = room.state {
          signaled.contains(lightward.id) ? "here" : "invited"
        } else {
          nil
        }
      }
    return doing.map { "\(name) · \($0)" } ?? name
  }

  /// For the one whose turn it is: who would like to speak.
  static func raisedHands(_ room: Room) -> Node {
    let hands = RoomPresentation.raisedHands(room).map(\.nickname)
    guard !hands.isEmpty else { return .empty }
    return .p(
      [.class("softer-hands")],
      .span([.aria("hidden", "true")], "✋ "),
      .text(
        "\(hands.joined(separator: " and ")) raised \(hands.count == 1 ? "a hand" : "hands")"
          + " and would like to speak."))
  }

  static func ledger(_ room: Room, me: String) -> Node {
    let entries = LedgerEntry.entries(room.messages)
    guard !entries.isEmpty else { return .empty }
    return .ol(
      [.class("softer-ledger"), .ariaLabel("Conversation")],
      .fragment(
        entries.map { entry in
          // softer.mjs finds where the reader left off by these ids.
          let seen = Attribute.data("message", entry.lastMessage.id)
          switch entry {
          case .cenotaph(let message):
            return .li(
              [.class("softer-cenotaph"), seen],
              .p(
                [.class("softer-cenotaph-label")],
                "Cenotaph: Lightward's closing words for this room"),
              .div([.class("md")], Markdown.node(message.text)))
          case .narration(let lines):
            return .li(
              [.class("softer-narration")],
              .fragment(lines.map { .p([.data("message", $0.id)], .text($0.text)) }))
          case .speech(let message):
            let kind =
              message.isLightward ? "lightward" : message.authorID == me ? "mine" : "theirs"
            return .li(
              [.class("softer-bubble softer-\(kind)"), seen],
              .span([.class("softer-author")], .text(message.authorName)),
              message.isLightward
                ? .div([.class("md")], Markdown.node(message.text)) : .p(.text(message.text)))
          }
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

  /// Whose turn it is, for everyone else, with the hands that are up and a hand to raise or
  /// lower.
  static func turnBar(_ room: Room, me: String) -> Node {
    guard room.state.isActive, let current = room.fold.current, current.id != me else {
      return .fragment([])
    }
    let mine = room.isHandRaised(by: me)
    let others = RoomPresentation.raisedHands(room).filter { $0.id != me }.map(\.nickname)
    var hands: [String] = mine ? ["Your hand is up."] : []
    if !others.isEmpty {
      hands.append(
        "\(others.joined(separator: " and ")) \(others.count == 1 ? "has" : "have") a hand up.")
    }
    return .div(
      [.class("softer-turn")],
      .p(.text("\(current.nickname)'s turn")),
      hands.isEmpty
        ? .empty
        : .p(
          [.class("softer-hands")], .span([.aria("hidden", "true")], "✋ "),
          .text(hands.joined(separator: " "))),
      .button(
        [
          .type("button"), .class("button secondary"), .data("softer-action", "hand"),
          .optional("data-method", mine ? "DELETE" : nil),
        ],
        mine ? "Lower hand" : "Raise hand"))
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
          .strong("Your turn"), " · Enter sends · Shift+Enter for a new line · send nothing to pass"
        )),
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
