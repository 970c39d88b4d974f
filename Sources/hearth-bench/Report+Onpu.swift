import Foundation

extension ReportWriter {
  func onpuGoals(_ result: OnpuSuite.Result) -> [[String]] {
    let accuracy = result.accuracy
    var goals = [
      [
        "Onpu: the analyzer's accents at least as right as a direct UniDic aType lookup",
        "\(percent(accuracy.analyzer, of: accuracy.words)) vs \(percent(accuracy.direct, of: accuracy.words))",
        accuracy.analyzer >= accuracy.direct ? "met" : "not met",
      ],
      onpuSpeedGoal(result.throughput),
    ]
    if let words = result.words { goals.append(onpuWordsGoal(words)) }
    goals += onpuAccuracyGoals(accuracy)
    if let sung = result.sungReadings { goals.append(onpuSungReadingsGoal(sung)) }
    return goals
  }

  func percent(_ part: Int, of whole: Int) -> String {
    whole == 0 ? "n/a" : String(format: "%.1f %%", Double(part) / Double(whole) * 100)
  }

  func onpuSection(_ result: OnpuSuite.Result, machine: String) -> String {
    let accuracy = result.accuracy
    let rates = [
      [
        "Analyzer (aType + aConType phrase rules)", percent(accuracy.readings, of: accuracy.words),
        percent(accuracy.analyzer, of: accuracy.words),
        percent(accuracy.analyzer, of: accuracy.readings),
      ],
      [
        "Direct UniDic aType lookup (first token)", percent(accuracy.readings, of: accuracy.words),
        percent(accuracy.direct, of: accuracy.words),
        percent(accuracy.direct, of: accuracy.readings),
      ],
      [
        "Always heiban", "-", percent(accuracy.heiban, of: accuracy.words),
        percent(accuracy.heibanOnMatchedReadings, of: accuracy.readings),
      ],
    ]
    let classes = accuracy.disagreements.sorted { $0.value > $1.value }.map { name, count in
      [name, rate(Double(count)), percent(count, of: accuracy.words)]
    }
    let throughput = result.throughput
    func perSecond(_ timing: Distribution) -> String {
      rate(Double(throughput.lines) / (timing.p50 / 1000))
    }
    let speed =
      [
        [
          "Onpu's analyzer (MeCab, accent phrases, kanji readings, words)",
          ms(throughput.analyzer.p50), perSecond(throughput.analyzer),
        ],
        [
          "MeCab through its C API alone (the analyzer's tokens)", ms(throughput.taggerOnly.p50),
          perSecond(throughput.taggerOnly),
        ],
        [
          "The `mecab` command, same text and dictionary", ms(throughput.mecabCommand.p50),
          perSecond(throughput.mecabCommand),
        ],
        onpuSpeedRatioRow(throughput),
      ] + onpuWithoutWordsRows(throughput)
    return """
      ## Onpu

      \(dated(result.info, machine: machine))Release build, UniDic 2.1.2 (unidic-lite) and \
      KANJIDIC2 from the machine. Accuracy is measured on every entry of kanjium's accent \
      dictionary (Tests/Fixtures/external/ja-accent/kanjium, used as a test oracle only): each word \
      alone through the analyzer; a reading counts when the hiragana of its words equals \
      kanjium's, an accent when the reading matched and the nucleus is one kanjium accepts.

      \(table(["\(rate(Double(accuracy.words))) words", "Reading right", "Accent right (all words)", "Accent right (where the reading matched)"], rates))

      Where the analyzer and kanjium disagree:

      \(table(["Class", "Words", "Share of all"], classes))

      \(onpuAccuracyClasses(accuracy))Kanjium scores each word alone, so a word with two \
      readings (日本語 にほんご and にっぽんご) has one of them differ whatever the analyzer \
      reads; such readings are their own class, not wrong. Compounds are where the rules help over a direct lookup and \
      where they still miss most: UniDic's C rules give the nucleus of the usual compound, and \
      lexicalised ones (挨拶語, いろは順) keep their own.

      Where MeCab cuts a word JMdict lists (手提げ|袋) and the pieces' readings make none of its \
      readings (てさげふくろ), the analyzer takes JMdict's usual one (てさげぶくろ), keeping the \
      pieces and their accents where each reads its part with a compound's sound change, else one \
      word of unknown pitch (DictionaryReadings). Kanjium's list and JMdict share most words, so \
      this lifts kanjium's figures most on its rare compounds; the sung-readings set below, \
      written apart from both, is the check on lyrics.

      Speed on \(rate(Double(throughput.lines))) lyric-like lines (\(rate(Double(throughput.characters))) \
      characters; dictionary words joined by particles), p50 of \(throughput.analyzer.count) runs:

      \(table(["Over every line", "p50", "Lines per second"], speed))

      The `mecab` figure includes starting the process, loading the dictionary and writing \
      every token's features, as a user running it would see. MeCab's parse through its C API \
      (the second row) is \(percent(Int(throughput.taggerOnly.p50), of: Int(throughput.analyzer.p50))) \
      of the analyzer's time; the rest goes to JMdict's readings of the compounds MeCab cuts, \
      accent phrases, kanji reading alignment and the study words (the strings of every reading \
      and mora). The lines are built from kanjium's words, nearly all of them compounds JMdict \
      lists and many of them rare, so that step costs more here than on lyrics (the sung-readings \
      set's 465 lines have one compound read anew); the last rows time the analyzer without it.

      A whole job of a \(result.songLines)-line song without translation, from the request \
      to the succeeded job (durable job on SQLite, all stages, the song stored): p50 \
      \(ms(result.job.p50)), p99 \(ms(result.job.p99)), max \(ms(result.job.max)) over \
      \(result.job.count) songs.


      """ + (result.words.map(onpuWordsSection) ?? "")
        + (result.sungReadings.map(onpuSungReadingsSection) ?? "")
  }
}
