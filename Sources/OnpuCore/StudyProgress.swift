import Foundation

/// What the progress page shows: what is due now and in the coming days, the reviews of the
/// last 30 days, and the songs the learner knows best. Pure: the cards, reviews, songs, the time
/// and the learner's zone come in.
public struct StudyProgress: Hashable, Codable, Sendable {
  public struct Card: Hashable, Sendable {
    public var key: String
    public var state: FSRSState
    public var stability: Double?
    public var due: Date
    /// Neither suspended nor known nor buried past `now`.
    public var isActive: Bool
    public var isKnown: Bool

    public init(
      key: String, state: FSRSState, stability: Double?, due: Date, isActive: Bool, isKnown: Bool
    ) {
      self.key = key
      self.state = state
      self.stability = stability
      self.due = due
      self.isActive = isActive
      self.isKnown = isKnown
    }
  }

  public struct Song: Hashable, Sendable {
    public var id: String
    public var title: String
    /// The keys of the cards the song gives.
    public var keys: Set<String>

    public init(id: String, title: String, keys: Set<String>) {
      self.id = id
      self.title = title
      self.keys = keys
    }
  }

  public struct Day: Hashable, Codable, Sendable {
    public var day: String
    public var count: Int
  }

  public struct SongShare: Hashable, Codable, Sendable {
    public var songId: String
    public var title: String
    public var cards: Int
    public var known: Int
    /// known / cards, 0 to 1.
    public var share: Double
  }

  /// A card counts as known once it is in review with three weeks' stability, or the learner
  /// said they know it.
  public static let knownStability = 21.0

  public var dueNow: Int
  public var total: Int
  /// Due on each of the next seven days (today's later ones first).
  public var upcoming: [Day]
  /// Reviews on each of the last 30 days, oldest first, today last.
  public var reviewsPerDay: [Day]
  /// The songs with cards, best known first.
  public var songs: [SongShare]

  public init(
    cards: [Card], reviews: [Date], songs: [Song], now: Date, zone: TimeZone
  ) {
    let active = cards.filter(\.isActive)
    dueNow = active.filter { $0.due <= now }.count
    total = cards.count
    let today = StudyPlan.dayKey(now, in: zone)
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    let start = calendar.startOfDay(for: now)
    func day(_ offset: Int) -> String {
      StudyPlan.dayKey(
        calendar.date(byAdding: .day, value: offset, to: start)!.addingTimeInterval(3600),
        in: zone)
    }
    let dueDays = Dictionary(grouping: active.filter { $0.due > now }) {
      StudyPlan.dayKey($0.due, in: zone)
    }
    upcoming = (0..<7).map { offset in
      let key = offset == 0 ? today : day(offset)
      return Day(day: key, count: dueDays[key]?.count ?? 0)
    }
    let reviewDays = Dictionary(grouping: reviews) { StudyPlan.dayKey($0, in: zone) }
    reviewsPerDay = (-29...0).map { offset in
      let key = offset == 0 ? today : day(offset)
      return Day(day: key, count: reviewDays[key]?.count ?? 0)
    }
    let byKey = Dictionary(cards.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
    self.songs = songs.compactMap { song in
      let mine = song.keys.compactMap { byKey[$0] }
      guard !mine.isEmpty else { return nil }
      let known = mine.filter {
        $0.isKnown || ($0.state == .review && ($0.stability ?? 0) >= Self.knownStability)
      }.count
      return SongShare(
        songId: song.id, title: song.title, cards: mine.count, known: known,
        share: Double(known) / Double(mine.count))
    }.sorted { ($0.share, $0.known, $1.title) > ($1.share, $1.known, $0.title) }
  }
}
