extension NumberReading {
  /// How a counter is read after a number: the number's last element may change (よ for 4 before
  /// 人, っ before か, さ, た and は rows), the counter may be voiced (さんぼん) or take a
  /// p sound (いっぽん), and some values have a reading of their own (ひとり, ついたち).
  struct Counter: Sendable {
    var kana: String
    /// The counter after a geminated number (いっ, ろっ, はっ, じゅっ, ひゃっ); nil when the
    /// number keeps its reading.
    var geminated: String?
    /// The counter's own forms after some last elements: ぼん after さん, せん and まん.
    var forms: [Tail.Kind: String] = [:]
    /// The last element's reading before the counter: よ for 4 before 年.
    var tails: [Tail.Kind: String] = [:]
    /// The last elements that geminate before the counter.
    var geminating = Counter.kRow
    /// Whole readings of some values (1 ひとり).
    var values: [Int: String] = [:]
    /// Without the whole readings, when no other value has a reading (ひとつ … とお).
    var onlyValues = false

    func reading(of value: Int) -> String? {
      if let whole = values[value] { return whole }
      guard !onlyValues else { return nil }
      let (head, tail) = NumberReading.parts(of: value)
      if let geminated, geminating.contains(tail.kind) {
        return head + tail.reading.dropLast() + "っ" + geminated
      }
      return head + (tails[tail.kind] ?? tail.reading) + (forms[tail.kind] ?? kana)
    }

    static let kRow: Set<Tail.Kind> = [.digit(1), .digit(6), .digit(8), .ten, .hundred]
    static let sRow: Set<Tail.Kind> = [.digit(1), .digit(8), .ten]
    static let nasal: [Tail.Kind] = [.digit(3), .thousand, .tenThousand]

    /// A counter in the は row: ぽん after っ, ぼん (or the given form) after ん.
    static func hRow(_ kana: String, p: String, afterN: String, alsoAfterFour: Bool = false)
      -> Counter
    {
      var forms = Dictionary(uniqueKeysWithValues: nasal.map { ($0, afterN) })
      if alsoAfterFour { forms[.digit(4)] = afterN }
      return Counter(kana: kana, geminated: p, forms: forms)
    }
  }

  static let days: [Int: String] = [
    1: "ついたち", 2: "ふつか", 3: "みっか", 4: "よっか", 5: "いつか", 6: "むいか", 7: "なのか",
    8: "ようか", 9: "ここのか", 10: "とおか", 14: "じゅうよっか", 20: "はつか", 24: "にじゅうよっか",
  ]

  static let counters: [String: Counter] = {
    let four = [Tail.Kind.digit(4): "よ"]
    let calendar = [Tail.Kind.digit(4): "よ", .digit(7): "しち", .digit(9): "く"]
    var counters: [String: Counter] = [
      "人": Counter(kana: "にん", tails: four, values: [1: "ひとり", 2: "ふたり"]),
      "本": .hRow("ほん", p: "ぽん", afterN: "ぼん"),
      "杯": .hRow("はい", p: "ぱい", afterN: "ばい"),
      "匹": .hRow("ひき", p: "ぴき", afterN: "びき"),
      "分": .hRow("ふん", p: "ぷん", afterN: "ぷん", alsoAfterFour: true),
      "歩": .hRow("ほ", p: "ぽ", afterN: "ぽ"),
      "年": Counter(kana: "ねん", tails: four),
      "円": Counter(kana: "えん", tails: four),
      "回": Counter(kana: "かい", geminated: "かい"),
      "階": Counter(kana: "かい", geminated: "かい", forms: [.digit(3): "がい"]),
      "個": Counter(kana: "こ", geminated: "こ"),
      "歳": Counter(kana: "さい", geminated: "さい", geminating: Counter.sRow, values: [20: "はたち"]),
      "才": Counter(kana: "さい", geminated: "さい", geminating: Counter.sRow, values: [20: "はたち"]),
      "冊": Counter(kana: "さつ", geminated: "さつ", geminating: Counter.sRow),
      "曲": Counter(kana: "きょく", geminated: "きょく"),
      "週": Counter(kana: "しゅう", geminated: "しゅう", geminating: Counter.sRow),
      "ヶ月": Counter(kana: "かげつ", geminated: "かげつ"),
      "度": Counter(kana: "ど"),
      "枚": Counter(kana: "まい"),
      "番": Counter(kana: "ばん"),
      "秒": Counter(kana: "びょう"),
      "代": Counter(kana: "だい"),
      "日": Counter(kana: "にち", tails: [.digit(7): "しち", .digit(9): "く"], values: days),
      "月": Counter(kana: "がつ", tails: [.digit(4): "し", .digit(7): "しち", .digit(9): "く"]),
      "時": Counter(kana: "じ", tails: calendar),
      "つ": Counter(
        kana: "つ",
        values: [
          1: "ひとつ", 2: "ふたつ", 3: "みっつ", 4: "よっつ", 5: "いつつ", 6: "むっつ", 7: "ななつ",
          8: "やっつ", 9: "ここのつ", 10: "とお",
        ], onlyValues: true),
    ]
    for spelling in ["か月", "カ月", "ヵ月", "ケ月", "ヶ月"] { counters[spelling] = counters["ヶ月"] }
    return counters
  }()

  /// What may follow a counter, read after it: 年後 ねんご, 日間 にちかん.
  static let suffixes: [String: String] = [
    "後": "ご", "前": "まえ", "間": "かん", "目": "め", "半": "はん", "ぶり": "ぶり", "ぶり目": "ぶりめ",
  ]

  /// The counter (and suffix) after a number, read with it; nil when the text is neither.
  static func counted(_ value: Int, by text: String) -> String? {
    for length in stride(from: min(text.count, 2), through: 1, by: -1) {
      let name = String(text.prefix(length))
      guard let counter = counters[name] else { continue }
      let rest = String(text.dropFirst(length))
      guard rest.isEmpty || suffixes[rest] != nil else { continue }
      let suffix = suffixes[rest] ?? ""
      // A count of days is いちにち, the first of the month ついたち.
      if name == "日", value == 1, !suffix.isEmpty { return "いちにち" + suffix }
      return counter.reading(of: value).map { $0 + suffix }
    }
    return nil
  }

  /// True when the text is a counter, or a counter with its suffix, that a number may take.
  public static func isCounter(_ text: String) -> Bool { counted(2, by: text) != nil }

  /// True when the text is a suffix that may follow a counter.
  public static func isSuffix(_ text: String) -> Bool { suffixes[text] != nil }
}
