extension Insights.DailySeverity {
  /// The days a rolling mean looks at: the day and the six before it.
  static let rollingSpan = 7

  /// One row per day with entries, from each entry's severity on its local day (days since
  /// 1970). `before` holds the days just before the window: they count in the first rows'
  /// rolling means but have no row of their own.
  static func series(_ days: [Int: [Double]], before: [Int: [Double]] = [:]) -> [Self] {
    let averages = days.merging(before) { inside, _ in inside }.mapValues { Mean($0).value }
    return days.keys.sorted().map { day in
      let values = days[day]!
      let recent = (day - rollingSpan + 1...day).compactMap { averages[$0] }
      return Self(
        day: CalendarDay(daysSince1970: day).description, average: averages[day]!,
        entries: values.count, maximum: values.max()!, rollingAverage: Mean(recent).value,
        rollingDays: recent.count)
    }
  }
}
