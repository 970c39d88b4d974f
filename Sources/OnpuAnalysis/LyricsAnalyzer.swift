import Foundation
import OnpuCore
import Synchronization

/// Pasted lyrics to study text, offline: MeCab with UniDic for words, readings and accents,
/// KANJIDIC2 for the readings of each kanji.
public struct LyricsAnalyzer: Sendable {
  public let tagger: MeCabTagger
  public let dictionary: KanjiDictionary
  let builder: LyricsLineBuilder
  private let givenReadings: GivenReadings
  private let numbers: NumberReadingTokens
  private let sung: SungReadings
  /// JMdict's readings of the words MeCab cuts in pieces, when the analyzer has JMdict.
  private let dictionaryReadings: DictionaryReadings?

  public init(tagger: MeCabTagger, dictionary: KanjiDictionary, words: WordDictionary? = nil) {
    self.tagger = tagger
    self.dictionary = dictionary
    dictionaryReadings = words.map { words in
      DictionaryReadings(
        headword: { words.headword(utf8: $0) },
        usualReading: { words.usualReading(of: $0, unless: $1) },
        kanjiReadings: { [dictionary] in dictionary[String($0)]?.wordReadings ?? [] },
        entries: { [tagger] in tagger.entries(of: $0, keeping: $1) })
    }
    builder = LyricsLineBuilder(aligner: dictionary.readingAligner)
    givenReadings = GivenReadings(entries: { [tagger] in tagger.entries(of: $0) })
    numbers = NumberReadingTokens(entries: { [tagger] in tagger.entries(of: $0, readAs: $1) })
    sung = SungReadings(entries: { [tagger] in tagger.entries(of: $0, readAs: $1) })
  }

  /// Loads the three dictionaries, failing with the command that installs whichever is
  /// missing. Nil paths mean the defaults: unidic-lite in a .venv under one of `roots`, Debian's
  /// KANJIDIC2 and EDICT (shared with the word search, WordDictionaryLoader).
  public init(
    unidicDirectory: String? = nil, kanjidicPath: String? = nil, edictPath: String? = nil,
    cacheDirectory: String? = nil, roots: [URL] = OnpuResources.searchRoots()
  ) throws {
    let (unidic, kanjidic) = try Self.installed(
      unidicDirectory: unidicDirectory, kanjidicPath: kanjidicPath, edictPath: edictPath,
      roots: roots)
    self.init(
      tagger: try MeCabTagger(dictionary: unidic),
      dictionary: try OnpuResources.loadKanjiDictionary(from: kanjidic),
      words: try WordDictionaryLoader.shared(configured: edictPath, cacheDirectory: cacheDirectory)
        .wait().get())
  }

  /// Whether the three dictionaries are there, without loading any: the UniDic directory and
  /// KANJIDIC2's file, or the command that installs whichever is missing.
  @discardableResult
  public static func installed(
    unidicDirectory: String? = nil, kanjidicPath: String? = nil, edictPath: String? = nil,
    roots: [URL] = OnpuResources.searchRoots()
  ) throws -> (unidic: URL, kanjidic: URL) {
    let unidic = try OnpuResources.unidicDirectory(configured: unidicDirectory, roots: roots)
    let kanjidic = try OnpuResources.kanjidicFile(configured: kanjidicPath)
    _ = try OnpuResources.edictFile(configured: edictPath)
    return (unidic, kanjidic)
  }

  /// The line read by MeCab without its ruby notation, given the readings songs sing (私 わたし),
  /// then the readings the notation gives, its numbers read as sung.
  public func analyze(line: String) -> LyricsLine {
    let ruby = RubyNotation(parsing: LyricsText.normalized(line))
    let tokens = givenReadings.apply(ruby, to: read(tagger.parse(ruby.text)))
    return builder.line(numbers.apply(to: tokens))
  }

  /// Text with no ruby read as `analyze(line:)` reads it, before its words are built: MeCab's
  /// tokens given the readings songs sing, numbers read as sung.
  func tokens(of text: String) -> [Morpheme] {
    numbers.apply(to: read(tagger.parse(LyricsText.normalized(text))))
  }

  /// MeCab's tokens given the readings songs sing, then the dictionary's readings of the words
  /// it cuts.
  private func read(_ tokens: [Morpheme]) -> [Morpheme] {
    let sung = sung.apply(to: tokens)
    return dictionaryReadings?.apply(to: sung) ?? sung
  }

  /// Every line of the lyrics, split the way the reference splits them.
  public func analyze(lyrics: String) -> [LyricsLine] {
    LyricsText.lines(of: lyrics).map(analyze(line:))
  }
}

/// One analyzer per process and set of dictionaries: loading KANJIDIC2 and UniDic takes a moment,
/// and every server built in the process shares them.
public enum SharedLyricsAnalyzer {
  private struct Key: Hashable {
    var unidic: String?
    var kanjidic: String?
    var edict: String?
    var cache: String?
  }

  private static let cache = Mutex<[Key: Result<LyricsAnalyzer, OnpuResources.LoadFailure>]>([:])

  public static func get(
    unidicDirectory: String?, kanjidicPath: String?, edictPath: String?,
    cacheDirectory: String? = nil
  ) -> Result<LyricsAnalyzer, OnpuResources.LoadFailure> {
    let key = Key(
      unidic: unidicDirectory, kanjidic: kanjidicPath, edict: edictPath, cache: cacheDirectory)
    return cache.withLock { cache in
      if let loaded = cache[key] { return loaded }
      let loaded = Result { () throws(OnpuResources.LoadFailure) -> LyricsAnalyzer in
        do {
          return try LyricsAnalyzer(
            unidicDirectory: unidicDirectory, kanjidicPath: kanjidicPath, edictPath: edictPath,
            cacheDirectory: cacheDirectory)
        } catch {
          throw OnpuResources.LoadFailure(description: String(describing: error))
        }
      }
      cache[key] = loaded
      return loaded
    }
  }
}
