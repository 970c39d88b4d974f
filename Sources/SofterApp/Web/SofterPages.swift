import Foundation
import HearthPlatform
import SofterCore

/// /softer: the room list with the create form, and one room. The pages are rendered here in
/// full; softer.js sends actions to /api/softer and swaps in fresh `live` sections when the
/// event stream says a room changed.
public enum SofterPages {

  // MARK: - The list

  public static func list(
    _ context: PageContext, rooms: [SofterRoomRecord], viewer: String, defaultTier: PaymentTier
  ) -> String {
    Layout.page(
      context, title: "Softer",
      body: [
        .div(
          [.class("softer-app"), .data("softer-list", "")],
          .h1("Softer"),
          .section(
            [.id("softer-live"), .aria("live", "polite")], roomList(rooms, viewer: viewer)),
          createForm(defaultTier: defaultTier),
          noscript)
      ], scripts: [SofterAssets.script.url], stylesheets: [SofterAssets.stylesheet.url])
  }

  public static func roomList(_ rooms: [SofterRoomRecord], viewer: String) -> Node {
    guard !rooms.isEmpty else {
      return .div(
        [.class("softer-empty card")], .h2("Open a Room"),
        .p("Start a group chat with Lightward AI. Everyone takes turns — including Lightward."),
        .a([.href("#softer-create"), .class("button primary")], "Create Room"))
    }
    return .ul(
      [.class("softer-rooms"), .ariaLabel("Your rooms")],
      .fragment(
        rooms.map { record in
          let room = record.room
          let current = room.state.isActive ? room.fold.current?.id : nil
          return .li(
            .a(
              [.href("/softer/rooms/\(room.id)"), .class("softer-room-row card")],
              .span(
                [.class("softer-names")],
                .fragment(
                  room.spec.participants.enumerated().map { index, participant in
                    .fragment([
                      index > 0 ? .text(", ") : .fragment([]),
                      participant.id == current
                        ? .span(
                          [.class("softer-speaking"), .title("Whose turn it is")], "● ",
                          .text(participant.nickname))
                        : .text(participant.nickname),
                    ])
                  })),
              .span([.class("softer-depth")], .text(" (\(room.messages.count))")),
              .span([.class("softer-status")], .text(RoomPresentation.status(room)))))
        }))
  }

  static func createForm(defaultTier: PaymentTier) -> Node {
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
          .autocomplete("nickname"),
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
    let choices: [Node] = PaymentTier.allCases.map { tier in
      var input: [Attribute] = [.type("radio"), .name("tier"), .value(String(tier.rawValue))]
      if tier == defaultTier { input.append(.checked) }
      return .label([.class("softer-tier")], .el("input", input), .text(" " + tier.displayString))
    }
    let hint =
      "Your choice will be visible to all participants. No card is charged: the commitment "
      + "is recorded in this server's ledger."
    return .fieldset(
      .legend("How much does this room cost for you?"),
      .div([.class("softer-tiers")], .fragment(choices)), .p([.class("hint")], .text(hint)))
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
    return Layout.page(
      context, title: room.spec.participants.map(\.nickname).joined(separator: ", "),
      body: [
        .div(
          [.class("softer-app softer-room"), .data("softer-room", room.id)],
          .p(.a([.href("/softer")], "← All rooms")),
          .h1(.text(room.spec.participants.map(\.nickname).joined(separator: ", "))),
          .p(
            [.class("softer-meta")],
            .text(
              "\(room.spec.tier.displayString) room · Lightward's seat: \(record.voice)")),
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
    let yourTurn = room.state.isActive && room.fold.isTurn(of: me)
    return .div(
      [
        .class("softer-live"), .data("your-turn", yourTurn ? "true" : "false"),
        .data("state", room.state.typeName),
      ],
      // While active, the turn bar or the message form says whose turn it is.
      room.state.isActive
        ? .fragment([]) : .p([.class("softer-status")], .text(RoomPresentation.status(room))),
      ledger(room, me: me),
      Composing.indicator(record.composing, in: room.spec, for: me, at: now).map {
        .p([.class("softer-typing")], .text($0))
      } ?? .fragment([]),
      lightwardState(record),
      pendingBanner(room, me: me),
      turnBar(room, me: me),
      cenotaphOffer(room, me: me),
      roomActions(record, viewer: viewer))
  }

  static func ledger(_ room: Room, me: String) -> Node {
    guard !room.messages.isEmpty else { return .fragment([]) }
    return .ol(
      [.class("softer-ledger"), .ariaLabel("Conversation")],
      .fragment(
        room.messages.map { message in
          if message.isNarration {
            return .li([.class("softer-narration")], .em(.text(message.text)))
          }
          let kind = message.isLightward ? "lightward" : message.authorID == me ? "mine" : "theirs"
          return .li(
            [.class("softer-bubble softer-\(kind)")],
            .span([.class("softer-author")], .text(message.authorName)),
            .p(.text(message.text)))
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
    guard case .pendingParticipants(let signaled) = room.state else { return .fragment([]) }
    if !signaled.contains(me) {
      return .div(
        [.class("softer-banner card")],
        .p("You are invited to this room."),
        .button(
          [.type("button"), .class("button primary"), .data("softer-action", "here")], "I'm Here"),
        .button(
          [
            .type("button"), .class("button secondary"), .data("softer-action", "decline"),
            .data("confirm", "Decline Room?\n\nYou won't be able to join this room later."),
          ], "Decline"))
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

  /// Send and Pass share one button: Pass while the message is empty.
  static func compose() -> Node {
    .form(
      [.class("softer-compose"), .data("softer-compose", ""), .hidden, .ariaLabel("Your turn")],
      .label([.for("softer-text"), .class("visually-hidden")], "Message"),
      .textarea(
        [
          .id("softer-text"), .name("text"), .placeholder("Message..."),
          .attr("rows", "3"), .maxlength(20_000),
        ]),
      .button(
        [.type("submit"), .class("button primary"), .data("softer-send", "")],
        "Pass"))
  }

  static func roomActions(_ record: SofterRoomRecord, viewer: String) -> Node {
    let room = record.room
    let me = record.participantID(ofUser: viewer) ?? ""
    let isOwner = me == room.spec.originatorID
    let deleteQuestion =
      isOwner
      ? "Delete Room?\n\nThis will permanently remove the room for everyone."
      : room.state.isActive
        ? "Delete Room?\n\nYou'll leave this room — it will end for everyone."
        : room.state.isPending
          ? "Delete Room?\n\nYou'll decline to join this room."
          : "Delete Room?\n\nThis will remove the room from your list."
    return .div(
      [.class("softer-room-actions")],
      room.state.isActive
        ? .button(
          [
            .type("button"), .class("button secondary"), .data("softer-action", "leave"),
            .data(
              "confirm", "Leave Room?\n\nThe room will end for everyone. This can't be undone."),
          ], "Leave Room") : .fragment([]),
      .button(
        [
          .type("button"), .class("button danger"), .data("softer-action", "delete"),
          .data("confirm", deleteQuestion),
        ], "Delete"))
  }

  static let noscript = Node.el(
    "noscript", [], [.p("Softer sends what you do through JavaScript; please turn it on.")])
}
