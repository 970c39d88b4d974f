import Foundation
import Testing

@testable import SofterCore

@Suite struct CenotaphTests {
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
}
