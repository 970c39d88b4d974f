import Foundation
import OnpuAnalysis

extension ReportWriter {
  /// Issue 20's goals for kanjium: 92 % of readings agreeing or another valid reading of the
  /// same word, 80 % of accents exact over all words.
  func onpuAccuracyGoals(_ accuracy: OnpuSuite.Accuracy) -> [[String]] {
    guard let equivalents = accuracy.equivalents,
      let exactOfEquivalents = accuracy.equivalentAccents
    else { return [] }
    let agreeing = accuracy.readings + equivalents.values.reduce(0, +)
    let exact = accuracy.analyzer + exactOfEquivalents
    return [
      [
        "Onpu: 92 % of kanjium's readings agree or are another valid reading of the word",
        "\(percent(agreeing, of: accuracy.words)) (\(percent(accuracy.readings, of: accuracy.words)) agree)",
        agreeing * 100 >= accuracy.words * 92 ? "met" : "not met",
      ],
      [
        "Onpu: 80 % of kanjium's accents exact, over all words",
        "\(percent(exact, of: accuracy.words)) (\(percent(accuracy.analyzer, of: accuracy.words)) on agreeing readings only)",
        exact * 100 >= accuracy.words * 80 ? "met" : "not met",
      ],
    ]
  }

  /// Readings by class, and accents over each denominator.
  func onpuAccuracyClasses(_ accuracy: OnpuSuite.Accuracy) -> String {
    guard let equivalents = accuracy.equivalents,
      let comparable = accuracy.equivalentComparable,
      let exactOfEquivalents = accuracy.equivalentAccents
    else { return "" }
    let words = accuracy.words
    let equivalent = equivalents.values.reduce(0, +)
    func row(_ name: String, _ count: Int) -> [String] {
      [name, rate(Double(count)), percent(count, of: words)]
    }
    let readingRows =
      [row("Agrees with kanjium's entry", accuracy.readings)]
      + equivalents.sorted { $0.value > $1.value }.map {
        row("Another valid reading of the same word: \($0.key)", $0.value)
      } + [
        row(
          "Latin letters or symbols left unread by design",
          accuracy.disagreements[AccentAccuracy.Disagreement.unreadLatin.rawValue] ?? 0),
        row(
          "Wrong: no dictionary gives the word that reading",
          accuracy.disagreements[AccentAccuracy.Disagreement.otherReading.rawValue] ?? 0),
        row("Agrees or another valid reading", accuracy.readings + equivalent),
      ]
    let accentRows = [
      [
        "(i) All words (agreeing readings, and other valid ones kanjium lists)",
        rate(Double(words)), percent(accuracy.analyzer + exactOfEquivalents, of: words),
      ],
      [
        "(i) All words, agreeing readings only", rate(Double(words)),
        percent(accuracy.analyzer, of: words),
      ],
      [
        "(ii) Where the reading agrees", rate(Double(accuracy.readings)),
        percent(accuracy.analyzer, of: accuracy.readings),
      ],
      [
        "(iii) Where the reading agrees, or is another valid one kanjium lists",
        rate(Double(accuracy.readings + comparable)),
        percent(accuracy.analyzer + exactOfEquivalents, of: accuracy.readings + comparable),
      ],
      [
        "Another valid reading kanjium does not list (not comparable)",
        rate(Double(equivalent - comparable)), "-",
      ],
    ]
    return """
      Readings by class (the classes sum to every word; a reading is another valid one when \
      kanjium lists the word with it as another entry, EDICT gives the word that reading, or \
      UniDic lists the whole word with both readings, asked in that order):

      \(table(["Reading", "Words", "Share of all"], readingRows))

      Accents exact, over each denominator (an accent is compared only where kanjium lists the \
      word with the analyzer's reading):

      \(table(["Over", "Words", "Accent exact"], accentRows))


      """
  }
}
