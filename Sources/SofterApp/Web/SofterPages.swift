import Foundation
import HearthHTML
import HearthPlatform
import SofterCore

/// /softer: the room list with the create form, and one room. The pages are rendered here in
/// full; softer.mjs sends actions to /api/softer and swaps in fresh `live` sections when the
/// event stream says a room changed.
public enum SofterPages {

  // MARK: - The list

  public static func list(
    _ context: PageContext, rooms: [SofterRoomListing], viewer: String, defaultTier: PaymentTier,
    now: Date
  ) -> String {
    let waiting = rooms.count { needsYou($0, viewer: viewer) }
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

  /// It is the viewer's turn in the room, or the room awaits the viewer's answer.
  static func needsYou(_ listing: SofterRoomListing, viewer: String) -> Bool {
    let me = listing.participantID(ofUser: viewer) ?? ""
    return listing.summary.awaitsAnswer(from: me) || listing.summary.isTurn(of: me)
  }

  static func isTurn(_ room: Room, of me: String) -> Bool {
    room.state.isActive && room.fold.isTurn(of: me)
  }

  public static func roomList(
    _ rooms: [SofterRoomListing], viewer: String, timeZone: TimeZone, now: Date
  ) -> Node {
    guard !rooms.isEmpty else {
      return .div(
        [.class("softer-empty card")], .h2("Open a Room"),
        .p(
          "Start a group chat with Lightward AI. Everyone takes turns — including Lightward. ",
          "Fill in the form below to open your first room."))
    }
    return .ul(
      [.class("list softer-rooms"), .ariaLabel("Your rooms")],
      .fragment(rooms.map { roomRow($0, viewer: viewer, timeZone: timeZone, now: now) }))
  }

  /// One room of the list; softer.mjs swaps in a fresh one when the room changes.
  static func roomRow(_ listing: SofterRoomListing, viewer: String, timeZone: TimeZone, now: Date)
    -> Node
  {
    let room = listing.summary
    let me = listing.participantID(ofUser: viewer) ?? ""
    let status: Node =
      room.isTurn(of: me)
      ? .span([.class("tag softer-your-turn-tag")], "Your turn")
      : room.awaitsAnswer(from: me)
        ? .span([.class("tag softer-your-turn-tag")], "Invited")
        : listing.turn.isUnreachable
          ? .span(
            [.class("softer-status softer-unreachable")], .text(SofterRooms.unreachableStatus))
          : .span([.class("softer-status")], .text(RoomPresentation.status(room)))
    return .li(
      [
        .class("softer-room-row card"), .data("room", room.id),
        .data("needs-you", needsYou(listing, viewer: viewer) ? "true" : "false"),
      ],
      .div(
        [.class("softer-row-head")],
        .a(
          [.href("/softer/rooms/\(room.id)"), .class("softer-room-title")],
          .text(RoomPresentation.title(room.spec, for: me))),
        status),
      room.lastMessage.map { message in
        .p(
          [.class("softer-last")],
          message.isNarration
            ? .em(.text(message.text))
            : .fragment([
              .span([.class("softer-last-author")], .text(message.authorName + ": ")),
              .text(preview(message)),
            ]),
          .text(" · "),
          .time(
            [.datetime(DateText.iso(message.createdAt))],
            .text(DateText.short(message.createdAt, in: timeZone, now: now))))
      } ?? .empty,
      room.awaitsAnswer(from: me) ? invitationButtons() : .empty)
  }

  /// The start of what was said, in one line; Lightward's Markdown without its marks.
  static func preview(_ message: SofterMessage) -> String {
    let text = message.isLightward ? Markdown.plainText(message.text) : message.text
    return text.count > 140 ? text.prefix(139) + "…" : text
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
      turnLimitField(), error, submit)
  }

  static func participantsField() -> Node {
    let hint =
      "Lightward is always part of the conversation. Add others by email, or keep it just the "
      + "two of you. Someone without a Hearth account is mailed an invitation to sign up and "
      + "join, once Lightward has accepted."
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

  static func turnLimitField() -> Node {
    let hint =
      "Whoever holds the turn is reminded after 12 and 48 hours. With a limit, the turn of "
      + "someone away that long passes to the next person."
    return .div(
      [.class("field softer-turn-limit")],
      SegmentedControl(
        name: "turnLimitDays", legend: "Turn limit",
        choices: [("0", "None")]
          + Presence.turnLimitChoices.map { (String($0), $0 == 1 ? "1 day" : "\($0) days") },
        selected: "0", id: "softer-turn-limit"
      ).node,
      .p([.class("hint")], .text(hint)))
  }

  /// One invitee: contact and nickname. softer.mjs clones it for "Add a person".
  static func participantRow(_ index: Int) -> Node {
    .div(
      [.class("softer-participant"), .data("softer-row", "")],
      .div(
        [.class("field")], .label([.for("softer-contact-\(index)")], "Email"),
        .el(
          "input",
          [
            .id("softer-contact-\(index)"), .name("contact"), .type("text"), .maxlength(254),
            .autocomplete("off"), .placeholder("ann@example.com"),
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

  static let noscript = Node.el(
    "noscript", [], [.p("Softer sends what you do through JavaScript; please turn it on.")])
}
