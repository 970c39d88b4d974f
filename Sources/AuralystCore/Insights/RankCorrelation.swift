import Foundation

/// Spearman's rank correlation: Pearson's on the ranks, ties sharing their average rank.
/// Ranks suit a 1-5 scale (ordinal, not interval) and keep one odd night of sleep from
/// deciding the result.
enum RankCorrelation {
  /// Nil with fewer than two pairs, or when either side does not vary.
  static func spearman(_ x: [Double], _ y: [Double]) -> Double? {
    pearson(ranks(x), ranks(y))
  }

  /// 1 for the smallest; tied values share the mean of the ranks they span.
  static func ranks(_ values: [Double]) -> [Double] {
    let order = values.indices.sorted { values[$0] < values[$1] }
    var ranks = Array(repeating: 0.0, count: values.count)
    var start = 0
    while start < order.count {
      var end = start
      while end + 1 < order.count, values[order[end + 1]] == values[order[start]] { end += 1 }
      for position in start...end { ranks[order[position]] = Double(start + end) / 2 + 1 }
      start = end + 1
    }
    return ranks
  }

  static func pearson(_ x: [Double], _ y: [Double]) -> Double? {
    guard x.count == y.count, x.count >= 2 else { return nil }
    let meanX = x.reduce(0, +) / Double(x.count)
    let meanY = y.reduce(0, +) / Double(y.count)
    var (sxy, sxx, syy) = (0.0, 0.0, 0.0)
    for (a, b) in zip(x, y) {
      sxy += (a - meanX) * (b - meanY)
      sxx += (a - meanX) * (a - meanX)
      syy += (b - meanY) * (b - meanY)
    }
    guard sxx > 0, syy > 0 else { return nil }
    return sxy / (sxx * syy).squareRoot()
  }
}
