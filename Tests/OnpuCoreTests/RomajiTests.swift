import Testing

@testable import OnpuCore

@Suite struct RomajiTests {
  @Test(arguments: [
    ("shi", "si"), ("chi", "ti"), ("tsu", "tu"), ("fu", "hu"), ("ji", "zi"), ("sha", "sya"),
    ("shu", "syu"), ("sho", "syo"), ("cha", "tya"), ("chu", "tyu"), ("cho", "tyo"),
    ("ja", "zya"), ("ju", "zyu"), ("jo", "zyo"), ("hoshi", "hosi"), ("tsuki", "tuki"),
    ("shinjitsu", "sinzitu"), ("chotto", "tyotto"), ("fuyu", "huyu"), ("kyuushuu", "kyuusyuu"),
  ])
  func hepburnAndKunreiReadAlike(hepburn: String, kunrei: String) {
    #expect(Romaji.hiragana(hepburn) != nil)
    #expect(Romaji.hiragana(hepburn) == Romaji.hiragana(kunrei))
  }

  @Test(arguments: [
    ("hoshi", "ほし"), ("tsuki", "つき"), ("kyou", "きょう"), ("kyuu", "きゅう"),
    ("ohayou", "おはよう"), ("di", "ぢ"), ("du", "づ"), ("hanadi", "はなぢ"),
    ("tudukeru", "つづける"), ("dya", "ぢゃ"), ("wo", "を"), ("fairu", "ふぁいる"),
    ("pa-thi-", "ぱーてぃー"), ("xtsu", "っ"), ("la", "ら"),
  ])
  func syllablesReadAsKana(romaji: String, kana: String) {
    #expect(Romaji.hiragana(romaji) == kana)
  }

  @Test(arguments: [
    ("kanji", "かんじ"), ("shinbun", "しんぶん"), ("hon", "ほん"), ("kon'ya", "こんや"),
    ("konya", "こにゃ"), ("konnya", "こんにゃ"), ("konnyaku", "こんにゃく"), ("onna", "おんな"),
    ("konnichiwa", "こんにちわ"), ("kannnen", "かんねん"), ("konnbannwa", "こんばんわ"),
    ("honn", "ほん"), ("n", "ん"), ("n'n", "んん"), ("shimbun", "しんぶん"),
    ("sempai", "せんぱい"), ("kin'en", "きんえん"), ("kinen", "きねん"),
  ])
  func nReadsAsItIsWritten(romaji: String, kana: String) {
    #expect(Romaji.hiragana(romaji) == kana)
  }

  @Test(arguments: [
    ("gakkou", "がっこう"), ("kitte", "きって"), ("zasshi", "ざっし"), ("matcha", "まっちゃ"),
    ("maccha", "まっちゃ"), ("mittsu", "みっつ"), ("kippu", "きっぷ"), ("issho", "いっしょ"),
    ("motto", "もっと"), ("ryokkou", "りょっこう"),
  ])
  func doubledConsonantsReadAsSokuon(romaji: String, kana: String) {
    #expect(Romaji.hiragana(romaji) == kana)
  }

  @Test(arguments: [
    ("Tōkyō", "とうきょう"), ("kyō", "きょう"), ("rāmen", "らあめん"), ("ONĒSAN", "おねえさん"),
    ("tôkyô", "とうきょう"), ("kyûsyû", "きゅうしゅう"), ("to\u{304}kyo\u{304}", "とうきょう"),
  ])
  func macronsAndCircumflexesDoubleTheirVowel(romaji: String, kana: String) {
    #expect(Romaji.hiragana(romaji) == kana)
  }

  @Test func casesAndOtherCharactersAreKept() {
    // Given queries mixing romaji with capitals, kanji, kana, digits, spaces and punctuation
    // Then the romaji is read and the rest is kept
    #expect(Romaji.hiragana("HOSHI") == "ほし")
    #expect(Romaji.hiragana("KyOu") == "きょう")
    #expect(Romaji.hiragana("ｈｏｓｈｉ") == "ほし" && Romaji.hiragana("ＨＯＳＨＩ") == "ほし")
    #expect(Romaji.hiragana("星 hoshi") == "星 ほし")
    #expect(Romaji.hiragana("2026 nen, hoshi!") == "2026 ねん, ほし!")
    #expect(Romaji.hiragana("ほしzora") == "ほしぞら")
    #expect(Romaji.hiragana("ra-men") == "らーめん")
    #expect(Romaji.hiragana("- hoshi") == "- ほし")
    #expect(Romaji.hiragana("夜空") == "夜空")
    #expect(Romaji.hiragana("") == "")
  }

  @Test(arguments: ["star", "xyz", "hosh", "kony", "café", "tokyo!x", "q"])
  func leftoverLettersAreNotRomaji(query: String) {
    #expect(Romaji.hiragana(query) == nil)
  }

  @Test(arguments: [
    ("ほし", "hoshi"), ("つき", "tsuki"), ("きょう", "kyou"), ("しゃしん", "shashin"),
    ("ちず", "chizu"), ("ふゆ", "fuyu"), ("じかん", "jikan"), ("ぢ", "ji"), ("づ", "zu"),
    ("こんや", "kon'ya"), ("しんあい", "shin'ai"), ("しんぶん", "shinbun"), ("んん", "n'n"),
    ("がっこう", "gakkou"), ("まっちゃ", "matcha"), ("いっしょ", "issho"), ("みっつ", "mittsu"),
    ("あっ", "axtsu"), ("ラーメン", "ra-men"), ("ヴァイオリン", "vaiorin"),
    ("パーティー", "pa-thi-"), ("ほし、星", "hoshi、星"), ("ゃ", "xya"),
  ])
  func kanaWriteAsHepburn(kana: String, romaji: String) {
    #expect(Romaji.hepburn(kana) == romaji)
  }

  @Test func katakanaAndHiraganaConvert() {
    #expect(Mora.katakana("ほしぞら、ゔぁ・ー") == "ホシゾラ、ヴァ・ー")
    #expect(Mora.hiragana(Mora.katakana("きゃっしゅ")) == "きゃっしゅ")
  }
}
