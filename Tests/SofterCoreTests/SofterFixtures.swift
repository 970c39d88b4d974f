import Foundation

@testable import SofterCore

/// Rooms as the tests build them: nicknames double as participant ids.
enum Fixture {
  static let start = Date(timeIntervalSince1970: 1_800_000_000)

  static func at(_ seconds: Int) -> Date { start.addingTimeInterval(TimeInterval(seconds)) }

  static func person(_ nickname: String) -> ParticipantSpec {
    ParticipantSpec(
      id: nickname.lowercased(), identifier: .email("\(nickname.lowercased())@example.com"),
      nickname: nickname)
  }

  /// `names` in turn order; "Lightward" seats Lightward.
  static func spec(_ names: [String], tier: PaymentTier = .ten, id: String = "room") -> RoomSpec {
    let participants = names.map {
      $0 == "Lightward" ? .lightward(id: "lightward-seat") : person($0)
    }
    return RoomSpec(
      id: id, originatorID: participants[0].id, participants: participants, tier: tier,
      createdAt: start)
  }

  /// An active room: opened, and everyone arrived.
  static func activeRoom(_ names: [String]) -> Room {
    var room = Room.open(spec: spec(names), at: start)
    for participant in room.spec.participants where participant.id != room.spec.originatorID {
      try! room.apply(try! room.arrive(participant.id, at: start), at: start)
    }
    return room
  }

  static func speech(_ author: String, _ text: String, id: String, room: String = "room")
    -> SofterMessage
  {
    SofterMessage(
      id: id, roomID: room, authorID: author.lowercased(), authorName: author, text: text,
      createdAt: start)
  }
}

extension Room {
  /// Applies an action's change, as the server does in one transaction.
  mutating func perform(_ change: Change, at now: Date = Fixture.start) {
    try! apply(change, at: now)
  }

  /// Settles, and answers for Lightward with `reply` whenever its turn comes, until a person
  /// holds the turn. Returns how many times Lightward was asked.
  @discardableResult
  mutating func settleAll(reply: (Int) -> LightwardReply = { _ in .speech("Hello.") }) -> Int {
    var asked = 0
    while state.isActive {
      perform(settle(at: Fixture.start))
      guard case .lightward(let slot) = fold.due else { break }
      asked += 1
      perform(lightwardAnswered(reply(slot), slot: slot, at: Fixture.start))
    }
    return asked
  }

  var texts: [String] { messages.map(\.text) }
}
