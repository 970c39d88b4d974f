import Foundation
import OnpuAnalysis
import TestSupport

/// One analyzer for the whole test run: MeCab's dictionary and KANJIDIC2 load once.
enum SharedAnalyzer {
  static let result = Result { try LyricsAnalyzer(roots: [ProjectRoot.url]) }

  static func get() throws -> LyricsAnalyzer { try result.get() }
}
