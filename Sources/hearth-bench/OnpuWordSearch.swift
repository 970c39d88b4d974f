import Foundation
import OnpuAnalysis
import OnpuCore

/// Onpu's word dictionary: how long EDICT takes to load, and how long one search takes over the
/// whole dictionary, for queries of every kind a learner types.
struct OnpuWordSearch: Codable, Sendable {
  var entries: Int
  /// Reading, decoding and indexing the file, in milliseconds.
  var load: Double
  var queries: Int
  /// One search each, in milliseconds, all kinds together and by kind.
  var all: Distribution
  var kinds: [String: Distribution]

  static func measure(queries: Int = 5000) throws -> OnpuWordSearch {
    let start = monotonicNanos()
    let edict = try OnpuResources.edictFile(configured: nil)
    _ = try OnpuResources.loadWordDictionary(from: edict)
    let load = milliseconds(monotonicNanos() - start)
    // Searched as the server searches: in place, in the prepared copy it maps.
    let dictionary = try OnpuResources.preparedWordDictionary(
      from: edict, cacheDirectory: OnpuResources.defaultCacheDirectory()
    ).dictionary
    note("onpu: EDICT loaded in \(Int(load)) ms; \(queries) searches")
    var byKind: [String: [Double]] = [:]
    var all: [Double] = []
    for (kind, query) in OnpuWordQueries.mix(entries: dictionary.entries, count: queries) {
      let began = monotonicNanos()
      _ = dictionary.search(query, limit: 50)
      let took = milliseconds(monotonicNanos() - began)
      byKind[kind, default: []].append(took)
      all.append(took)
    }
    return OnpuWordSearch(
      entries: dictionary.entries.count, load: load, queries: queries, all: Distribution(all),
      kinds: byKind.mapValues(Distribution.init))
  }
}

extension ReportWriter {
  func onpuWordsGoal(_ words: OnpuWordSearch) -> [String] {
    [
      "Onpu: a word search over the whole of EDICT under 20 ms at p99",
      ms(words.all.p99), words.all.p99 < 20 ? "met" : "not met",
    ]
  }

  func onpuWordsSection(_ words: OnpuWordSearch) -> String {
    let order = OnpuWordQueries.kinds
    let kinds = words.kinds.sorted {
      (order.firstIndex(of: $0.key) ?? order.count, $0.key)
        < (order.firstIndex(of: $1.key) ?? order.count, $1.key)
    }
    let rows =
      kinds.map { kind, timing in
        [kind, "\(timing.count)", ms(timing.p50), ms(timing.p99), ms(timing.max)]
      } + [["All", "\(words.all.count)", ms(words.all.p50), ms(words.all.p99), ms(words.all.max)]]
    return """
      Word dictionary: EDICT's \(rate(Double(words.entries))) entries are prepared (read, \
      decode from EUC-JP, index) in \(ms(words.load)), once, into a file every process maps \
      read-only and searches in place. \
      \(words.queries) searches, 50 results each, of every kind a learner types, drawn from the \
      dictionary the same way every run: a kanji headword, a reading in hiragana, in katakana, \
      in Hepburn and in kunrei romaji, the start of a first meaning, and the widest: the first \
      kana of a reading, the first two letters of its romaji, one letter, and English words \
      found in thousands of glosses ("to", "the", "star"). p50 \(ms(words.all.p50)), p99 \
      \(ms(words.all.p99)), max \(ms(words.all.max)).

      \(table(["Word search over \(rate(Double(words.entries))) entries", "Searches", "p50", "p99", "max"], rows))


      """
  }
}
