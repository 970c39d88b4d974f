import Foundation
import OnpuCore

/// Pasted lyrics to study text, offline: MeCab with UniDic for words, readings and accents,
/// KANJIDIC2 for the readings of each kanji.
public struct LyricsAnalyzer: Sendable {
  public let tagger: MeCabTagger
  public let dictionary: KanjiDictionary
  private let builder: LyricsLineBuilder

  public init(tagger: MeCabTagger, dictionary: KanjiDictionary) {
    self.tagger = tagger
    self.dictionary = dictionary
    builder = LyricsLineBuilder(aligner: dictionary.readingAligner)
  }

  /// Loads both dictionaries, failing with the command that installs whichever is missing.
  public init(environment: [String: String], root: URL) throws {
    let unidic = try OnpuResources.unidicDirectory(environment: environment, root: root)
    let kanjidic = try OnpuResources.kanjidicFile(environment: environment)
    self.init(
      tagger: try MeCabTagger(dictionary: unidic),
      dictionary: try OnpuResources.loadKanjiDictionary(from: kanjidic))
  }

  public func analyze(line: String) -> LyricsLine {
    builder.line(tagger.parse(line))
  }

  /// Every line of the lyrics, split the way the reference splits them.
  public func analyze(lyrics: String) -> [LyricsLine] {
    LyricsText.lines(of: lyrics).map(analyze(line:))
  }
}
