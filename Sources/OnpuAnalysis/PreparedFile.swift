import CZlib
import Foundation

/// The layout of a prepared dictionary file: a header naming the format's version and the
/// source file it was prepared from (size and modification time), a CRC-32 of everything after
/// the header, and a table of sections, each an array of fixed-width values aligned for reading
/// in place. A file of another version, source or checksum, or whose sections leave it, is
/// refused with the reason, for the caller to prepare again.
enum PreparedFile {
  /// "ONPUDICT".
  static let magic: UInt64 = 0x5443_4944_5550_4E4F
  static let headerSize = 48

  /// What the file was prepared from: a change to either means the source changed.
  struct Source: Equatable, Sendable {
    var size: UInt64
    var modifiedNanoseconds: Int64

    init(size: UInt64, modifiedNanoseconds: Int64) {
      self.size = size
      self.modifiedNanoseconds = modifiedNanoseconds
    }

    init(of path: String) throws(PreparedFile.Invalid) {
      var status = stat()
      guard stat(path, &status) == 0 else { throw .unreadable("cannot stat \(path)") }
      size = UInt64(status.st_size)
      #if canImport(Darwin)
        let time = status.st_mtimespec
      #else
        let time = status.st_mtim
      #endif
      modifiedNanoseconds = Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }
  }

  enum Invalid: Error, Equatable, CustomStringConvertible {
    case missing
    case truncated
    case otherVersion(UInt32)
    case stale
    case corrupt(String)
    case unreadable(String)

    var description: String {
      switch self {
      case .missing: "not prepared yet"
      case .truncated: "truncated"
      case .otherVersion(let version): "of format version \(version)"
      case .stale: "prepared from another version of its source"
      case .corrupt(let reason): "corrupt (\(reason))"
      case .unreadable(let reason): reason
      }
    }
  }

  /// Sections added in order, then `bytes(version:source:)` lays them out.
  struct Writer {
    private var sections: [[UInt8]] = []

    mutating func add<Value>(_ values: [Value]) {
      values.withUnsafeBytes { add(raw: $0) }
    }

    mutating func add(raw: UnsafeRawBufferPointer) {
      sections.append(Array(raw))
    }

    func bytes(version: UInt32, source: Source) -> [UInt8] {
      var offsets: [(UInt64, UInt64)] = []
      var end = PreparedFile.headerSize + sections.count * 16
      for section in sections {
        end = (end + 15) & ~15
        offsets.append((UInt64(end), UInt64(section.count)))
        end += section.count
      }
      var file = [UInt8](repeating: 0, count: end)
      file.withUnsafeMutableBytes { file in
        file.storeBytes(of: PreparedFile.magic, toByteOffset: 0, as: UInt64.self)
        file.storeBytes(of: version, toByteOffset: 8, as: UInt32.self)
        file.storeBytes(of: UInt32(sections.count), toByteOffset: 12, as: UInt32.self)
        file.storeBytes(of: source.size, toByteOffset: 16, as: UInt64.self)
        file.storeBytes(of: source.modifiedNanoseconds, toByteOffset: 24, as: Int64.self)
        file.storeBytes(
          of: UInt64(end - PreparedFile.headerSize), toByteOffset: 32, as: UInt64.self)
        for (index, (offset, length)) in offsets.enumerated() {
          let entry = PreparedFile.headerSize + index * 16
          file.storeBytes(of: offset, toByteOffset: entry, as: UInt64.self)
          file.storeBytes(of: length, toByteOffset: entry + 8, as: UInt64.self)
          sections[index].withUnsafeBytes { section in
            UnsafeMutableRawBufferPointer(rebasing: file[Int(offset)..<Int(offset + length)])
              .copyMemory(from: section)
          }
        }
        let checksum = PreparedFile.checksum(UnsafeRawBufferPointer(file))
        file.storeBytes(of: checksum, toByteOffset: 40, as: UInt32.self)
      }
      return file
    }
  }

  /// The sections of a file whose header, checksum and section table have been checked.
  struct Reader {
    let bytes: DictionaryBytes
    private let sections: [Range<Int>]

    init(
      _ bytes: DictionaryBytes, version: UInt32, source: Source?
    ) throws(PreparedFile.Invalid) {
      let raw = bytes.raw
      guard raw.count >= PreparedFile.headerSize else { throw .truncated }
      guard raw.loadUnaligned(fromByteOffset: 0, as: UInt64.self) == PreparedFile.magic else {
        throw .corrupt("not a prepared dictionary")
      }
      let fileVersion = raw.loadUnaligned(fromByteOffset: 8, as: UInt32.self)
      guard fileVersion == version else { throw .otherVersion(fileVersion) }
      let written = Source(
        size: raw.loadUnaligned(fromByteOffset: 16, as: UInt64.self),
        modifiedNanoseconds: raw.loadUnaligned(fromByteOffset: 24, as: Int64.self))
      if let source, source != written { throw .stale }
      let payload = raw.loadUnaligned(fromByteOffset: 32, as: UInt64.self)
      guard payload == UInt64(raw.count - PreparedFile.headerSize) else { throw .truncated }
      guard raw.loadUnaligned(fromByteOffset: 40, as: UInt32.self) == PreparedFile.checksum(raw)
      else { throw .corrupt("checksum") }
      let count = Int(raw.loadUnaligned(fromByteOffset: 12, as: UInt32.self))
      guard count <= (raw.count - PreparedFile.headerSize) / 16 else {
        throw .corrupt("section table")
      }
      var sections: [Range<Int>] = []
      for index in 0..<count {
        let entry = PreparedFile.headerSize + index * 16
        let offset = raw.loadUnaligned(fromByteOffset: entry, as: UInt64.self)
        let length = raw.loadUnaligned(fromByteOffset: entry + 8, as: UInt64.self)
        guard offset % 16 == 0, offset <= UInt64(raw.count),
          length <= UInt64(raw.count) - offset
        else { throw .corrupt("section \(index) out of bounds") }
        sections.append(Int(offset)..<Int(offset + length))
      }
      self.bytes = bytes
      self.sections = sections
    }

    var sectionCount: Int { sections.count }

    /// Section `index` as values of `type`, read in place.
    func section<Value>(_ index: Int, as type: Value.Type) throws(PreparedFile.Invalid)
      -> UnsafeBufferPointer<Value>
    {
      guard sections.indices.contains(index) else { throw .corrupt("section \(index) missing") }
      let range = sections[index]
      guard range.count % MemoryLayout<Value>.stride == 0 else {
        throw .corrupt("section \(index) is not whole values")
      }
      let start = bytes.raw.baseAddress! + range.lowerBound
      return UnsafeBufferPointer(
        start: start.assumingMemoryBound(to: Value.self),
        count: range.count / MemoryLayout<Value>.stride)
    }
  }

  /// CRC-32 of everything after the header.
  static func checksum(_ file: UnsafeRawBufferPointer) -> UInt32 {
    var crc: uLong = crc32(0, nil, 0)
    var offset = headerSize
    while offset < file.count {
      let length = min(file.count - offset, 1 << 30)
      crc = crc32(
        crc, file.baseAddress!.advanced(by: offset).assumingMemoryBound(to: Bytef.self),
        uInt(length))
      offset += length
    }
    return UInt32(truncatingIfNeeded: crc)
  }
}
