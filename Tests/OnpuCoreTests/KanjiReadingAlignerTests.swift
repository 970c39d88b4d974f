import OnpuCore
import Testing

@Suite struct KanjiReadingAlignerTests {
  static let readings: [Character: [String]] = [
    "大": ["だい", "たい", "おお"], "学": ["がく", "まな"], "生": ["せい", "しょう", "い", "なま"],
    "校": ["こう"], "三": ["さん", "み"], "日": ["にち", "じつ", "ひ", "か"], "月": ["げつ", "がつ", "つき"],
    "人": ["じん", "にん", "ひと"], "今": ["こん", "いま"], "食": ["しょく", "た", "く"],
    "承": ["しょう", "うけたまわ"],
  ]
  let aligner = KanjiReadingAligner { Self.readings[$0] ?? [] }

  func split(_ surface: String, _ reading: String) -> [String]? {
    aligner.align(surface: surface, reading: reading)?.map { "\($0.kanji):\($0.reading)" }
  }

  @Test func eachKanjiTakesOneOfItsReadings() {
    #expect(split("大学生", "だいがくせい") == ["大:だい", "学:がく", "生:せい"])
    #expect(split("食べ", "たべ") == ["食:た"])
  }

  @Test func compoundSoundChangesAreAllowed() {
    #expect(split("学校", "がっこう") == ["学:がっ", "校:こう"])
    #expect(split("三日月", "みかづき") == ["三:み", "日:か", "月:づき"])
    #expect(split("人々", "ひとびと") == ["人:ひと", "々:びと"])
  }

  @Test func oneUnlistedReadingFitsBetweenListedOnes() {
    #expect(split("大人学", "だいとがく") == ["大:だい", "人:と", "学:がく"])
  }

  @Test func oneKanjiAmongKanaTakesWhatTheKanaLeaveListedOrNot() {
    #expect(split("お茶", "おちゃ") == ["茶:ちゃ"])
    #expect(split("お食べ", "おたべ") == ["食:た"])
    #expect(split("食べ", "くらべ") == ["食:くら"])
    #expect(split("承る", "うけたまわる") == ["承:うけたまわ"])
    #expect(split("承る", "うけたまわりる") == nil)
    #expect(split("食", "") == nil)
  }

  @Test func readingsOfTheWholeWordDoNotSplit() {
    #expect(split("今日", "きょう") == nil)
    #expect(split("ねこ", "ねこ") == nil)
    #expect(split("食べ", "のみ") == nil)
  }
}
