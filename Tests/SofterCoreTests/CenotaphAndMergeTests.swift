import Foundation
import Testing

@testable import SofterCore

@Suite struct CenotaphAndMergeTests {
  @Test func onlyTheOriginatorOfAnEndedRoomMayAskOnce() throws {
    var room = Fixture.activeRoom(["Isaac", "Lightward", "Abe"])
    #expect(throws: RoomError.stillOpen) { try room.requireCenotaphAllowed(by: "isaac") }
    room.perform(try room.leave("abe", at: Fixture.start))
    #expect(throws: RoomError.notOriginator) { try room.requireCenotaphAllowed(by: "abe") }
    try room.requireCenotaphAllowed(by: "isaac")
    #expect(!room.hasCenotaph)
    room.perform(room.cenotaph("  Here a room rested.\n", at: Fixture.start))
    #expect(room.hasCenotaph)
    #expect(room.messages.last?.id == "room:cenotaph" && room.messages.last?.isNarration == true)
    #expect(room.texts.last == "Here a room rested.")
    #expect(throws: RoomError.cenotaphExists) { try room.requireCenotaphAllowed(by: "isaac") }
  }

  /// The reference guessed from the last narration's wording, which had drifted.
  @Test func aDeclinedRoomHasNoCenotaphUntilOneIsWritten() throws {
    var room = Room.open(spec: Fixture.spec(["Isaac", "Lightward", "Abe"]), at: Fixture.start)
    room.perform(try room.decline("abe", at: Fixture.start))
    #expect(!room.hasCenotaph)
    try room.requireCenotaphAllowed(by: "isaac")
  }

  @Test func statesJoinByRank() {
    let order: [RoomState] = [
      .draft, .pendingParticipants(signaled: []), .active, .defunct(.cancelled),
    ]
    #expect(order.map(\.rank) == [0, 1, 2, 3])
    #expect(
      RoomMerge.state(.defunct(.participantLeft("a")), .active) == .defunct(.participantLeft("a")))
    #expect(RoomMerge.state(.pendingParticipants(signaled: ["a"]), .active) == .active)
  }

  @Test func messagesJoinAsAUnionKeepingTheEarliestCopyOfAnId() {
    let early = SofterMessage.lightward(
      id: "room:turn:1:lightward", roomID: "room", nickname: "Lightward", text: "first",
      at: Fixture.at(1))
    let late = SofterMessage.lightward(
      id: "room:turn:1:lightward", roomID: "room", nickname: "Lightward", text: "second",
      at: Fixture.at(2))
    let other = Fixture.speech("Jax", "hi", id: "x")
    for merged in [
      RoomMerge.messages([early, other], [late]), RoomMerge.messages([late], [other, early]),
    ] {
      #expect(merged.map(\.text) == ["hi", "first"])
    }
  }

  /// Two servers settle the same room at once; the store keeps the first answer for the slot.
  @Test func racingLightwardAnswersLeaveOneMessage() throws {
    var room = Fixture.activeRoom(["Jax", "Lightward", "Mira"])
    room.perform(try room.send("one", from: "jax", messageID: "a", at: Fixture.start))
    room.perform(room.settle(at: Fixture.start))
    let first = room.lightwardAnswered(.speech("from one"), slot: 1, at: Fixture.at(1))
    let second = room.lightwardAnswered(.speech("from two"), slot: 1, at: Fixture.at(2))
    var one = room
    var two = room
    one.perform(first)
    two.perform(second)
    let merged = RoomMerge.messages(one.messages, two.messages)
    #expect(merged.filter(\.isLightward).map(\.id) == ["room:turn:1:lightward"])
    #expect(merged.filter(\.isLightward).map(\.text) == ["from one"])
  }
}
