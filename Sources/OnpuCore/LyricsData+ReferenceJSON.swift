import Foundation

/// The reference API's verbose lyricsData: an object keyed by line numbers ("0", "1", ...), each
/// `{"words": [{"kanji", "furigana", "kanjiFurigana": [{"kanji", "reading"}], "mora":
/// [{"text", "isHigh"}]}]}`, where `kanji` is the whole word when it holds a kanji, else null.
/// Hearth adds `readingSource` ("lyrics": given by ruby notation) and `pitchUnknown` to a word
/// when they apply. The words are `ClientLyricsLine.Word`s, here with the analysis's own
/// kanji readings and always their morae.
extension LyricsData {
  /// The verbose form, its keys in line order.
  public func referenceJSON() -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.withoutEscapingSlashes]
    let body = lines.enumerated().map { index, line in
      let words = line.words.map { word in
        ClientLyricsLine.Word(
          kanji: word.kanji,
          // English and punctuation carry themselves as their "reading", as the reference did.
          furigana: word.reading.isEmpty ? word.surface : word.reading,
          kanjiFurigana: word.kanjiReadings.map { .init(kanji: $0.kanji, reading: $0.reading) },
          mora: word.morae.map { .init(text: $0.text, isHigh: $0.isHigh) },
          readingSource: word.readingSource, pitchUnknown: word.isPitchUnknown)
      }
      let encoded = (try? encoder.encode(ClientLyricsLine.Verbose(words: words))) ?? Data()
      return "\"\(index)\":" + String(decoding: encoded, as: UTF8.self)
    }
    return Data(("{" + body.joined(separator: ",") + "}").utf8)
  }
}
