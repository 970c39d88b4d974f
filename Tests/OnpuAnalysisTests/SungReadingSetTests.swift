import Foundation
import OnpuAnalysis
import OnpuCore
import Testing

/// The sung-readings lyric test set (Tests/Fixtures/onpu-sung-readings): lines written by hand
/// with the reading each word is sung with. The analyzer must read at least `floor` of the
/// annotated words as sung; the misses are listed when it does not.
@Suite struct SungReadingSetTests {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../Fixtures/onpu-sung-readings").standardized

  /// A little under the share reached (1376 of 1380, 99.7 %), so that a regression fails.
  static let floor = 0.99

  static func set() throws -> SungReadingSet {
    SungReadingSet(
      parsing: try String(
        contentsOf: folder.appendingPathComponent("lines.txt"), encoding: .utf8))
  }

  @Test func theAnalyzerReadsTheSetAsSung() throws {
    let analyzer = try SharedAnalyzer.get()
    let scores = try Self.set().lines.flatMap {
      SungReadingSet.score($0, words: analyzer.analyze(line: $0.text).words)
    }
    let right = scores.filter(\.isRight).count
    let share = Double(right) / Double(scores.count)
    let misses = scores.filter { !$0.isRight }.map {
      "\($0.annotation.base) \($0.annotation.reading) read \($0.analysed ?? "(split)") in \($0.line)"
    }
    #expect(scores.count >= 1300, "every annotation of the set is scored")
    #expect(
      share >= Self.floor,
      "\(right) of \(scores.count) right; misses:\n\(misses.joined(separator: "\n"))")
  }

  @Test func theSetHasThreeHundredLinesAndUsesEveryListedWord() throws {
    let set = try Self.set()
    #expect(set.lines.count >= 300)
    let list = try String(
      contentsOf: Self.folder.appendingPathComponent("words.tsv"), encoding: .utf8)
    let words = list.split(separator: "\n").dropFirst().map {
      String($0.split(separator: "\t")[0])
    }
    #expect(words.count == 500)
    let missing = words.filter { word in
      !set.lines.contains { Self.uses($0, word) }
    }
    #expect(missing.isEmpty, "not used inside an annotation: \(missing)")
  }

  @Test func everyKanjiOfTheSetIsAnnotated() throws {
    for line in try Self.set().lines {
      let covered = Set(line.annotations.flatMap { Array($0.range) })
      let bare = Array(line.text).indices.filter {
        LyricsWord.isKanji(Array(line.text)[$0]) && !covered.contains($0)
      }
      #expect(bare.isEmpty, "\(line.text)")
    }
  }

  /// The line holds the word with each of its kanji inside an annotation.
  static func uses(_ line: SungReadingSet.Line, _ word: String) -> Bool {
    let text = Array(line.text)
    let target = Array(word)
    let covered = Set(line.annotations.flatMap { Array($0.range) })
    guard text.count >= target.count else { return false }
    return (0...(text.count - target.count)).contains { start in
      Array(text[start..<(start + target.count)]) == target
        && target.indices.allSatisfy {
          !LyricsWord.isKanji(target[$0]) || covered.contains(start + $0)
        }
    }
  }
}
