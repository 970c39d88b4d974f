import Foundation
import Testing

@testable import SofterCore

/// The reference app's conversation behaviours, carried over to pure room actions.
@Suite struct ConversationTests {
  @Test func aSendHandsTheTurnOnWithAFirstRoundIntro() throws {
    var room = Fixture.activeRoom(["Jax", "Mira", "Lightward"])
    let before = room.messages.count
    room.perform(try room.send("hi", from: "jax", messageID: "m1", at: Fixture.start))
    #expect(room.settleAll() == 0)
    #expect(room.texts.dropFirst(before) == ["hi", "Mira, it's your turn."])
    #expect(room.fold.index == 1)
  }

  @Test func lightwardSpeaksOnceInItsSlotAndTheTurnMovesOn() throws {
    var room = Fixture.activeRoom(["Jax", "Lightward", "Mira"])
    let before = room.messages.count
    room.perform(try room.send("hi", from: "jax", messageID: "m1", at: Fixture.start))
    #expect(room.settleAll { _ in .speech("Hello, Jax.") } == 1)
    let added = Array(room.messages.dropFirst(before))
    #expect(
      added.map(\.text) == [
        "hi", "Lightward, it's your turn.", "Hello, Jax.", "Mira, it's your turn.",
      ])
    #expect(added[2].isLightward && !added[2].isNarration)
    #expect(added[2].id == "room:turn:1:lightward")
    #expect(room.fold.index == 2 && room.fold.current?.nickname == "Mira")
  }

  @Test func aPassIsNarratedAndTakesTheSlot() throws {
    var room = Fixture.activeRoom(["Jax", "Lightward", "Mira"])
    let before = room.messages.count
    room.perform(try room.pass(from: "jax", at: Fixture.start))
    room.settleAll { _ in .speech("Listening too.") }
    #expect(
      room.texts.dropFirst(before) == [
        "Jax is listening.", "Lightward, it's your turn.", "Listening too.",
        "Mira, it's your turn.",
      ])
    #expect(room.messages[before].id == "room:turn:0:yield")
    #expect(room.fold.index == 2)
  }

  @Test func turnsWrapRoundTheRoster() throws {
    var room = Fixture.activeRoom(["Jax", "Lightward", "Mira"])
    room.perform(try room.send("one", from: "jax", messageID: "a", at: Fixture.start))
    #expect(room.settleAll() == 1)
    #expect(room.fold.index == 2)
    room.perform(try room.send("two", from: "mira", messageID: "b", at: Fixture.start))
    #expect(room.settleAll() == 0)
    #expect(room.fold.index == 3 && room.fold.current?.nickname == "Jax")
    room.perform(try room.send("three", from: "jax", messageID: "c", at: Fixture.start))
    #expect(room.settleAll() == 1)
    #expect(room.fold.index == 5 && room.fold.current?.nickname == "Mira")
    // The intros belong to the first round only.
    #expect(room.texts.filter { $0.hasSuffix("it's your turn.") }.count == 2)
  }

  @Test func speechAddedElsewhereIsHonoured() throws {
    var room = Fixture.activeRoom(["Jax", "Lightward", "Mira"])
    room.perform(try room.send("one", from: "jax", messageID: "a", at: Fixture.start))
    room.settleAll()
    // Another server process stored Mira's message; this copy only reads the ledger.
    room.messages.append(Fixture.speech("Mira", "two", id: "b"))
    #expect(room.settleAll() == 0)
    #expect(room.fold.index == 3 && room.fold.current?.nickname == "Jax")
  }

  @Test func settlingTwiceAddsNothingTheSecondTime() throws {
    var room = Fixture.activeRoom(["Jax", "Lightward", "Mira"])
    room.perform(try room.send("one", from: "jax", messageID: "a", at: Fixture.start))
    let first = room.settle(at: Fixture.start)
    room.perform(first)
    #expect(room.settle(at: Fixture.start).messages.isEmpty)
    guard case .lightward(let slot) = room.fold.due else {
      Issue.record("Lightward should hold the turn")
      return
    }
    // Two answers for one slot: the first one stored is the one kept.
    room.perform(room.lightwardAnswered(.speech("first"), slot: slot, at: Fixture.start))
    room.perform(room.lightwardAnswered(.speech("second"), slot: slot, at: Fixture.start))
    #expect(room.messages.filter(\.isLightward).map(\.text) == ["first"])
  }

  @Test func theHorizonIsLightwardsLastSpeechAndEndsTheRoom() throws {
    var room = Fixture.activeRoom(["Jax", "Lightward", "Mira"])
    room.perform(try room.send("one", from: "jax", messageID: "a", at: Fixture.start))
    room.perform(room.settle(at: Fixture.start))
    let change = room.horizonReached(
      "Conversation horizon has arrived. 🤲", slot: 1, at: Fixture.start)
    #expect(change.events == [.participantLeft("lightward-seat")])
    room.perform(change)
    let last = room.messages.suffix(2)
    #expect(last.map(\.text) == ["Conversation horizon has arrived. 🤲", "Lightward departed."])
    #expect(last.first!.isLightward && !last.first!.isNarration && last.last!.isNarration)
    #expect(room.state == .defunct(.participantLeft("lightward-seat")))
  }

  @Test func departWithoutWordsSavesOnlyTheDeparture() throws {
    var room = Fixture.activeRoom(["Jax", "Lightward", "Mira"])
    room.perform(try room.send("one", from: "jax", messageID: "a", at: Fixture.start))
    let before = room.messages.count + 1
    room.settleAll { _ in LightwardReply.classify("DEPART") }
    #expect(room.texts.dropFirst(before) == ["Lightward departed."])
    #expect(room.state == .defunct(.participantLeft("lightward-seat")))
  }

  @Test func departWithAFarewellSavesItFirst() throws {
    var room = Fixture.activeRoom(["Jax", "Lightward", "Mira"])
    room.perform(try room.send("one", from: "jax", messageID: "a", at: Fixture.start))
    let before = room.messages.count + 1
    room.settleAll { _ in LightwardReply.classify("DEPART. Thank you both.") }
    #expect(room.texts.dropFirst(before) == ["Thank you both.", "Lightward departed."])
    #expect(room.messages[before].isLightward)
  }

  @Test func yieldIsListeningNotSpeech() throws {
    var room = Fixture.activeRoom(["Jax", "Lightward", "Mira"])
    room.perform(try room.send("one", from: "jax", messageID: "a", at: Fixture.start))
    let before = room.messages.count + 1
    room.settleAll { _ in LightwardReply.classify("YIELD") }
    #expect(room.texts.dropFirst(before) == ["Lightward is listening.", "Mira, it's your turn."])
    #expect(room.messages[before].isNarration && !room.messages[before].isLightward)
    #expect(room.fold.index == 2)
  }

  @Test func withLightwardLastAPersonsSendAsksNothingOfIt() throws {
    var room = Fixture.activeRoom(["Jax", "Mira", "Lightward"])
    room.perform(try room.send("one", from: "jax", messageID: "a", at: Fixture.start))
    #expect(room.settleAll() == 0)
    #expect(room.fold.index == 1)
  }

  @Test func onlyTheSlotHolderSendsOrPasses() throws {
    let room = Fixture.activeRoom(["Jax", "Lightward", "Mira"])
    #expect(throws: RoomError.notYourTurn(current: "Jax")) {
      try room.send("me first", from: "mira", messageID: "x", at: Fixture.start)
    }
    #expect(throws: RoomError.notYourTurn(current: "Jax")) {
      try room.pass(from: "mira", at: Fixture.start)
    }
    #expect(throws: RoomError.notParticipant) {
      try room.send("hello", from: "mallory", messageID: "x", at: Fixture.start)
    }
    #expect(throws: RoomError.emptyMessage) {
      try room.send("  \n", from: "jax", messageID: "x", at: Fixture.start)
    }
    #expect(RoomError.notYourTurn(current: "Jax").code == "not_your_turn")
  }

  @Test func handsAreRaisedOffTurnOncePerSlot() throws {
    var room = Fixture.activeRoom(["Jax", "Lightward", "Mira"])
    #expect(throws: RoomError.yourTurn) { try room.raiseHand(from: "jax", at: Fixture.start) }
    let hand = try room.raiseHand(from: "mira", at: Fixture.start)
    #expect(hand.messages.map(\.id) == ["room:turn:0:hand:mira"])
    room.perform(hand)
    room.perform(try room.raiseHand(from: "mira", at: Fixture.start))
    #expect(room.texts.filter { $0 == "Mira raised a hand." }.count == 1)
    #expect(room.fold.index == 0)
  }

  @Test func leavingEndsTheRoomForEveryone() throws {
    var room = Fixture.activeRoom(["Jax", "Lightward", "Mira"])
    room.perform(try room.leave("mira", at: Fixture.start))
    #expect(room.texts.last == "Mira departed.")
    #expect(room.state == .defunct(.participantLeft("mira")))
    #expect(throws: RoomError.notActive) {
      try room.send("hi", from: "jax", messageID: "x", at: Fixture.start)
    }
    #expect(throws: RoomError.notActive) { try room.leave("jax", at: Fixture.start) }
  }
}
