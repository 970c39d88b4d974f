import Foundation

/// ISO 8601 times to the millisecond: written with the journal's offset (so a file reads in
/// local time), read with any offset or Z, with or without fractional seconds. The reference
/// app writes offsets without their colon ("+0900"), so both are read.
public enum ISOTime {
  public static func string(_ date: Date, clock: ZoneClock) -> String {
    let millis = Int64((date.timeIntervalSince1970 * 1000).rounded())
    let seconds = Int(millis.floorDivided(by: 1000))
    let fraction = Int(millis - Int64(seconds) * 1000)
    let offset = clock.offset(at: date)
    let local = seconds + offset
    let day = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
    let second = local - day * 86_400
    let sign = offset < 0 ? "-" : "+"
    return "\(CalendarDay(daysSince1970: day))T\(pad(second / 3600)):\(pad(second / 60 % 60))"
      + ":\(pad(second % 60)).\(pad(fraction, 3))"
      + "\(sign)\(pad(abs(offset) / 3600)):\(pad(abs(offset) / 60 % 60))"
  }

  public static func date(_ text: String) -> Date? {
    let bytes = Array(text.utf8)
    guard bytes.count >= 20, bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: " "),
      let day = CalendarDay(String(decoding: bytes[0..<10], as: UTF8.self)),
      bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
      let hour = number(bytes[11..<13]), let minute = number(bytes[14..<16]),
      let second = number(bytes[17..<19]), hour < 24, minute < 60, second < 60
    else { return nil }
    var index = 19
    var millis = 0
    if bytes[index] == UInt8(ascii: ".") {
      let start = index + 1
      index = start
      while index < bytes.count, (48...57).contains(bytes[index]) { index += 1 }
      guard index > start, index - start <= 9 else { return nil }
      let digits = bytes[start..<index].prefix(3)
      millis = (number(digits) ?? 0) * [100, 10, 1][digits.count - 1]
    }
    guard index < bytes.count else { return nil }
    var offset = 0
    if bytes[index] == UInt8(ascii: "Z") {
      guard index + 1 == bytes.count else { return nil }
    } else {
      let colon = bytes.count == index + 6 ? 1 : 0
      guard bytes.count == index + 5 + colon,
        bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-"),
        colon == 0 || bytes[index + 3] == UInt8(ascii: ":"),
        let hours = number(bytes[index + 1..<index + 3]),
        let minutes = number(bytes[index + 3 + colon..<index + 5 + colon]), hours < 24,
        minutes < 60
      else { return nil }
      offset = (hours * 3600 + minutes * 60) * (bytes[index] == UInt8(ascii: "-") ? -1 : 1)
    }
    let seconds = day.daysSince1970 * 86_400 + hour * 3600 + minute * 60 + second - offset
    return Date(timeIntervalSince1970: Double(Int64(seconds) * 1000 + Int64(millis)) / 1000)
  }

  /// A wall-clock time with no offset, "2026-11-22T08:30" (seconds optional), as day and
  /// minute, for reading in the journal's zone.
  public static func local(_ text: String) -> (day: Int, minute: Int)? {
    let parts = text.split(separator: "T", omittingEmptySubsequences: false)
    guard parts.count == 2, let day = CalendarDay(String(parts[0])) else { return nil }
    let time = parts[1].split(separator: ":", omittingEmptySubsequences: false)
    guard (2...3).contains(time.count), time.allSatisfy({ $0.count == 2 }),
      let hour = Int(time[0]), let minute = Int(time[1]), (0..<24).contains(hour),
      (0..<60).contains(minute),
      time.count == 2 || Int(time[2]).map({ (0..<60).contains($0) }) == true
    else { return nil }
    return (day.daysSince1970, hour * 60 + minute)
  }

  /// The times a journal holds: from 1970 to 2200.
  public static let plausible =
    Date(timeIntervalSince1970: 0)...Date(timeIntervalSince1970: 7_258_118_400)

  /// The same instant, to the millisecond the files keep.
  public static func rounded(_ date: Date) -> Date {
    Date(timeIntervalSince1970: (date.timeIntervalSince1970 * 1000).rounded() / 1000)
  }

  private static func number(_ digits: ArraySlice<UInt8>) -> Int? {
    var value = 0
    for digit in digits {
      guard (48...57).contains(digit) else { return nil }
      value = value * 10 + Int(digit - 48)
    }
    return digits.isEmpty ? nil : value
  }

  private static func pad(_ value: Int, _ width: Int = 2) -> String {
    let text = String(value)
    return String(repeating: "0", count: max(0, width - text.count)) + text
  }
}

extension Int64 {
  fileprivate func floorDivided(by divisor: Int64) -> Int64 {
    let quotient = self / divisor
    return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
  }
}
