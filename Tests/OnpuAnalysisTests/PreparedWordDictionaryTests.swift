import Foundation
import OnpuAnalysis
import OnpuCore
import Synchronization
import Testing

/// EDICT's prepared copy: read in place it answers what the dictionary built in memory answers,
/// and a copy that is stale, truncated, corrupt or of another version is prepared again.
@Suite struct PreparedWordDictionaryTests {
  static let sample = """
    　？？？ /EDICT sample/
    星 [ほし] /(n) (1) star (usu. not including the Sun)/(2) planet/(P)/
    夜空 [よぞら] /(n) night sky/(P)/
    呼ぶ [よぶ] /(v5b,vt) (1) to call out (to)/(2) to invite/(P)/
    仮名遣い [かなづかい] /(n) kana orthography/(P)/
    ほし /(n) (arch) test entry in kana/

    """

  /// A directory of its own with the sample EDICT in UTF-8, and where its cache goes.
  static func workspace() throws -> (edict: URL, cache: String) {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("onpu-prepared-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let edict = directory.appendingPathComponent("edict")
    try Data(sample.utf8).write(to: edict)
    return (edict, directory.appendingPathComponent("cache").path)
  }

  static func preparedFile(in cache: String) throws -> String {
    let names = try FileManager.default.contentsOfDirectory(atPath: cache)
      .filter { $0.hasSuffix(".prepared") }
    try #require(names.count == 1)
    return cache + "/" + names[0]
  }

  static func open(_ edict: URL, _ cache: String) throws -> (
    dictionary: WordDictionary, preparation: OnpuResources.Preparation
  ) {
    try OnpuResources.preparedWordDictionary(from: edict, cacheDirectory: cache)
  }

  static let queries = [
    "hoshi", "星", "ほし", "ホシ", "yozora", "night", "night sky", "star", "to call", "kanazukai",
    "kanadukai", "よ", "ka", "p", "call out", "nothing at all", "夜",
  ]

  @Test func thePreparedCopyIsMadeOnceAndAnswersAsTheDictionaryInMemory() throws {
    let (edict, cache) = try Self.workspace()
    let first = try Self.open(edict, cache)
    #expect(first.preparation == .prepared(because: "not prepared yet"))
    let second = try Self.open(edict, cache)
    #expect(second.preparation == .reused)
    let entries = try OnpuResources.edictEntries(from: edict)
    #expect(Array(second.dictionary.entries) == entries)
    let memory = WordDictionary(entries: entries)
    for query in Self.queries {
      #expect(second.dictionary.search(query) == memory.search(query), "\(query)")
    }
    for word in ["星", "ほし", "ホシ", "呼ぶ", "無い"] {
      #expect(second.dictionary.entries(word: word) == memory.entries(word: word), "\(word)")
    }
  }

  @Test func thePreparedWholeOfEdictAnswersAsTheParsedFile() throws {
    let mapped = try WordDictionaryTests.dictionary()
    let entries = try OnpuResources.edictEntries(from: OnpuResources.edictFile(configured: nil))
    #expect(mapped.entries.count == entries.count)
    for index in stride(from: 0, to: entries.count, by: 97) {
      #expect(mapped.entries[index] == entries[index], "entry \(index)")
    }
    let memory = WordDictionary(entries: entries)
    for index in stride(from: 0, to: entries.count, by: entries.count / 40) {
      let entry = entries[index]
      let english = entry.senses.first?.glosses.first ?? "star"
      for query in [entry.word, entry.reading, Romaji.hepburn(entry.reading), english] {
        #expect(mapped.search(query) == memory.search(query), "\(query)")
      }
    }
  }

  @Test func aCopyOfAnEarlierEdictIsPreparedAgain() throws {
    let (edict, cache) = try Self.workspace()
    _ = try Self.open(edict, cache)
    try Data((Self.sample + "月 [つき] /(n) moon/(P)/\n").utf8).write(to: edict)
    let again = try Self.open(edict, cache)
    #expect(again.preparation == .prepared(because: "prepared from another version of its source"))
    #expect(again.dictionary.search("tsuki").first?.word == "月")
    #expect(try Self.open(edict, cache).preparation == .reused)
  }

  @Test func aTruncatedCopyIsPreparedAgain() throws {
    let (edict, cache) = try Self.workspace()
    _ = try Self.open(edict, cache)
    let file = try Self.preparedFile(in: cache)
    let bytes = try Data(contentsOf: URL(fileURLWithPath: file))
    for length in [0, 20, bytes.count / 2, bytes.count - 1] {
      try bytes.prefix(length).write(to: URL(fileURLWithPath: file))
      let again = try Self.open(edict, cache)
      #expect(again.preparation == .prepared(because: "truncated"), "\(length) bytes")
      #expect(again.dictionary.search("hoshi").first?.word == "星")
    }
  }

  @Test func aCorruptCopyIsPreparedAgain() throws {
    let (edict, cache) = try Self.workspace()
    _ = try Self.open(edict, cache)
    let file = try Self.preparedFile(in: cache)
    let good = try Data(contentsOf: URL(fileURLWithPath: file))
    for (offset, reason) in [
      (0, "corrupt (not a prepared dictionary)"), (8, "of format version 2"),
      (good.count - 3, "corrupt (checksum)"), (60, "corrupt (checksum)"),
    ] {
      var bytes = good
      bytes[offset] ^= 0x03
      try bytes.write(to: URL(fileURLWithPath: file))
      let again = try Self.open(edict, cache)
      #expect(again.preparation == .prepared(because: reason), "byte \(offset)")
      #expect(again.dictionary.search("yozora").first?.word == "夜空")
    }
  }

  @Test func twoOpeningAtOnceStillPrepareOnce() throws {
    let (edict, cache) = try Self.workspace()
    let preparations = Mutex<[OnpuResources.Preparation]>([])
    DispatchQueue.concurrentPerform(iterations: 4) { _ in
      if let opened = try? Self.open(edict, cache) {
        preparations.withLock { $0.append(opened.preparation) }
      }
    }
    let all = preparations.withLock { $0 }
    #expect(all.count == 4)
    #expect(all.filter { $0 != .reused } == [.prepared(because: "not prepared yet")])
  }

  @Test func withoutAWritableCacheTheDictionaryIsReadFromMemory() throws {
    let (edict, _) = try Self.workspace()
    let opened = try Self.open(edict, "/proc/onpu-cannot-write-here")
    #expect(opened.dictionary.search("hoshi").first?.word == "星")
  }
}
