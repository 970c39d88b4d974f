import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The bytes a prepared dictionary is read from in place: a read-only shared mapping of its
/// file, whose pages the kernel shares between processes and may drop under pressure, or memory
/// of its own for one built without a file.
final class DictionaryBytes: @unchecked Sendable {
  struct MapError: Error, CustomStringConvertible {
    var description: String
  }

  /// Never written after init; unmapped or freed only when the last reader lets go.
  let raw: UnsafeRawBufferPointer
  private let isMapped: Bool

  init(copying bytes: [UInt8]) {
    let memory = UnsafeMutableRawBufferPointer.allocate(
      byteCount: max(bytes.count, 1), alignment: 16)
    bytes.withUnsafeBytes { memory.copyMemory(from: $0) }
    raw = UnsafeRawBufferPointer(rebasing: memory[..<bytes.count])
    isMapped = false
  }

  init(mapping path: String) throws(MapError) {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw MapError(description: "cannot open \(path)") }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      throw MapError(description: "cannot stat \(path)")
    }
    let size = Int(status.st_size)
    guard size > 0 else { throw MapError(description: "\(path) is empty") }
    let address = mmap(nil, size, PROT_READ, MAP_SHARED, descriptor, 0)
    guard let address, address != MAP_FAILED else {
      throw MapError(description: "cannot map \(path): \(String(cString: strerror(errno)))")
    }
    raw = UnsafeRawBufferPointer(start: address, count: size)
    isMapped = true
  }

  deinit {
    if isMapped {
      munmap(UnsafeMutableRawPointer(mutating: raw.baseAddress), raw.count)
    } else {
      UnsafeMutableRawPointer(mutating: raw.baseAddress)?.deallocate()
    }
  }
}
