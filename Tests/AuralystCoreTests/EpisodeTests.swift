import Foundation
import Testing

@testable import AuralystCore

/// An episode's rules: times in order and not ahead of the clock, known locations, links to the
/// journal's own medications and doses, "helped" only about something taken, no overlaps.
@Suite struct EpisodeTests {
  static let now = InsightsTests.now
  static let hour: TimeInterval = 3600

  static func episode(
    _ id: String = "ep", start: TimeInterval = -2 * hour, end: TimeInterval? = nil,
    medications: [String] = [], intakes: [String] = [], relief: Episode.Relief = .notYet
  ) -> Episode {
    Episode(
      id: id, journalID: "j", startedAt: now + start, endedAt: end.map { now + $0 },
      medicationIDs: medications, intakeIDs: intakes, relief: relief, authorID: "owner")
  }

  static func check(_ episode: Episode, others: [Episode] = []) throws(ValidationError) -> Episode {
    try episode.validated(
      now: now, medicationIDs: ["sumatriptan"], intakeIDs: ["i1"], others: others)
  }

  @Test func anEpisodeEndsAfterItStartsAndNotInTheFuture() throws {
    #expect(throws: ValidationError(field: "endedAt", "An episode ends after it starts.")) {
      try Self.check(Self.episode(start: -Self.hour, end: -2 * Self.hour))
    }
    #expect(
      throws: ValidationError(field: "startedAt", "An episode cannot start in the future.")
    ) { try Self.check(Self.episode(start: Self.hour)) }
    #expect(
      throws: ValidationError(
        field: "endedAt", "An episode cannot end in the future; end it when it is over.")
    ) { try Self.check(Self.episode(start: -Self.hour, end: Self.hour)) }
    #expect(
      throws: ValidationError(
        field: "endedAt", "An episode lasts at most 31 days; log a longer one as several.")
    ) { try Self.check(Self.episode(start: -32 * 24 * Self.hour, end: -Self.hour)) }
    // A phone a minute ahead still says now; an end at its start is a moment's episode
    _ = try Self.check(Self.episode(start: 60))
    _ = try Self.check(Self.episode(start: -Self.hour, end: -Self.hour))
  }

  @Test func locationsAreTheKnownOnesKeptOnce() throws {
    #expect(try Episode.locations(["left", "temples", "left"]) == [.left, .temples])
    #expect(
      throws: ValidationError(
        field: "locations[1]",
        "knee is not a location; choose from left, right, forehead, temples, eyes, top, back, "
          + "neck, face.")
    ) { try Episode.locations(["eyes", "knee"]) }
    #expect(
      throws: ValidationError(field: "helped", "helped is yes, a-little, no or not-yet.")
    ) { try Episode.relief("maybe") }
    #expect(try Episode.relief("a-little") == .aLittle)
  }

  @Test func whatWasTakenIsTheJournalsAndHelpedNeedsIt() throws {
    #expect(
      throws: ValidationError(
        field: "medicationIds[1]", "That medication is not in this journal.")
    ) { try Self.check(Self.episode(medications: ["sumatriptan", "other"])) }
    #expect(
      throws: ValidationError(field: "intakeIds[0]", "That logged dose is not in this journal.")
    ) { try Self.check(Self.episode(intakes: ["i9"])) }
    #expect(
      throws: ValidationError(
        field: "helped", "Say what was taken first: whether it helped is about that.")
    ) { try Self.check(Self.episode(relief: .yes)) }
    let checked = try Self.check(
      Self.episode(medications: ["sumatriptan", "sumatriptan"], intakes: ["i1"], relief: .aLittle))
    #expect(checked.medicationIDs == ["sumatriptan"] && checked.intakeIDs == ["i1"])
  }

  @Test func textIsTrimmedAndBounded() throws {
    var episode = Self.episode()
    episode.locationNote = "  left eye, pulsing  "
    episode.note = "   "
    let checked = try Self.check(episode)
    #expect(checked.locationNote == "left eye, pulsing" && checked.note == nil)
    episode.locationNote = String(repeating: "x", count: 201)
    #expect(
      throws: ValidationError(
        field: "locationNote", "Where it hurts has at most 200 characters.")
    ) { try Self.check(episode) }
  }

  @Test func episodesDoNotOverlap() throws {
    let ongoing = Self.episode("a", start: -3 * Self.hour)
    let earlier = Self.episode("b", start: -30 * Self.hour, end: -26 * Self.hour)
    // Another cannot start while one goes on
    #expect(
      throws: ValidationError(
        field: "startedAt", "Another episode is still going on; end it first.")
    ) { try Self.check(Self.episode("c", start: -Self.hour), others: [ongoing, earlier]) }
    // One inside an earlier episode's hours
    #expect(
      throws: ValidationError(
        field: "startedAt", "This overlaps another episode; change its times or that one's.")
    ) {
      try Self.check(
        Self.episode("c", start: -28 * Self.hour, end: -20 * Self.hour), others: [earlier])
    }
    // An open one that a later episode follows needs its end
    #expect(
      throws: ValidationError(
        field: "endedAt", "Another episode started after this one; give this one its end.")
    ) { try Self.check(Self.episode("c", start: -40 * Self.hour), others: [earlier]) }
    // Back to back is fine, and an episode does not overlap itself
    _ = try Self.check(
      Self.episode("c", start: -26 * Self.hour, end: -3 * Self.hour), others: [ongoing, earlier])
    _ = try Self.check(ongoing, others: [ongoing, earlier])
  }
}
