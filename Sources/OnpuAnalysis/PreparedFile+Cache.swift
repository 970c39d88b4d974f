import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension PreparedFile {
  /// How a prepared file was had: found ready, or prepared again and why.
  enum Outcome: Equatable, Sendable {
    case reused
    case prepared(because: Invalid)
  }

  /// Where the prepared copy of `source` is kept in `directory`: named after the source's
  /// absolute path, so that two sources never share one.
  static func path(of source: String, kind: String, in directory: String) -> String {
    var path = URL(fileURLWithPath: source).standardizedFileURL.path
    let hash = path.withUTF8 { UInt64(bitPattern: Int64(WordKeyTable.Builder.hash($0))) }
    let name = "\(kind)-\(String(hash, radix: 16)).prepared"
    return URL(fileURLWithPath: directory).appendingPathComponent(name).path
  }

  /// The prepared copy of `source` in `directory`, mapped read-only; prepared from the source
  /// with `prepare` when it is missing, stale, of another version or corrupt, and written there
  /// atomically. One process prepares at a time (a lock file beside it): a `serve` and a
  /// `worker` starting together prepare once, the second mapping what the first wrote. When the
  /// directory cannot take it, the prepared bytes are read from memory instead.
  static func load(
    source: String, kind: String, version: UInt32, cache directory: String,
    prepare: (Source) throws -> [UInt8]
  ) throws -> (Reader, Outcome) {
    let stamp = try Source(of: source)
    let path = path(of: source, kind: kind, in: directory)
    let reason: Invalid
    do throws(Invalid) {
      return (try Reader(try map(path), version: version, source: stamp), .reused)
    } catch {
      reason = error
    }
    let lock = Lock(path + ".lock")
    defer { lock.release() }
    if let ready = try? Reader(map(path), version: version, source: stamp) {
      return (ready, .reused)
    }
    let kept: Reader
    do {
      let image = try prepare(stamp)
      if (try? write(image, to: path)) != nil,
        let reader = try? Reader(map(path), version: version, source: stamp)
      {
        kept = reader
      } else {
        kept = try Reader(DictionaryBytes(copying: image), version: version, source: stamp)
      }
    }
    // Preparing parsed the whole source into memory since freed: give its pages back.
    releaseFreedMemory()
    return (kept, .prepared(because: reason))
  }

  private static func map(_ path: String) throws(Invalid) -> DictionaryBytes {
    guard FileManager.default.fileExists(atPath: path) else { throw .missing }
    do {
      return try DictionaryBytes(mapping: path)
    } catch {
      throw error.description.hasSuffix("is empty") ? .truncated : .unreadable(error.description)
    }
  }

  /// Written to a file of this process's own beside `path`, then renamed over it.
  static func write(_ bytes: [UInt8], to path: String) throws {
    let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let temporary = "\(path).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      throw DictionaryBytes.MapError(description: "cannot write \(temporary)")
    }
    var written = 0
    let complete = bytes.withUnsafeBytes { bytes -> Bool in
      while written < bytes.count {
        let count = writeBytes(descriptor, bytes.baseAddress! + written, bytes.count - written)
        if count <= 0 { return false }
        written += count
      }
      return fsync(descriptor) == 0
    }
    close(descriptor)
    guard complete, rename(temporary, path) == 0 else {
      unlink(temporary)
      throw DictionaryBytes.MapError(description: "cannot write \(path)")
    }
  }
}

/// An exclusive flock(2) on a file, held until released; none when the file cannot be opened
/// (each process then prepares its own copy, and one rename wins).
private struct Lock {
  private let descriptor: Int32

  init(_ path: String) {
    try? FileManager.default.createDirectory(
      atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path,
      withIntermediateDirectories: true)
    descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    if descriptor >= 0 {
      while flock(descriptor, LOCK_EX) != 0, errno == EINTR {}
    }
  }

  func release() {
    if descriptor >= 0 { close(descriptor) }
  }
}

/// glibc's malloc_trim, which returns the free pages of every arena to the kernel (looked up, as
/// Swift's Glibc module does not declare it); nothing elsewhere.
private func releaseFreedMemory() {
  #if canImport(Glibc)
    typealias Trim = @convention(c) (Int) -> Int32
    if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") {
      _ = unsafeBitCast(symbol, to: Trim.self)(0)
    }
  #endif
}

private func writeBytes(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  #if canImport(Glibc)
    Glibc.write(descriptor, bytes, count)
  #else
    Darwin.write(descriptor, bytes, count)
  #endif
}
