import OnpuCore
import Testing

@Suite struct EdictParserTests {
  /// Lines as /usr/share/edict/edict (2021-02-03) writes them, decoded.
  static let star =
    "星 [ほし] /(n) (1) star (usu. not including the Sun)/planet (usu. not including Earth)/heavenly body/(n) (2) star (glyph, symbol, shape)/(n) (3) star (actor, player, etc.)/(n) (4) small dot/spot/fleck/(n) (5) star point (in go)/hoshi/intersection marked with a dot/(n) (6) (sl) perp/perpetrator/mark/offender/suspect/(n) (7) bullseye/(n) (8) one's star (that determines one's fate)/one's fortune/(n) (9) (sumo) point/score/(P)/"

  @Test func aWordWithSensesAndTheCommonMarker() throws {
    let entry = try #require(EdictParser.entry(Self.star[...]))
    #expect(entry.word == "星" && entry.reading == "ほし" && entry.isCommon)
    #expect(entry.senses.count == 9)
    #expect(
      entry.senses[0].glosses == [
        "star (usu. not including the Sun)", "planet (usu. not including Earth)", "heavenly body",
      ])
    #expect(entry.senses[0].partsOfSpeech == ["n"])
    #expect(entry.senses[5].notes == ["sl"] && entry.senses[5].glosses.first == "perp")
    #expect(entry.senses[8].notes == ["sumo"] && entry.senses[8].glosses == ["point", "score"])
    #expect(entry.shortGloss.hasPrefix("star (usu. not including the Sun); planet"))
  }

  @Test func aVerbKeepsItsCodesAndReadsThemInWords() throws {
    let line =
      "呼ぶ [よぶ] /(v5b,vt) (1) to call out (to)/to call/to invoke/(v5b,vt) (2) to summon (a doctor, etc.)/(v5b,vt) (3) to invite/(v5b,vt) (4) to designate/to name/to brand/(v5b,vt) (5) to garner (support, etc.)/to gather/(v5b,vt) (6) (arch) to take as one's wife/(P)/"
    let entry = try #require(EdictParser.entry(line[...]))
    #expect(entry.senses.count == 6 && entry.senses[1].glosses == ["to summon (a doctor, etc.)"])
    #expect(entry.senses.allSatisfy { $0.partsOfSpeech == ["v5b", "vt"] })
    #expect(entry.senses[5].notes == ["arch"])
    #expect(EdictTags.name(of: "v5b") == "Godan verb, -ぶ ending")
    #expect(EdictTags.name(of: "vt") == "transitive verb")
  }

  @Test func kanaOnlyWordsAndSingleSenses() throws {
    let kana = try #require(EdictParser.entry("ヽ /(unc) repetition mark in katakana/"[...]))
    #expect(kana.word == "ヽ" && kana.reading == "ヽ" && !kana.isCommon)
    #expect(
      kana.senses == [.init(partsOfSpeech: ["unc"], glosses: ["repetition mark in katakana"])])
    let sky = try #require(EdictParser.entry("夜空 [よぞら] /(n) night sky/(P)/"[...]))
    #expect(sky.senses.map(\.glosses) == [["night sky"]] && sky.isCommon)
  }

  @Test func aParenthesisThatIsNoCodeStaysInTheGloss() throws {
    let line =
      "ぴちぴち /(adv-to,vs) (1) (on-mim) bursting with youth and energy (esp. young woman)/vivaciously young/spunky/energetic/(adv-to) (2) (on-mim) (fish) jumping around energetically (e.g. when caught in a net)/(adj-no) (3) (on-mim) bursting (e.g. seams)/tight/(adv-to) (4) (on-mim) splattering (e.g. cooking oil)/"
    let entry = try #require(EdictParser.entry(line[...]))
    #expect(entry.word == "ぴちぴち" && entry.reading == "ぴちぴち" && entry.senses.count == 4)
    #expect(entry.senses[0].partsOfSpeech == ["adv-to", "vs"])
    #expect(entry.senses[1].partsOfSpeech == ["adv-to"] && entry.senses[1].notes == ["on-mim"])
    #expect(
      entry.senses[1].glosses == [
        "(fish) jumping around energetically (e.g. when caught in a net)"
      ])
    #expect(entry.senses[2].partsOfSpeech == ["adj-no"])
  }

  @Test func theHeaderAndBrokenLinesAreNoEntries() {
    let header =
      "　？？？ /EDICT, EDICT_SUB(P), EDICT2 Japanese-English Electronic Dictionary Files/Copyright Electronic Dictionary Research & Development Group - 2021/Created: 2021-02-03/"
    #expect(EdictParser.entry(header[...]) == nil)
    #expect(EdictParser.entry(""[...]) == nil)
    #expect(EdictParser.entry("星 [ほし]"[...]) == nil)
    #expect(EdictParser.entry("星 [ほし] //"[...]) == nil)
    #expect(EdictParser.entries("\(header)\n\(Self.star)\n").map(\.word) == ["星"])
  }

  @Test func aFileReadsFromItsUTF8Bytes() {
    let text =
      "\n星 [ほし] /(n) star/(P)/\n\nヽ /(unc) repetition mark in katakana/\n夜空 [よぞら] /(n) night sky/"
    let entries = Array(text.utf8).withUnsafeBufferPointer(EdictParser.entries(utf8:))
    #expect(entries.map(\.word) == ["星", "ヽ", "夜空"])
    #expect(entries.map(\.reading) == ["ほし", "ヽ", "よぞら"])
    #expect(entries.map(\.isCommon) == [true, false, false])
    #expect(entries == EdictParser.entries(text))
  }
}
