import Foundation
import Testing

@testable import SofterCore

@Suite struct ValueTests {
  @Test func tiersArePlainOrdersOfMagnitude() {
    #expect(PaymentTier.allCases.map(\.rawValue) == [1, 10, 100, 1000])
    #expect(PaymentTier.allCases.map(\.cents) == [100, 1000, 10000, 100_000])
    #expect(PaymentTier.allCases.map(\.displayString) == ["$1", "$10", "$100", "$1000"])
    #expect(PaymentTier(dollars: 5) == nil)
    #expect(PaymentTier.defaultTier(lastUsed: nil) == .ten)
    #expect(PaymentTier.defaultTier(lastUsed: .thousand) == .thousand)
  }

  @Test func identifiersDisplayAndClassify() {
    #expect(ParticipantIdentifier(contact: " Eve@Example.com ") == .email("eve@example.com"))
    #expect(ParticipantIdentifier(contact: "+1 555 0100") == .phone("+1 555 0100"))
    #expect(ParticipantIdentifier.email("a@b.c").displayString == "a@b.c")
    #expect(ParticipantIdentifier.phone("+1555").displayString == "+1555")
    #expect(ParticipantIdentifier.lightward.displayString == "Lightward AI")
    #expect(
      ParticipantIdentifier.lightward.isLightward && !ParticipantIdentifier.email("x@y").isLightward
    )
    let lightward = ParticipantSpec.lightward(id: "l")
    #expect(lightward.isLightward && lightward.nickname == "Lightward")
    #expect(!Fixture.person("Eve").isLightward)
  }

  @Test func theRosterPutsTheOriginatorThenLightwardThenTheOthers() {
    let roster = RoomSpec.roster(
      originator: Fixture.person("Isaac"), lightwardID: "l",
      others: [Fixture.person("Abe"), .lightward(id: "extra"), Fixture.person("Eve")])
    #expect(roster.map(\.nickname) == ["Isaac", "Lightward", "Abe", "Eve"])
  }

  @Test func specsAnswerForTheirRoster() {
    let spec = Fixture.spec(["Jax", "Lightward", "Eve", "Art"], tier: .hundred)
    #expect(spec.effectiveAmountCents == 10000)
    #expect(spec.humanParticipants.map(\.nickname) == ["Jax", "Eve", "Art"])
    #expect(spec.lightwardParticipant?.nickname == "Lightward")
    #expect(spec.turnParticipant(at: 5)?.nickname == "Lightward")
    #expect(spec.nickname(of: "nobody") == "Someone")
    let three = Fixture.spec(["Jax", "Eve", "Art"])
    #expect(three.displayString(depth: 15, lastSpeaker: nil) == "Jax, Eve, Art (15)")
    #expect(three.displayString(depth: 15, lastSpeaker: "Eve") == "Jax, Eve, Art (15, Eve)")
  }

  @Test func repliesAreReadDespiteTheHorizonNotice() {
    let notice =
      "\n\n⚠️\u{00A0}Lightward AI system notice: Memory space 93% utilized; conversation horizon approaching"
    #expect(LightwardReply.classify("YIELD") == .yield)
    #expect(LightwardReply.classify("  yield.  ") == .yield)
    #expect(LightwardReply.classify("YIELD" + notice) == .yield)
    #expect(LightwardReply.classify("DEPART" + notice) == .depart(farewell: nil))
    #expect(LightwardReply.classify("DEPART. Be well.") == .depart(farewell: "Be well."))
    #expect(
      LightwardReply.classify("I'll yield the floor to Eve.")
        == .speech("I'll yield the floor to Eve."))
    // Speech keeps the notice: it is Lightward's to say.
    #expect(LightwardReply.classify("Hello." + notice) == .speech("Hello." + notice))
  }

  @Test func typingShowsForOthersForThirtySeconds() {
    let spec = Fixture.spec(["Jax", "Lightward", "Eve"])
    let composing = Composing(participantID: "eve", since: Fixture.start)
    #expect(
      Composing.indicator(composing, in: spec, for: "jax", at: Fixture.at(29)) == "Eve is typing..."
    )
    #expect(Composing.indicator(composing, in: spec, for: "jax", at: Fixture.at(30)) == nil)
    #expect(Composing.indicator(composing, in: spec, for: "eve", at: Fixture.at(1)) == nil)
    #expect(Composing.indicator(nil, in: spec, for: "jax", at: Fixture.at(1)) == nil)
  }

  @Test func statusLinesFollowTheState() {
    let spec = Fixture.spec(["Jax", "Lightward", "Eve"])
    let states: [(RoomState, String)] = [
      (.draft, "Setting up..."), (.defunct(.participantLeft("eve")), "Ended"),
      (.defunct(.participantDeclined("eve")), "Declined"), (.defunct(.cancelled), "Cancelled"),
      (.defunct(.expired), "Ended"),
    ]
    for (state, text) in states {
      #expect(
        RoomPresentation.status(Room(lifecycle: RoomLifecycle(spec: spec, state: state))) == text)
    }
  }
}
