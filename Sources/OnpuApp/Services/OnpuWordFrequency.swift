import Foundation

/// How common words are in Japanese: wordfreq's Zipf values times ten for the words of EDICT
/// (Resources/onpu-word-frequency.tsv, written by scripts/onpu-word-frequency; CC BY-SA 4.0,
/// see NOTICE). Read once, on first use.
enum OnpuWordFrequency {
  static let table: [String: Int] = {
    var table: [String: Int] = [:]
    let text = String(decoding: PackageResources.onpu_word_frequency_tsv, as: UTF8.self)
    for line in text.split(separator: "\n") where !line.hasPrefix("#") {
      let parts = line.split(separator: "\t")
      guard parts.count == 2, let value = Int(parts[1]) else { continue }
      table[String(parts[0])] = value
    }
    return table
  }()

  static func zipf(_ word: String) -> Int? { table[word] }

  /// The frequency in words a learner reads.
  static func words(_ frequency: Int?) -> String {
    switch frequency ?? 0 {
    case 50...: "very common"
    case 42..<50: "common"
    case 35..<42: "less common"
    default: "rare"
    }
  }
}
