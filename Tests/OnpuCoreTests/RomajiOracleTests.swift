import Foundation
import Testing

@testable import OnpuCore

/// Onpu's romaji converter against PyPI's jaconv over the inputs of Tests/Fixtures/onpu-romaji
/// (written by scripts/onpu-romaji-oracle; tests/system/test_onpu_oracles.py checks that the
/// fixture is still jaconv's answer). Every disagreement must fall under one of the exceptions
/// below, each of which is a deliberate choice, and each exception must still be needed.
@Suite struct RomajiOracleTests {
  struct Fixture: Decodable {
    var jaconv: String
    var romajiToKana: [String: String]
    var kanaToRomaji: [String: String]
  }

  struct Exception {
    var pattern: String
    var reason: String
  }

  static let fixture: Fixture = {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../Fixtures/onpu-romaji/jaconv.json").standardized
    return try! JSONDecoder().decode(Fixture.self, from: Data(contentsOf: url))
  }()

  static let romajiExceptions = [
    Exception(
      pattern: "nn[aiueoy]",
      reason: "Hepburn writes ん before a vowel or y as n', so nn there is ん and the n row: "
        + "onna おんな, konnichiwa こんにちわ; jaconv reads every nn as ん (おんあ)"),
    Exception(
      pattern: "[āīūēōâîûêô]",
      reason: "jaconv has no macrons or circumflexes; we read ō おう and ā ああ (tōkyō とうきょう)"),
  ]

  static let kanaExceptions = [
    Exception(
      pattern: "ん[あいうえおやゆよん]",
      reason: "Hepburn's n' keeps こんや (kon'ya) apart from こにゃ; jaconv writes konya"),
    Exception(
      pattern: "っ([あいうえおんなにぬねの]|$)",
      reason: "with no consonant to double, っ is xtsu; jaconv doubles the vowel or n (あっな "
        + "anna), which reads back as other kana"),
    Exception(
      pattern: "っち", reason: "Hepburn writes っち tchi (matcha); jaconv writes cchi"),
    Exception(
      pattern: "ぢ[ゃゅょ]", reason: "ぢゃ is ja in Hepburn; jaconv spells it kana by kana (jiya)"),
    Exception(
      pattern: "てぃ|[ちしじ]ぇ|うぃ|くぁ",
      reason: "loanword kana have their own spellings (thi, che, she, je, wi, kwa) that read "
        + "back; jaconv spells them kana by kana (tei, chie)"),
  ]

  static func check(
    _ cases: [String: String], exceptions: [Exception], convert: (String) -> String
  ) throws {
    let patterns = try exceptions.map { try Regex($0.pattern) }
    var used = Set<Int>()
    for (input, expected) in cases.sorted(by: { $0.key < $1.key }) {
      let output = convert(input)
      guard output != expected else { continue }
      let excusing = patterns.indices.filter { input.lowercased().contains(patterns[$0]) }
      used.formUnion(excusing)
      #expect(!excusing.isEmpty, "\(input): jaconv \(expected), ours \(output)")
    }
    for index in exceptions.indices where !used.contains(index) {
      Issue.record("exception no longer needed: \(exceptions[index].pattern)")
    }
  }

  @Test func romajiReadsAsJaconvReadsIt() throws {
    // Given jaconv's alphabet2kana of every syllable and the word list
    let fixture = Self.fixture
    #expect(fixture.jaconv == "0.5.0" && fixture.romajiToKana.count > 1_000)
    // Then ours agrees but for the exceptions
    try Self.check(fixture.romajiToKana, exceptions: Self.romajiExceptions) {
      Romaji.hiragana($0) ?? "(not romaji)"
    }
  }

  @Test func kanaWritesAsJaconvWritesIt() throws {
    // Given jaconv's kana2alphabet of every kana syllable and the words' kana
    let fixture = Self.fixture
    #expect(fixture.kanaToRomaji.count > 600)
    // Then ours agrees but for the exceptions
    try Self.check(fixture.kanaToRomaji, exceptions: Self.kanaExceptions, convert: Romaji.hepburn)
  }

  @Test func everyFixtureKanaReadsBackFromItsRomaji() {
    // Given every kana input of the fixture, in hiragana and katakana
    for kana in Self.fixture.kanaToRomaji.keys {
      // When it is written in romaji and read back
      for written in [kana, Mora.katakana(kana)] {
        let back = Romaji.hiragana(Romaji.hepburn(written))
        // Then the kana come back, ぢ and づ as じ and ず (Hepburn writes them alike)
        let expected = kana.replacingOccurrences(of: "ぢ", with: "じ")
          .replacingOccurrences(of: "づ", with: "ず")
        #expect(back == expected, "\(written) → \(Romaji.hepburn(written))")
      }
    }
  }
}
