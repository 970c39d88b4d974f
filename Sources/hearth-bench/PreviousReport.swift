/// The BENCHMARKS.md a run replaces: the sections and goal rows of suites that did not run this
/// time are kept as they were, so `make bench SUITE=x` in a fresh clone erases no figures.
struct PreviousReport {
  var text: String

  /// `## Title` up to the next `## `, as written.
  func section(_ title: String) -> String? {
    guard let start = text.range(of: "\n## \(title)\n") else { return nil }
    let rest = text[start.upperBound...]
    let end = rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex
    var body = rest[..<end]
    while body.last == "\n" { body = body.dropLast() }
    return "## \(title)\n" + body + "\n\n"
  }

  /// The Goals table's rows whose goal starts with one of `prefixes`.
  func goalRows(startingWith prefixes: [String]) -> [[String]] {
    guard let goals = section("Goals") else { return [] }
    return goals.split(separator: "\n").compactMap { line -> [String]? in
      guard line.hasPrefix("| "), !line.hasPrefix("| Goal |"), !line.hasPrefix("| ---") else {
        return nil
      }
      let cells = line.dropFirst(2).dropLast(2).components(separatedBy: " | ")
      guard cells.count == 3, prefixes.contains(where: { cells[0].hasPrefix($0) }) else {
        return nil
      }
      return cells
    }
  }
}
