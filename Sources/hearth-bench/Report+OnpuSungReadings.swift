extension ReportWriter {
  func onpuSungReadingsGoal(_ sung: OnpuSungReadings) -> [String] {
    [
      "Onpu: 99 % of the words of the sung-readings lyric set read as sung",
      percent(sung.right, of: sung.words), sung.share >= 0.99 ? "met" : "not met",
    ]
  }

  func onpuSungReadingsSection(_ sung: OnpuSungReadings) -> String {
    let misses = sung.misses.map { "- \($0)" }.joined(separator: "\n")
    return """
      Sung readings: on the lyric test set of Tests/Fixtures/onpu-sung-readings (\(sung.lines) \
      lines written for it, using 500 frequent words, each word annotated with the reading it \
      is sung with: 私 わたし, 明日 あした, 何 なん or なに, numbers with their counters, Latin \
      words unread), the analyzer reads \(sung.right) of \(sung.words) words as sung \
      (\(percent(sung.right, of: sung.words))), where kanjium's figure above scores words alone. \
      The set and the sung-reading rules (SungReadings) were written in the same piece of work, \
      so the set is not blind to those rules: it shows they hold on 465 lines, not how they \
      fare on lyrics nobody looked at. The words it reads otherwise:

      \(misses.isEmpty ? "- none" : misses)


      """
  }
}
