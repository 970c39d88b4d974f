import Foundation
import HearthPlatform
import SofterCore

/// /softer: the room list with the create form, and one room. The pages are rendered here in
/// full; softer.js sends actions to /api/softer and swaps in fresh `live` sections when the
/// event stream says a room changed.
public enum SofterPages {

  // MARK: - The list

  public static func list(
    _ context: PageContext, rooms: [SofterRoomRecord], viewer: String, defaultTier: PaymentTier,
    now: Date
  ) -> String {
    let waiting = roomsWaitingFor(viewer, in: rooms)
    return Layout.page(
      context, title: waiting > 0 ? "Your turn · Softer" : "Softer",
      body: [
        .div(
          [.class("softer-app"), .data("softer-list", "")],
          .h1("Softer"),
          .section(
            [.id("softer-live"), .aria("live", "polite")],
            roomList(rooms, viewer: viewer, timeZone: context.timeZone, now: now)),
          createForm(defaultTier: defaultTier, nickname: context.userName ?? ""),
          noscript)
      ], scripts: [SofterAssets.script.url], stylesheets: [SofterAssets.stylesheet.url])
  }

  /// Rooms where it is the viewer's turn or that await the viewer's answer.
  static func roomsWaitingFor(_ viewer: String, in rooms: [SofterRoomRecord]) -> Int {
    rooms.filter { record in
      let me = record.participantID(ofUser: viewer) ?? ""
      return needsAnswer(record.room, me: me) || isTurn(record.room, of: me)
    }.count
  }

  static func isTurn(_ room: Room, of me: String) -> Bool {
    room.state.isActive && room.fold.isTurn(of: me)
  }

  static func needsAnswer(_ room: Room, me: String) -> Bool {
    guard case .pendingParticipants(let signaled) = room.state else { return false }
    return !signaled.contains(me)
  }

  public static func roomList(
    _ rooms: [SofterRoomRecord], viewer: String, timeZone: TimeZone, now: Date
  ) -> Node {
    guard !rooms.isEmpty else {
      return .div(
        [.class("softer-empty card"), .data("your-turns", "0")], .h2("Open a Room"),
        .p(
          "Start a group chat with Lightward AI. Everyone takes turns — including Lightward. ",
          "Fill in the form below to open your first room."))
    }
    return .ul(
      [
        .class("softer-rooms"), .ariaLabel("Your rooms"),
        .data("your-turns", String(roomsWaitingFor(viewer, in: rooms))),
      ],
      .fragment(rooms.map { roomRow($0, viewer: viewer, timeZone: timeZone, now: now) }))
  }

  static func roomRow(_ record: SofterRoomRecord, viewer: String, timeZone: TimeZone, now: Date)
    -> Node
  {
    let room = record.room
    let me = record.participantID(ofUser: viewer) ?? ""
    let last = RoomPresentation.lastMessage(room)
    let status: Node =
      isTurn(room, of: me)
      ? .span([.class("tag softer-your-turn-tag")], "Your turn")
      : needsAnswer(room, me: me)
        ? .span([.class("tag softer-your-turn-tag")], "Invited")
        : .span([.class("softer-status")], .text(RoomPresentation.status(room)))
    return .li(
      [.class("softer-room-row card"), .data("room", room.id)],
      .div(
        [.class("softer-row-head")],
        .a(
          [.href("/softer/rooms/\(room.id)"), .class("softer-room-title")],
          .text(RoomPresentation.title(room, for: me))),
        status),
      last.map { message in
        .p(
          [.class("softer-last")],
          message.isNarration
            ? .em(.text(message.text))
            : .fragment([
              .span([.class("softer-last-author")], .text(message.authorName + ": ")),
              .text(String(message.text.prefix(140))),
            ]),
          .text(" · "),
          .time(
            [.datetime(DateText.iso(message.createdAt))],
            .text(DateText.short(message.createdAt, in: timeZone, now: now))))
      } ?? .empty,
      needsAnswer(room, me: me) ? invitationButtons() : .empty)
  }

  static func invitationButtons() -> Node {
    .div(
      [.class("actions")],
      .button(
        [.type("button"), .class("button primary"), .data("softer-action", "here")], "I'm Here"),
      .button(
        [
          .type("button"), .class("button secondary"), .data("softer-action", "decline"),
          .data("confirm", "Decline Room?\n\nYou won't be able to join this room later."),
        ], "Decline"))
  }

  static func createForm(defaultTier: PaymentTier, nickname value: String) -> Node {
    let attributes: [Attribute] = [
      .id("softer-create"), .class("softer-create card"), .data("softer-create", ""),
      .ariaLabel("Open a room"),
    ]
    let nickname: Node = .div(
      [.class("field")], .label([.for("softer-nickname")], "Your nickname"),
      .el(
        "input",
        [
          .id("softer-nickname"), .name("nickname"), .type("text"), .required, .maxlength(40),
          .autocomplete("nickname"), .value(value),
        ]))
    let error: Node = .p([.class("softer-form-error"), .role("alert"), .hidden])
    let submit: Node = .button([.type("submit"), .class("button primary")], "Create Room")
    return .form(
      attributes, .h2("Open a room"), nickname, participantsField(), tierField(defaultTier),
      error, submit)
  }

  static func participantsField() -> Node {
    let hint =
      "Lightward is always part of the conversation. Add others by the email or phone "
      + "number of their Hearth account, or keep it just the two of you."
    let rows: Node = .div(
      [.class("softer-participant-rows"), .data("softer-rows", "")], participantRow(0))
    let add: Node = .button(
      [.type("button"), .class("button secondary"), .data("softer-add-row", "")], "Add a person")
    return .fieldset(.legend("Participants"), rows, add, .p([.class("hint")], .text(hint)))
  }

  static func tierField(_ defaultTier: PaymentTier) -> Node {
    let hint =
      "Your choice will be visible to all participants. No card is charged: the commitment "
      + "is recorded in this server's ledger."
    return .div(
      [.class("field softer-tiers")],
      SegmentedControl(
        name: "tier", legend: "How much does this room cost for you?",
        choices: PaymentTier.allCases.map { (String($0.rawValue), $0.displayString) },
        selected: String(defaultTier.rawValue), id: "softer-tier"
      ).node,
      .p([.class("hint")], .text(hint)))
  }

  /// One invitee: contact and nickname. softer.js clones it for "Add a person".
  static func participantRow(_ index: Int) -> Node {
    .div(
      [.class("softer-participant"), .data("softer-row", "")],
      .div(
        [.class("field")], .label([.for("softer-contact-\(index)")], "Email or phone"),
        .el(
          "input",
          [
            .id("softer-contact-\(index)"), .name("contact"), .type("text"), .maxlength(254),
            .autocomplete("off"), .placeholder("ann@example.com or +14155550123"),
          ])),
      .div(
        [.class("field")], .label([.for("softer-contact-nickname-\(index)")], "Their nickname"),
        .el(
          "input",
          [
            .id("softer-contact-nickname-\(index)"), .name("contactNickname"), .type("text"),
            .maxlength(40),
          ])))
  }

  // MARK: - One room

  public static func room(
    _ context: PageContext, _ record: SofterRoomRecord, viewer: String, now: Date
  ) -> String {
    let room = record.room
    let me = record.participantID(ofUser: viewer) ?? ""
    let title = RoomPresentation.title(room, for: me)
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

  /// Everything that changes while the page is open; softer.js replaces it on each event.
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
      lightwardState(record),
      pendingBanner(room, me: me),
      yourTurn ? yourTurnBanner(room) : turnBar(room, me: me),
      cenotaphOffer(room, me: me))
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

  static func lightwardState(_ record: SofterRoomRecord) -> Node {
    switch record.turn {
    case .idle:
      return RoomPresentation.isLightwardThinking(record.room)
        ? .p([.class("softer-thinking")], "Lightward is thinking...") : .fragment([])
    case .thinking(let slot):
      return .p(
        [.class("softer-thinking")],
        .text(
          slot < 0 ? "Lightward is considering the invitation..." : "Lightward is thinking..."))
    case .failed(let slot, let reason, _, let retryAt):
      let what = slot < 0 ? "the invitation" : "its turn"
      return .div(
        [.class("softer-failed"), .role("status")],
        .p(.text("Lightward could not answer \(what): \(reason)")),
        retryAt == nil
          ? .button(
            [.type("button"), .class("button secondary"), .data("softer-action", "retry")],
            "Try again")
          : .p([.class("hint")], "Hearth will try again by itself."))
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

  static func cenotaphOffer(_ room: Room, me: String) -> Node {
    guard (try? room.requireCenotaphAllowed(by: me)) != nil else { return .fragment([]) }
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

  /// Leave, Decline and Delete sit in a menu at the top, away from the message box. Someone
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

  static let noscript = Node.el(
    "noscript", [], [.p("Softer sends what you do through JavaScript; please turn it on.")])
}
