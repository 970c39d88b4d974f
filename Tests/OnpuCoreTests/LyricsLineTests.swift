import Testing

@testable import OnpuCore

/// Lines stored before particles were kept take them from a fresh analysis of the same text.
@Suite struct LyricsLineTests {
  static let stored = LyricsLine(words: [
    LyricsWord(surface: "君", reading: "きみ"), LyricsWord(surface: "の", reading: "の"),
  ])

  @Test func particlesComeFromAFreshAnalysisOfTheSameWords() {
    let fresh = LyricsLine(words: [
      LyricsWord(surface: "君", reading: "きみ"),
      LyricsWord(surface: "の", reading: "の", isParticle: true),
    ])
    #expect(Self.stored.markingParticles(like: fresh).words.map(\.isParticle) == [nil, true])
  }

  @Test func aLineCutDifferentlyIsLeftAsItIs() {
    let fresh = LyricsLine(words: [LyricsWord(surface: "君の", reading: "きみの", isParticle: true)])
    #expect(Self.stored.markingParticles(like: fresh) == Self.stored)
  }
}
