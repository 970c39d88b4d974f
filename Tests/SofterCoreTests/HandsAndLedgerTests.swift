import Foundation
import Testing

@testable import SofterCore

/// Raised hands go up and down within a turn; the page's ledger groups narration and leaves the
/// first round's turn announcements to the header.
@Suite struct HandsAndLedgerTests {
  @Test func aHandGoesUpAndDownAndUpAgainWithinATurn() throws {
    var room = Fixture.activeRoom(["Jax", "Lightward", "Mira"])
    room.perform(try room.raiseHand(from: "mira", at: Fixture.start))
    #expect(room.isHandRaised(by: "mira"))
    #expect(RoomPresentation.raisedHands(room).map(\.nickname) == ["Mira"])

    let lower = try room.lowerHand(from: "mira", at: Fixture.start)
    #expect(lower.messages.map(\.id) == ["room:turn:0:hand:mira:lower:0"])
    room.perform(lower)
    #expect(room.texts.last == "Mira lowered their hand.")
    #expect(!room.isHandRaised(by: "mira"))
    #expect(RoomPresentation.raisedHands(room).isEmpty)
    // Lowering a hand that is down, as a second click does, adds nothing.
    #expect(try room.lowerHand(from: "mira", at: Fixture.start).messages.isEmpty)

    let again = try room.raiseHand(from: "mira", at: Fixture.start)
    #expect(again.messages.map(\.id) == ["room:turn:0:hand:mira:raise:1"])
    room.perform(again)
    #expect(room.isHandRaised(by: "mira"))
    #expect(try room.raiseHand(from: "mira", at: Fixture.start).messages.isEmpty)
    #expect(room.fold.index == 0)
  }

  @Test func aHandBelongsToTheTurnItWasRaisedIn() throws {
    var room = Fixture.activeRoom(["Jax", "Lightward", "Mira"])
    room.perform(try room.raiseHand(from: "mira", at: Fixture.start))
    room.perform(try room.send("hi", from: "jax", messageID: "m1", at: Fixture.start))
    room.settleAll()
    #expect(room.fold.isTurn(of: "mira"))
    #expect(!room.isHandRaised(by: "mira"))
    #expect(try room.lowerHand(from: "mira", at: Fixture.start).messages.isEmpty)
  }

  @Test func onlyPeopleInAnActiveRoomLowerHands() throws {
    var room = Fixture.activeRoom(["Jax", "Lightward", "Mira"])
    #expect(throws: RoomError.notParticipant) {
      try room.lowerHand(from: "mallory", at: Fixture.start)
    }
    room.perform(try room.raiseHand(from: "mira", at: Fixture.start))
    room.perform(try room.leave("jax", at: Fixture.start))
    #expect(throws: RoomError.notActive) { try room.lowerHand(from: "mira", at: Fixture.start) }
    #expect(RoomPresentation.raisedHands(room).isEmpty)
  }

  @Test func theLedgerGroupsNarrationAndLeavesOutTurnAnnouncements() throws {
    var room = Fixture.activeRoom(["Jax", "Lightward", "Mira"])
    room.perform(try room.send("hi", from: "jax", messageID: "m1", at: Fixture.start))
    room.settleAll { _ in .speech("Hello, Jax.") }
    room.perform(try room.pass(from: "mira", at: Fixture.start))
    room.perform(try room.raiseHand(from: "mira", at: Fixture.start))
    room.perform(try room.leave("mira", at: Fixture.start))
    room.perform(room.cenotaph("Here rests the room.", at: Fixture.start))
    #expect(room.texts.contains("Lightward, it's your turn."))

    func shape(_ entry: LedgerEntry) -> String {
      switch entry {
      case .speech(let message): "speech: \(message.text)"
      case .narration(let lines): "narration: " + lines.map(\.text).joined(separator: " / ")
      case .cenotaph(let message): "cenotaph: \(message.text)"
      }
    }
    #expect(
      LedgerEntry.entries(room.messages).map(shape) == [
        "narration: Jax opened a room with $10. / Lightward arrived. / Mira arrived.",
        "speech: hi",
        "speech: Hello, Jax.",
        "narration: Mira is listening. / Mira raised a hand. / Mira departed.",
        "cenotaph: Here rests the room.",
      ])
    #expect(LedgerEntry.entries(room.messages).last?.lastMessage.id == "room:cenotaph")
  }
}
