/// One kanji as KANJIDIC2 describes it.
public struct KanjiEntry: Hashable, Codable, Sendable {
  public var literal: String
  public var meanings: [String]
  /// On readings in katakana, as the dictionary writes them.
  public var onReadings: [String]
  /// Kun readings in hiragana; a dot separates the okurigana, a dash marks a prefix or suffix.
  public var kunReadings: [String]
  /// Readings used in names.
  public var nameReadings: [String]
  public var strokes: Int
  /// School grade 1-6, 8 for the rest of the jōyō kanji, 9-10 for jinmeiyō; nil otherwise.
  public var grade: Int?
  /// Rank among the 2,500 most frequent kanji in newspapers; nil beyond.
  public var frequency: Int?
  /// The old (pre-2010) four-level JLPT scale KANJIDIC2 keeps: 4 is the easiest, 1 the hardest.
  public var jlptOld: Int?
  /// The classical (Kangxi) radical's number, 1-214; see KangxiRadical.
  public var radical: Int?

  public init(
    literal: String, meanings: [String], onReadings: [String], kunReadings: [String],
    nameReadings: [String] = [], strokes: Int, grade: Int? = nil, frequency: Int? = nil,
    jlptOld: Int? = nil, radical: Int? = nil
  ) {
    self.literal = literal
    self.meanings = meanings
    self.onReadings = onReadings
    self.kunReadings = kunReadings
    self.nameReadings = nameReadings
    self.strokes = strokes
    self.grade = grade
    self.frequency = frequency
    self.jlptOld = jlptOld
    self.radical = radical
  }

  /// The readings a word may use for this kanji, in hiragana: on readings, kun stems without
  /// their okurigana, then name readings.
  public var wordReadings: [String] {
    var seen = Set<String>()
    let all =
      onReadings.map(Mora.hiragana)
      + kunReadings.map { reading in
        String(reading.split(separator: ".", maxSplits: 1).first ?? "").replacing("-", with: "")
      } + nameReadings
    return all.filter { !$0.isEmpty && seen.insert($0).inserted }
  }
}
