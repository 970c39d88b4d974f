import Foundation
import TestSupport
import Testing

@testable import OnpuCore

@Suite struct MoraTests {
  @Test(arguments: [
    ("きょう", ["きょ", "う"]),
    ("がっこう", ["が", "っ", "こ", "う"]),
    ("しんぶん", ["し", "ん", "ぶ", "ん"]),
    ("コーヒー", ["コ", "ー", "ヒ", "ー"]),
    ("ファッション", ["ファ", "ッ", "ショ", "ン"]),
    ("ぁあ", ["ぁ", "あ"]),
  ])
  func smallKanaJoinTheKanaBefore(reading: String, morae: [String]) {
    #expect(Mora.split(reading) == morae)
  }

  @Test func katakanaReadsAsHiragana() {
    #expect(Mora.hiragana("ファッション・ショー") == "ふぁっしょん・しょー")
  }

  /// The textbook trio はし: chopsticks (1), bridge (2), edge (0), each with が after it.
  @Test func patternsFollowTheNucleus() throws {
    let chopsticks = try #require(PitchAccent(morae: 2, nucleus: 1))
    #expect(chopsticks.kind == .atamadaka)
    #expect(chopsticks.pitches == [true, false] && !chopsticks.particleIsHigh)
    let bridge = try #require(PitchAccent(morae: 2, nucleus: 2))
    #expect(bridge.kind == .odaka)
    #expect(bridge.pitches == [false, true] && !bridge.particleIsHigh)
    let edge = try #require(PitchAccent(morae: 2, nucleus: 0))
    #expect(edge.kind == .heiban)
    #expect(edge.pitches == [false, true] && edge.particleIsHigh)
    // にほん (2): low, high, low.
    let japan = try #require(PitchAccent(morae: 3, nucleus: 2))
    #expect(japan.kind == .nakadaka && japan.pitches == [false, true, false])
    #expect(PitchAccent(morae: 3, nucleus: 4) == nil && PitchAccent(morae: 0, nucleus: 0) == nil)
  }

  /// Against kanjium's accent dictionary (124,137 readings): a downstep never falls after the
  /// last mora as this segmentation counts them, save in three lines whose numbers fit no
  /// reading of the word (コミュニティーケア 11, 言論機関 8, 薨ずる 5).
  @Test func theDictionarysAccentsFitTheMoraCount() throws {
    let text = try ExternalData.text("ja-accent/kanjium/accents.txt")
    var checked = 0
    var contradictions: [String] = []
    for line in text.split(separator: "\n") {
      let parts = line.split(separator: "\t", omittingEmptySubsequences: false)
      guard parts.count == 3 else { continue }
      let reading = parts[1].isEmpty ? String(parts[0]) : String(parts[1])
      guard reading.unicodeScalars.allSatisfy({ (0x3041...0x30FC).contains($0.value) }) else {
        continue
      }
      let nuclei = parts[2].split(separator: ",").compactMap { field in
        Int(field.split(separator: ")").last.map(String.init) ?? "")
      }
      guard !nuclei.isEmpty else { continue }
      checked += 1
      let morae = Mora.split(reading).count
      if nuclei.contains(where: { PitchAccent(morae: morae, nucleus: $0) == nil }) {
        contradictions.append("\(parts[0]) \(reading) \(parts[2]) (\(morae) morae)")
      }
    }
    #expect(checked > 124_000)
    #expect(contradictions.count <= 3, "\(contradictions.prefix(20))")
  }
}
