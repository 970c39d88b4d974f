import Foundation
import HearthCore
import OnpuAnalysis
import OnpuCore

/// A dictionary word as the card, the search and their API show it: codes in words, each
/// kanji with its first meaning, and the pitch UniDic gives each reading.
struct OnpuWordCard: Codable, Sendable {
  struct Sense: Codable, Sendable {
    var partsOfSpeech: [String]
    var notes: [String]
    var glosses: [String]
  }

  struct Entry: Codable, Sendable {
    var word: String
    var reading: String
    var common: Bool
    var senses: [Sense]

    init(_ entry: WordEntry) {
      word = entry.word
      reading = entry.reading
      common = entry.isCommon
      senses = entry.senses.map { sense in
        Sense(
          partsOfSpeech: sense.partsOfSpeech.map(EdictTags.name(of:)),
          notes: sense.notes.map(EdictTags.name(of:)), glosses: sense.glosses)
      }
    }
  }

  struct Kanji: Codable, Sendable {
    var literal: String
    var meaning: String?
  }

  struct Pitch: Codable, Sendable {
    struct Mora: Codable, Sendable {
      var text: String
      var isHigh: Bool
    }
    var reading: String
    /// The mora after which the voice falls; 0 for none (heiban).
    var nucleus: Int
    var kind: String
    var morae: [Mora]
  }

  var word: String
  var reading: String
  var entries: [Entry]
  var kanji: [Kanji]
  var pitch: [Pitch]
  var attribution: String

  static let attribution =
    "Word data: JMdict/EDICT, © Electronic Dictionary Research and Development Group, used under CC BY-SA 4.0."
  static let licenceURL = "https://www.edrdg.org/edrdg/licence.html"

  /// Nil when the dictionary has no entry written `word`.
  init?(
    word: String, reading: String?, dictionary: WordDictionary, analyzer: LyricsAnalyzer?
  ) {
    let found = dictionary.entries(word: word, reading: reading).prefix(12)
    guard let first = found.first else { return nil }
    self.word = word
    self.reading = first.reading
    entries = found.map(Entry.init)
    var seen = Set<Character>()
    kanji = word.filter { LyricsWord.isKanji($0) && seen.insert($0).inserted }.map { character in
      Kanji(
        literal: String(character),
        meaning: analyzer?.dictionary[String(character)]?.meanings.first)
    }
    var readings: [String] = []
    for entry in found where !readings.contains(entry.reading) { readings.append(entry.reading) }
    pitch = analyzer.map { Self.pitch(of: word, readings: readings, tagger: $0.tagger) } ?? []
    attribution = Self.attribution
  }

  /// The accents UniDic lists for the word read each way, the reading asked for first.
  static func pitch(of word: String, readings: [String], tagger: MeCabTagger) -> [Pitch] {
    let known = tagger.entries(of: word)
    var result: [Pitch] = []
    for reading in readings {
      let morae = Mora.split(reading)
      var nuclei: [Int] = []
      for morpheme in known where morpheme.kana.map(Mora.hiragana) == Mora.hiragana(reading) {
        for nucleus in morpheme.accentNuclei where !nuclei.contains(nucleus) {
          nuclei.append(nucleus)
        }
      }
      for nucleus in nuclei {
        guard let accent = PitchAccent(morae: morae.count, nucleus: nucleus) else { continue }
        result.append(
          Pitch(
            reading: reading, nucleus: nucleus, kind: accent.kind.rawValue,
            morae: zip(morae, accent.pitches).map { Pitch.Mora(text: $0, isHigh: $1) }))
      }
    }
    return result
  }

  /// The card's address: the word in the path, its reading in the query.
  static func href(word: String, reading: String?) -> String {
    let path =
      word.addingPercentEncoding(
        withAllowedCharacters: .urlPathAllowed.subtracting(["/", "?", "#"])) ?? word
    guard let reading, !reading.isEmpty else { return "/onpu/words/\(path)" }
    let query =
      reading.addingPercentEncoding(
        withAllowedCharacters: .urlQueryAllowed.subtracting(["&", "=", "+", "#"])) ?? reading
    return "/onpu/words/\(path)?reading=\(query)"
  }
}
