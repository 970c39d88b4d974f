import Foundation
import Testing

@testable import SofterCore

@Suite struct ArrivalTests {
  @Test func openingRecordsTheTierAndTheOriginatorsArrival() {
    let room = Room.open(
      spec: Fixture.spec(["Isaac", "Lightward", "Abe"], tier: .hundred), at: Fixture.start)
    #expect(room.texts == ["Isaac opened a room with $100."])
    #expect(room.messages[0].id == "room:opening" && room.messages[0].isNarration)
    #expect(room.state == .pendingParticipants(signaled: ["isaac"]))
    #expect(RoomPresentation.status(room) == "Waiting for 2 participants...")
    #expect(RoomPresentation.waitingFor(room) == ["Lightward", "Abe"])
  }

  @Test func lightwardAcceptsThenTheLastArrivalActivates() throws {
    var room = Room.open(spec: Fixture.spec(["Isaac", "Lightward", "Abe"]), at: Fixture.start)
    room.perform(room.lightwardInvitation(.accept, at: Fixture.start))
    #expect(room.texts.last == "Lightward arrived.")
    #expect(RoomPresentation.status(room) == "Waiting for 1 participant...")
    room.perform(try room.arrive("abe", at: Fixture.start))
    #expect(room.state == .active)
    #expect(room.texts == ["Isaac opened a room with $10.", "Lightward arrived.", "Abe arrived."])
    #expect(RoomPresentation.status(room) == "Isaac's turn")
    // Arriving twice adds nothing.
    #expect(throws: RoomError.notPending) { try room.arrive("abe", at: Fixture.start) }
  }

  @Test func aTwoPersonRoomIsActiveOnceLightwardAccepts() {
    var room = Room.open(spec: Fixture.spec(["Isaac", "Lightward"]), at: Fixture.start)
    room.perform(room.lightwardInvitation(.accept, at: Fixture.start))
    #expect(room.state == .active)
    #expect(RoomPresentation.isLightwardThinking(room) == false)
  }

  /// The reference app wrote nothing when Lightward declined, so the ledger ended on the opening.
  @Test func lightwardsDeclineIsNarratedAndEndsTheRoom() {
    var room = Room.open(spec: Fixture.spec(["Isaac", "Lightward", "Abe"]), at: Fixture.start)
    #expect(room.lightwardInvitation(.unclear, at: Fixture.start) == Room.Change())
    room.perform(room.lightwardInvitation(.decline, at: Fixture.start))
    #expect(room.texts.last == "Lightward declined.")
    #expect(room.state == .defunct(.participantDeclined("lightward-seat")))
    #expect(RoomPresentation.status(room) == "Declined")
  }

  @Test func aPersonDecliningEndsTheRoomForEveryone() throws {
    var room = Room.open(spec: Fixture.spec(["Isaac", "Lightward", "Abe"]), at: Fixture.start)
    room.perform(try room.decline("abe", at: Fixture.start))
    #expect(room.texts.last == "Abe declined.")
    #expect(room.messages.last?.id == "room:declined:abe")
    #expect(room.state == .defunct(.participantDeclined("abe")))
    #expect(throws: RoomError.notParticipant) { try room.arrive("mallory", at: Fixture.start) }
  }

  @Test(arguments: [
    ("accept", InvitationAnswer.accept), ("Accept.", .accept), ("I accept", .accept),
    ("decline", .decline), ("Declined, with love", .decline), ("I can't accept; decline", .unclear),
    ("maybe later", .unclear), ("", .unclear), ("unacceptable", .unclear),
  ])
  func invitationAnswersAreReadWordForWord(text: String, answer: InvitationAnswer) {
    #expect(InvitationAnswer.parse(text) == answer)
  }
}
