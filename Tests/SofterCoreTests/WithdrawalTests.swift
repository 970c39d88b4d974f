import Foundation
import Testing

@testable import SofterCore

@Suite struct WithdrawalTests {
  /// The roster is the room's shape: withdrawing one invitation ends the room, as cancelling it
  /// would, and the ledger says who withdrew whom.
  @Test func theOpenerWithdrawsAnInvitationAndTheRoomEnds() throws {
    var room = Room.open(spec: Fixture.spec(["Isaac", "Lightward", "Abe"]), at: Fixture.start)
    room.perform(room.lightwardInvitation(.accept, at: Fixture.start))
    room.perform(try room.withdraw("abe", by: "isaac", at: Fixture.at(1)))
    #expect(room.state == .defunct(.cancelled))
    #expect(RoomPresentation.status(room) == "Cancelled")
    #expect(room.texts.last == "Isaac withdrew Abe's invitation.")
    #expect(room.messages.last?.id == "room:withdrawn:abe")
  }

  @Test func onlyTheOpenerWithdrawsAndOnlyFromSomeoneNotYetHere() throws {
    var room = Room.open(
      spec: Fixture.spec(["Isaac", "Lightward", "Abe", "Bea"]), at: Fixture.start)
    room.perform(room.lightwardInvitation(.accept, at: Fixture.start))
    room.perform(try room.arrive("abe", at: Fixture.start))
    #expect(throws: RoomError.notOriginator) {
      try room.withdraw("bea", by: "abe", at: Fixture.start)
    }
    #expect(throws: RoomError.notInvited) {
      try room.withdraw("abe", by: "isaac", at: Fixture.start)
    }
    #expect(throws: RoomError.notInvited) {
      try room.withdraw("lightward", by: "isaac", at: Fixture.start)
    }
    #expect(throws: RoomError.notInvited) {
      try room.withdraw("isaac", by: "isaac", at: Fixture.start)
    }
    #expect(throws: RoomError.notInvited) {
      try room.withdraw("nobody", by: "isaac", at: Fixture.start)
    }
    room.perform(try room.arrive("bea", at: Fixture.start))
    #expect(room.state == .active)
    #expect(throws: RoomError.notPending) {
      try room.withdraw("bea", by: "isaac", at: Fixture.start)
    }
  }
}
