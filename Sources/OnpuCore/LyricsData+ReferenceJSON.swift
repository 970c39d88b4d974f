import Foundation

/// The reference API's verbose lyricsData: an object keyed by line numbers ("0", "1", ...), each
/// `{"words": [{"kanji", "furigana", "kanjiFurigana": [{"kanji", "reading"}], "mora":
/// [{"text", "isHigh"}]}]}`, where `kanji` is the whole word when it holds a kanji, else null.
/// Hearth adds `readingSource` ("lyrics": given by ruby notation) and `pitchUnknown` to a word
/// when they apply.
extension LyricsData {
  struct ReferenceWord: Encodable {
    struct KanjiFurigana: Encodable {
      var kanji: String
      var reading: String
    }
    struct Mora: Encodable {
      var text: String
      var isHigh: Bool
    }
    var kanji: String?
    var furigana: String
    var kanjiFurigana: [KanjiFurigana]
    var mora: [Mora]
    var readingSource: LyricsWord.ReadingSource?
    var pitchUnknown: Bool?

    enum CodingKeys: String, CodingKey {
      case kanji, furigana, kanjiFurigana, mora, readingSource, pitchUnknown
    }

    /// `kanji` is written as null when absent, as the reference's clients expect the key; the
    /// keys the reference lacks only when they say something.
    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(kanji, forKey: .kanji)
      try container.encode(furigana, forKey: .furigana)
      try container.encode(kanjiFurigana, forKey: .kanjiFurigana)
      try container.encode(mora, forKey: .mora)
      try container.encodeIfPresent(readingSource, forKey: .readingSource)
      try container.encodeIfPresent(pitchUnknown, forKey: .pitchUnknown)
    }
  }

  struct ReferenceLine: Encodable {
    var words: [ReferenceWord]
  }

  /// The verbose form, its keys in line order.
  public func referenceJSON() -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.withoutEscapingSlashes]
    let body = lines.enumerated().map { index, line in
      let words = line.words.map { word in
        ReferenceWord(
          kanji: word.kanji,
          // English and punctuation carry themselves as their "reading", as the reference did.
          furigana: word.reading.isEmpty ? word.surface : word.reading,
          kanjiFurigana: word.kanjiReadings.map { .init(kanji: $0.kanji, reading: $0.reading) },
          mora: word.morae.map { .init(text: $0.text, isHigh: $0.isHigh) },
          readingSource: word.readingSource, pitchUnknown: word.isPitchUnknown)
      }
      let encoded = (try? encoder.encode(ReferenceLine(words: words))) ?? Data()
      return "\"\(index)\":" + String(decoding: encoded, as: UTF8.self)
    }
    return Data(("{" + body.joined(separator: ",") + "}").utf8)
  }
}
