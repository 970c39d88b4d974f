import CZlib
import Foundation

/// A zip archive of stored (uncompressed) entries, as an .apkg holds them: each file once with
/// its CRC-32, then the central directory. Names are UTF-8 (flag bit 11); no entry or archive
/// may pass 4 GiB, which Zip64 would need.
enum AnkiZip {
  struct Entry {
    var name: String
    var bytes: [UInt8]
  }

  enum Failure: Error { case tooLarge(String) }

  static func archive(_ entries: [Entry], modified: Date) throws -> [UInt8] {
    let (time, date) = dosTimeAndDate(modified)
    var output: [UInt8] = []
    var directory: [UInt8] = []
    for entry in entries {
      guard entry.bytes.count < Int(UInt32.max), output.count < Int(UInt32.max) else {
        throw Failure.tooLarge(entry.name)
      }
      let name = Array(entry.name.utf8)
      let checksum = crc32(entry.bytes)
      let size = UInt32(entry.bytes.count)
      let offset = UInt32(output.count)
      // Local file header: version 2.0, UTF-8 names, stored.
      output.append(le32: 0x0403_4B50)
      output.append(le16: 20, 0x0800, 0, time, date)
      output.append(le32: checksum, size, size)
      output.append(le16: UInt16(name.count), 0)
      output += name
      output += entry.bytes
      // Central directory header: made by Unix 2.0 (a DOS host's names are read as code page
      // 437 by some unzips, whatever the UTF-8 flag says), a plain file readable by all.
      directory.append(le32: 0x0201_4B50)
      directory.append(le16: 0x0314, 20, 0x0800, 0, time, date)
      directory.append(le32: checksum, size, size)
      directory.append(le16: UInt16(name.count), 0, 0, 0, 0)
      directory.append(le32: 0o100644 << 16, offset)
      directory += name
    }
    guard output.count + directory.count < Int(UInt32.max), entries.count < Int(UInt16.max)
    else { throw Failure.tooLarge("archive") }
    let directoryOffset = UInt32(output.count)
    output += directory
    output.append(le32: 0x0605_4B50)
    output.append(le16: 0, 0, UInt16(entries.count), UInt16(entries.count))
    output.append(le32: UInt32(directory.count), directoryOffset)
    output.append(le16: 0)
    return output
  }

  static func crc32(_ bytes: [UInt8]) -> UInt32 {
    bytes.withUnsafeBufferPointer { buffer in
      UInt32(CZlib.crc32(0, buffer.baseAddress, uInt(buffer.count)))
    }
  }

  /// MS-DOS time (2-second steps) and date (from 1980), in UTC.
  static func dosTimeAndDate(_ date: Date) -> (UInt16, UInt16) {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    let parts = calendar.dateComponents(
      [.year, .month, .day, .hour, .minute, .second], from: date)
    let year = min(max((parts.year ?? 1980) - 1980, 0), 127)
    let time = (parts.hour ?? 0) << 11 | (parts.minute ?? 0) << 5 | (parts.second ?? 0) / 2
    let day = year << 9 | (parts.month ?? 1) << 5 | (parts.day ?? 1)
    return (UInt16(time), UInt16(day))
  }
}

extension [UInt8] {
  fileprivate mutating func append(le16 values: UInt16...) {
    for value in values { append(contentsOf: [UInt8(value & 0xFF), UInt8(value >> 8)]) }
  }

  fileprivate mutating func append(le32 values: UInt32...) {
    for value in values {
      append(contentsOf: (0..<4).map { UInt8((value >> (8 * $0)) & 0xFF) })
    }
  }
}
