import Foundation
import Testing

@testable import SofterCore

/// The ways a room ends besides a decline or a leave: a departing account, the opener's cancel,
/// and expiry while pending.
@Suite struct EndingTests {
  @Test func aDepartingAccountEndsAPendingOrActiveRoomAndLeavesAnEndedOneAlone() throws {
    var pending = Room.open(spec: Fixture.spec(["Isaac", "Lightward", "Abe"]), at: Fixture.start)
    pending.perform(try pending.depart("isaac", at: Fixture.at(5)))
    #expect(pending.state == .defunct(.participantLeft("isaac")))
    #expect(pending.texts.last == "Isaac departed.")

    var active = Fixture.activeRoom(["Isaac", "Lightward", "Abe"])
    active.perform(try active.depart("abe", at: Fixture.at(5)))
    #expect(active.state == .defunct(.participantLeft("abe")))
    #expect(active.texts.last == "Abe departed.")

    #expect(try active.depart("isaac", at: Fixture.at(6)) == Room.Change())
    #expect(throws: RoomError.notParticipant) { try active.depart("mallory", at: Fixture.at(6)) }
  }

  @Test func onlyTheOpenerCancelsAndOnlyWhilePending() throws {
    var room = Room.open(spec: Fixture.spec(["Isaac", "Lightward", "Abe"]), at: Fixture.start)
    #expect(throws: RoomError.notOriginator) { try room.cancel(by: "abe", at: Fixture.at(1)) }
    room.perform(try room.cancel(by: "isaac", at: Fixture.at(1)))
    #expect(room.state == .defunct(.cancelled))
    #expect(room.texts.last == "Isaac cancelled the room.")
    #expect(throws: RoomError.notPending) { try room.cancel(by: "isaac", at: Fixture.at(2)) }

    let active = Fixture.activeRoom(["Isaac", "Lightward", "Abe"])
    #expect(throws: RoomError.notPending) { try active.cancel(by: "isaac", at: Fixture.at(2)) }
  }

  @Test func aPendingRoomExpiresOnceItsDaysHavePassed() {
    var room = Room.open(spec: Fixture.spec(["Isaac", "Lightward", "Abe"]), at: Fixture.start)
    let sevenDays = 7 * 86_400
    #expect(room.expire(afterDays: 7, at: Fixture.at(sevenDays - 1)) == Room.Change())
    room.perform(room.expire(afterDays: 7, at: Fixture.at(sevenDays)))
    #expect(room.state == .defunct(.expired))
    #expect(room.texts.last == "The room expired: not everyone arrived within 7 days.")

    let active = Fixture.activeRoom(["Isaac", "Lightward", "Abe"])
    #expect(active.expire(afterDays: 7, at: Fixture.at(sevenDays * 2)) == Room.Change())
  }
}
