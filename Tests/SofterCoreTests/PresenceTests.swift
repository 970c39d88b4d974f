import Foundation
import Testing

@testable import SofterCore

/// Nobody left guessing: the pace of attempts once Lightward cannot be reached, the turn limit,
/// and an empty answer that is no answer.
@Suite struct PresenceTests {
  /// An active room whose originator chose a turn limit.
  static func room(_ names: [String], turnLimitDays: Int?) -> Room {
    var spec = Fixture.spec(names)
    spec.turnLimitDays = turnLimitDays
    var room = Room.open(spec: spec, at: Fixture.start)
    for participant in spec.participants where participant.id != spec.originatorID {
      room.perform(try! room.arrive(participant.id, at: Fixture.start))
    }
    return room
  }

  @Test func slowAttemptsComeOftenerThanEverySixHoursAndNeverBeforeRetryAfter() {
    let waits = (1...6).map { Presence.outageWait(beforeAttempt: $0, retryAfter: nil) }
    #expect(waits == [3600, 7200, 14_400, 21_600, 21_600, 21_600])
    #expect(Presence.outageWait(beforeAttempt: 1, retryAfter: 30) == 3600)
    #expect(Presence.outageWait(beforeAttempt: 5, retryAfter: 36_000) == 36_000)
  }

  @Test func aTurnLimitIsNoneOrOneOfTheChoices() {
    #expect(Presence.turnLimit(nil) == .success(nil))
    #expect(Presence.turnLimit(0) == .success(nil))
    #expect(Presence.turnLimit(3) == .success(3))
    #expect(Presence.turnLimit(5) == .failure(Presence.TurnLimitError()))
    #expect(Presence.turnLimit(-1) == .failure(Presence.TurnLimitError()))
  }

  @Test func theLimitPassesTheAbsentPersonsTurnWithANarrationThatTakesTheSlot() throws {
    var room = Self.room(["Jax", "Lightward", "Mira"], turnLimitDays: 2)
    room.perform(try room.send("hi", from: "jax", messageID: "m1", at: Fixture.start))
    room.settleAll()
    #expect(room.awaitedPerson?.nickname == "Mira")
    let slot = room.fold.index
    let lapsed = room.turnLapsed(slot: slot, at: Fixture.at(2 * 86_400))
    #expect(lapsed.messages.map(\.text) == ["Mira's turn passed: away for 2 days."])
    #expect(lapsed.messages.first?.id == StableID.yield(room: "room", turn: slot))
    room.perform(lapsed)
    #expect(room.fold.index == slot + 1 && room.fold.current?.nickname == "Jax")
    // A second firing for the same slot finds the turn moved on.
    #expect(room.turnLapsed(slot: slot, at: Fixture.at(3 * 86_400)) == Room.Change())
  }

  @Test func noLimitNoLightwardTurnAndNoEndedRoomIsEverPassed() throws {
    let unlimited = Self.room(["Jax", "Lightward"], turnLimitDays: nil)
    #expect(unlimited.turnLapsed(slot: 0, at: Fixture.at(86_400 * 30)) == Room.Change())

    var room = Self.room(["Jax", "Lightward"], turnLimitDays: 1)
    room.perform(try room.send("hi", from: "jax", messageID: "m1", at: Fixture.start))
    room.perform(room.settle(at: Fixture.start))
    #expect(room.fold.due == .lightward(slot: 1) && room.awaitedPerson == nil)
    #expect(room.turnLapsed(slot: 1, at: Fixture.at(86_400)) == Room.Change())

    var ended = Self.room(["Jax", "Lightward", "Mira"], turnLimitDays: 1)
    ended.perform(try ended.leave("mira", at: Fixture.start))
    #expect(ended.awaitedPerson == nil)
    #expect(ended.turnLapsed(slot: 0, at: Fixture.at(86_400)) == Room.Change())
  }

  @Test func anEmptyAnswerIsBlankAndAnyWordsAreNot() {
    #expect(LightwardReply.isBlank(""))
    #expect(LightwardReply.isBlank("  \n\t "))
    #expect(!LightwardReply.isBlank("YIELD"))
    #expect(!LightwardReply.isBlank(" Hello. "))
  }

  @Test func aRoomStoredBeforeTurnLimitsHasNone() throws {
    let spec = Fixture.spec(["Jax", "Lightward"])
    var json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(spec)) as! [String: Any]
    json["turnLimitDays"] = nil
    let decoded = try JSONDecoder().decode(
      RoomSpec.self, from: JSONSerialization.data(withJSONObject: json))
    #expect(decoded.turnLimitDays == nil && decoded == spec)
  }
}
