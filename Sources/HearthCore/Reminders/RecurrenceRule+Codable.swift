import Foundation

/// Stored as flat JSON, days as `YYYY-MM-DD`:
/// `{"cadence":"weekdays","hour":8,"minute":0,"weekdays":[2,4],"zone":"Europe/Berlin"}`,
/// `{"cadence":"everyDays","every":3,"from":"2026-03-01",…}`, and `"daily"` with neither.
extension RecurrenceRule: Codable {
  private enum CodingKeys: String, CodingKey {
    case zone, hour, minute, cadence, weekdays, every, from, startDay, endDay
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    func day(_ key: CodingKeys) throws -> LocalDay? {
      guard let text = try container.decodeIfPresent(String.self, forKey: key) else { return nil }
      guard let day = LocalDay(text) else {
        throw DecodingError.dataCorruptedError(
          forKey: key, in: container, debugDescription: "\(text) is not YYYY-MM-DD")
      }
      return day
    }
    let cadence: Cadence
    switch try container.decode(String.self, forKey: .cadence) {
    case "daily":
      cadence = .daily
    case "weekdays":
      cadence = .weekdays(Set(try container.decode([Int].self, forKey: .weekdays)))
    case "everyDays":
      guard let start = try day(.from) else {
        throw DecodingError.keyNotFound(
          CodingKeys.from, .init(codingPath: decoder.codingPath, debugDescription: "no start"))
      }
      cadence = .everyDays(try container.decode(Int.self, forKey: .every), start: start)
    case let other:
      throw DecodingError.dataCorruptedError(
        forKey: .cadence, in: container, debugDescription: "unknown cadence \(other)")
    }
    self.init(
      zone: try container.decode(String.self, forKey: .zone),
      hour: try container.decode(Int.self, forKey: .hour),
      minute: try container.decode(Int.self, forKey: .minute), cadence: cadence,
      startDay: try day(.startDay), endDay: try day(.endDay))
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(zone, forKey: .zone)
    try container.encode(hour, forKey: .hour)
    try container.encode(minute, forKey: .minute)
    switch cadence {
    case .daily:
      try container.encode("daily", forKey: .cadence)
    case .weekdays(let weekdays):
      try container.encode("weekdays", forKey: .cadence)
      try container.encode(weekdays.sorted(), forKey: .weekdays)
    case .everyDays(let interval, let start):
      try container.encode("everyDays", forKey: .cadence)
      try container.encode(interval, forKey: .every)
      try container.encode(start.description, forKey: .from)
    }
    try container.encodeIfPresent(startDay?.description, forKey: .startDay)
    try container.encodeIfPresent(endDay?.description, forKey: .endDay)
  }
}
