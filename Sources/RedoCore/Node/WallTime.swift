/// Instants as the protocol writes them: `YYYY-MM-DDTHH:mm:ss.sssZ`, held as Unix milliseconds.
public struct WallTime: Hashable, Comparable, Sendable, CustomStringConvertible {
  public var milliseconds: Int64

  public init(milliseconds: Int64) {
    self.milliseconds = milliseconds
  }

  public init(secondsSince1970 seconds: Double) {
    milliseconds = Int64((seconds * 1000).rounded(.down))
  }

  public var secondsSince1970: Double { Double(milliseconds) / 1000 }

  public static func < (lhs: WallTime, rhs: WallTime) -> Bool {
    lhs.milliseconds < rhs.milliseconds
  }

  /// The first and last instants the wall form can write (years 0000 to 9999).
  public static let earliest = WallTime(milliseconds: -62_167_219_200_000)
  public static let latest = WallTime(milliseconds: 253_402_300_799_999)

  /// Days later (or earlier), held within the years the wall form can write: snoozes that add up
  /// past 9999 stop there instead of overflowing or writing a time no one can read back.
  public func adding(days: Int) -> WallTime {
    let (span, spanOverflow) = Int64(days).multipliedReportingOverflow(by: 86_400_000)
    let (sum, sumOverflow) = milliseconds.addingReportingOverflow(span)
    if spanOverflow || sumOverflow { return days < 0 ? .earliest : .latest }
    return WallTime(
      milliseconds: min(max(sum, Self.earliest.milliseconds), Self.latest.milliseconds))
  }

  /// The node wall-time form, exactly three fractional digits and `Z`.
  public var description: String {
    let (days, millisOfDay) = milliseconds.floorDivided(by: 86_400_000)
    let (year, month, day) = Self.civil(fromDays: days)
    let seconds = millisOfDay / 1000
    return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(seconds / 3600, 2)):"
      + "\(pad(seconds / 60 % 60, 2)):\(pad(seconds % 60, 2)).\(pad(millisOfDay % 1000, 3))Z"
  }

  /// Parses the strict node form only (the `timestamp.wall` pattern, with an upper-case `T`).
  public init?(wall text: String) {
    let bytes = Array(text.utf8)
    guard bytes.count == 24, bytes[10] == UInt8(ascii: "T"), bytes[23] == UInt8(ascii: "Z"),
      bytes[19] == UInt8(ascii: ".")
    else {
      return nil
    }
    guard let (base, _) = Self.parseDateAndTime(bytes), let fraction = Self.number(bytes[20..<23])
    else { return nil }
    milliseconds = base + fraction
  }

  /// Parses an RFC 3339 date-time: any fractional digits (kept to milliseconds), `Z` or an offset.
  public init?(rfc3339 text: String) {
    let bytes = Array(text.utf8)
    guard let (base, end) = Self.parseDateAndTime(bytes) else { return nil }
    var index = end
    var fraction: Int64 = 0
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      index += 1
      let start = index
      while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
        index += 1
      }
      guard index > start else { return nil }
      let digits = Array(bytes[start..<min(index, start + 3)])
      fraction = Self.number(digits[...])! * [100, 10, 1][digits.count - 1]
    }
    guard index < bytes.count else { return nil }
    var offsetMinutes: Int64 = 0
    switch bytes[index] {
    case UInt8(ascii: "Z"), UInt8(ascii: "z"):
      index += 1
    case UInt8(ascii: "+"), UInt8(ascii: "-"):
      guard bytes.count == index + 6, bytes[index + 3] == UInt8(ascii: ":"),
        let hours = Self.number(bytes[(index + 1)..<(index + 3)]), hours < 24,
        let minutes = Self.number(bytes[(index + 4)..<(index + 6)]), minutes < 60
      else { return nil }
      offsetMinutes = (hours * 60 + minutes) * (bytes[index] == UInt8(ascii: "+") ? 1 : -1)
      index += 6
    default: return nil
    }
    guard index == bytes.count else { return nil }
    milliseconds = base + fraction - offsetMinutes * 60_000
  }

  /// `YYYY-MM-DDTHH:mm:ss` at the start of `bytes`: milliseconds and the index after it.
  private static func parseDateAndTime(_ bytes: [UInt8]) -> (Int64, Int)? {
    guard bytes.count >= 19, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
      bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: "t"),
      bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
      let year = number(bytes[0..<4]), let month = number(bytes[5..<7]),
      let day = number(bytes[8..<10]), let hour = number(bytes[11..<13]),
      let minute = number(bytes[14..<16]), let second = number(bytes[17..<19]),
      (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year),
      hour < 24, minute < 60, second < 60
    else { return nil }
    let days = daysFromCivil(year: year, month: month, day: day)
    return ((days * 86_400 + hour * 3600 + minute * 60 + second) * 1000, 19)
  }

  private static func number(_ digits: ArraySlice<UInt8>) -> Int64? {
    var value: Int64 = 0
    for byte in digits {
      guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
      value = value * 10 + Int64(byte - UInt8(ascii: "0"))
    }
    return value
  }

  private static func daysIn(month: Int64, year: Int64) -> Int64 {
    switch month {
    case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  // Howard Hinnant's days-from-civil and its inverse, on the proleptic Gregorian calendar.
  private static func daysFromCivil(year: Int64, month: Int64, day: Int64) -> Int64 {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  private static func civil(fromDays days: Int64) -> (Int64, Int64, Int64) {
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let mp = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * mp + 2) / 5 + 1
    let month = mp < 10 ? mp + 3 : mp - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }
}

private func pad(_ value: Int64, _ width: Int) -> String {
  let text = String(value)
  return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
}

extension Int64 {
  fileprivate func floorDivided(by divisor: Int64) -> (Int64, Int64) {
    let remainder = self % divisor
    return remainder < 0 ? (self / divisor - 1, remainder + divisor) : (self / divisor, remainder)
  }
}
