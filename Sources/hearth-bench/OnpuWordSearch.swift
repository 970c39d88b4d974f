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

  static func measure(queries: Int = 4000) throws -> OnpuWordSearch {
    let start = monotonicNanos()
    let dictionary = try OnpuResources.loadWordDictionary(
      from: OnpuResources.edictFile(configured: nil))
    let load = milliseconds(monotonicNanos() - start)
    note("onpu: EDICT loaded in \(Int(load)) ms; \(queries) searches")
    var state: UInt64 = 0x0F00D
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    var byKind: [String: [Double]] = [:]
    var all: [Double] = []
    for index in 0..<queries {
      let entry = dictionary.entries[next(dictionary.entries.count)]
      let kinds: [(String, String)] = [
        ("headword", entry.word),
        ("kana", entry.reading),
        ("romaji", Romaji.hepburn(entry.reading)),
        (
          "English",
          entry.senses.first?.glosses.first.map {
            $0.split(separator: " ").prefix(2).joined(separator: " ")
          } ?? "star"
        ),
        ("one-kana prefix", String(entry.reading.prefix(1))),
        ("two-letter prefix", String(Romaji.hepburn(entry.reading).prefix(2))),
      ]
      let (kind, query) = kinds[index % kinds.count]
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
    let rows = words.kinds.sorted { $0.key < $1.key }.map { kind, timing in
      [kind, "\(timing.count)", ms(timing.p50), ms(timing.p99), ms(timing.max)]
    }
    return """
      Word dictionary: EDICT's \(rate(Double(words.entries))) entries load (read, decode \
      from EUC-JP, index) in \(ms(words.load)), once per process on the first word asked for. \
      \(words.queries) searches for words drawn from the dictionary (its headword, its reading, \
      its reading in romaji, the start of its first meaning, and one-kana and two-letter \
      prefixes, the widest), 50 results each: p50 \(ms(words.all.p50)), p99 \
      \(ms(words.all.p99)), max \(ms(words.all.max)).

      \(table(["Query", "Searches", "p50", "p99", "max"], rows))


      """
  }
}
