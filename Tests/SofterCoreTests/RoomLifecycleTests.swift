import Foundation
import Testing

@testable import SofterCore

@Suite struct RoomLifecycleTests {
  let spec = Fixture.spec(["Isaac", "Lightward", "Abe", "Eve"])

  @Test func theHappyPathAsksForPaymentOnceAndActivatesOnTheLastSignal() throws {
    var room = RoomLifecycle(spec: spec)
    #expect(try room.apply(.participantsResolved, at: Fixture.at(1)) == [.processPayment])
    #expect(room.state == .draft)
    #expect(try room.apply(.paymentCompleted, at: Fixture.at(2)).isEmpty)
    #expect(room.state == .pendingParticipants(signaled: []))
    for (index, id) in ["isaac", "lightward-seat", "abe"].enumerated() {
      #expect(try room.apply(.signaled(id), at: Fixture.at(3 + index)).isEmpty)
      #expect(room.state.isPending)
    }
    #expect(try room.apply(.signaled("eve"), at: Fixture.at(9)).isEmpty)
    #expect(room.state == .active)
    #expect(room.modifiedAt == Fixture.at(9))
  }

  @Test func leavingAnActiveRoomEndsIt() throws {
    var room = RoomLifecycle(spec: spec, state: .active)
    #expect(try room.apply(.participantLeft("abe"), at: Fixture.start).isEmpty)
    #expect(room.state == .defunct(.participantLeft("abe")))
  }

  @Test(arguments: ["lightward-seat", "abe"])
  func aDeclineWhilePendingEndsTheRoomWithNoRefundEffect(id: String) throws {
    var room = RoomLifecycle(spec: spec, state: .pendingParticipants(signaled: ["isaac"]))
    #expect(try room.apply(.participantDeclined(id), at: Fixture.start).isEmpty)
    #expect(room.state == .defunct(.participantDeclined(id)))
  }

  @Test func failuresBeforePaymentEndTheDraft() throws {
    var unresolved = RoomLifecycle(spec: spec)
    try unresolved.apply(.resolutionFailed("eve"), at: Fixture.start)
    #expect(unresolved.state == .defunct(.resolutionFailed("eve")))

    var unpaid = RoomLifecycle(spec: spec)
    try unpaid.apply(.participantsResolved, at: Fixture.start)
    try unpaid.apply(.paymentFailed, at: Fixture.start)
    #expect(unpaid.state == .defunct(.paymentFailed))
  }

  @Test func expiryAndCancellation() throws {
    var expiring = RoomLifecycle(spec: spec, state: .pendingParticipants(signaled: []))
    #expect(try expiring.apply(.expired, at: Fixture.start).isEmpty)
    #expect(expiring.state == .defunct(.expired))

    var draft = RoomLifecycle(spec: spec)
    try draft.apply(.cancelled, at: Fixture.start)
    #expect(draft.state == .defunct(.cancelled))

    var pending = RoomLifecycle(spec: spec, state: .pendingParticipants(signaled: ["isaac"]))
    #expect(try pending.apply(.cancelled, at: Fixture.start).isEmpty)
    #expect(pending.state == .defunct(.cancelled))
  }

  @Test func signalsAreTrackedUntilEveryoneIsHere() throws {
    var room = RoomLifecycle(spec: spec, state: .pendingParticipants(signaled: []))
    #expect(room.unsignaledParticipants == ["isaac", "lightward-seat", "abe", "eve"])
    try room.apply(.signaled("abe"), at: Fixture.start)
    try room.apply(.signaled("abe"), at: Fixture.start)
    #expect(room.signaledParticipants == ["abe"])
    #expect(room.unsignaledParticipants == ["isaac", "lightward-seat", "eve"])
  }

  /// The reference compared sets for equality, so a stray id made activation impossible.
  @Test func aSignalFromOutsideTheRosterIsRefusedAndChangesNothing() throws {
    var room = RoomLifecycle(spec: spec, state: .pendingParticipants(signaled: ["isaac"]))
    #expect(throws: RoomLifecycle.TransitionError.notInRoster("mallory")) {
      try room.apply(.signaled("mallory"), at: Fixture.at(5))
    }
    #expect(room.state == .pendingParticipants(signaled: ["isaac"]))
    for id in ["lightward-seat", "abe", "eve"] { try room.apply(.signaled(id), at: Fixture.start) }
    #expect(room.state == .active)
  }

  @Test func anEndedRoomAbsorbsEveryEvent() throws {
    var room = RoomLifecycle(
      spec: spec, state: .defunct(.participantLeft("abe")), modifiedAt: Fixture.start)
    let events: [RoomEvent] = [
      .participantsResolved, .paymentCompleted, .signaled("abe"), .participantLeft("eve"),
      .cancelled, .expired,
    ]
    for event in events {
      #expect(throws: RoomLifecycle.TransitionError.self) {
        try room.apply(event, at: Fixture.at(9))
      }
    }
    #expect(room.state == .defunct(.participantLeft("abe")))
    #expect(room.modifiedAt == Fixture.start)
  }

  @Test func defunctReasonsRoundTripTheirStoredForm() {
    let reasons: [DefunctReason] = [
      .resolutionFailed("a"), .participantDeclined("b"), .participantLeft("c"), .paymentFailed,
      .cancelled, .expired,
    ]
    for reason in reasons { #expect(DefunctReason(encoded: reason.encoded) == reason) }
    #expect(DefunctReason(encoded: "paymentAuthorizationFailed") == .paymentFailed)
    #expect(DefunctReason(encoded: nil) == .cancelled)
    #expect(DefunctReason(encoded: "participantLeft:") == .cancelled)
    #expect(DefunctReason(encoded: "somethingNew") == .cancelled)
  }

  @Test func theTurnIndexCountsSpeechAndYieldsOnly() {
    let spec = Fixture.spec(["Jax", "Lightward", "Mira"])
    let messages = [
      Fixture.speech("Jax", "hi", id: "m1"),
      .narration(
        id: StableID.intro(room: "room", turn: 1), roomID: "room",
        text: "Lightward, it's your turn.", at: Fixture.start),
      .lightward(
        id: StableID.lightward(room: "room", turn: 1), roomID: "room", nickname: "Lightward",
        text: "hello", at: Fixture.start),
      .narration(
        id: StableID.hand(room: "room", turn: 2, participant: "jax"), roomID: "room",
        text: "Jax raised a hand.", at: Fixture.start),
      .narration(
        id: StableID.yield(room: "room", turn: 2), roomID: "room", text: "Mira is listening.",
        at: Fixture.start),
    ]
    #expect(TurnFold(spec: spec, messages: messages).index == 3)
    #expect(TurnFold(spec: spec, messages: messages).current?.nickname == "Jax")
  }
}
