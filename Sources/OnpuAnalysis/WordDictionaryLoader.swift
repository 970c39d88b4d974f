import Foundation
import OnpuCore
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// EDICT, read once per process and file on a thread of its own the first time someone asks
/// (about a second and a half of CPU in a release build): the lyrics analyzer, when it loads, and
/// the word search share the one copy.
public final class WordDictionaryLoader: Sendable {
  public typealias Loaded = Result<WordDictionary, OnpuResources.LoadFailure>

  private enum State {
    case idle
    case loading([@Sendable (Loaded) -> Void])
    case done(Loaded)
  }

  public let path: String
  private let state = Mutex(State.idle)

  public init(path: String) { self.path = path }

  private static let shared = Mutex<[String: WordDictionaryLoader]>([:])

  /// The one loader of `configured` (ONPU_EDICT_PATH) or the default file in this process.
  public static func shared(configured: String?) -> WordDictionaryLoader {
    let path = configured ?? OnpuResources.defaultEdict
    return shared.withLock { loaders in
      if let loader = loaders[path] { return loader }
      let loader = WordDictionaryLoader(path: path)
      loaders[path] = loader
      return loader
    }
  }

  /// The dictionary once loaded; nil while loading or before anyone asked.
  public var loaded: WordDictionary? {
    state.withLock { state in
      if case .done(.success(let dictionary)) = state { return dictionary }
      return nil
    }
  }

  /// Starts loading without waiting for it.
  public func warm() {
    let start = state.withLock { state -> Bool in
      guard case .idle = state else { return false }
      state = .loading([])
      return true
    }
    if start { spawn() }
  }

  public func dictionary() async -> Loaded {
    await withCheckedContinuation { continuation in
      whenLoaded { continuation.resume(returning: $0) }
    }
  }

  /// The dictionary, waiting on this thread while another loads it: for the lyrics analyzer,
  /// which is built synchronously and reads compounds with it.
  public func wait() -> Loaded {
    let ready = DispatchSemaphore(value: 0)
    let result = Mutex<Loaded?>(nil)
    whenLoaded { loaded in
      result.withLock { $0 = loaded }
      ready.signal()
    }
    ready.wait()
    return result.withLock { $0! }
  }

  /// Calls `done` with the dictionary once loaded, loading it if nobody has asked yet.
  private func whenLoaded(_ done: @escaping @Sendable (Loaded) -> Void) {
    let action = state.withLock { state -> (Loaded?, Bool) in
      switch state {
      case .done(let loaded): return (loaded, false)
      case .loading(let waiting):
        state = .loading(waiting + [done])
        return (nil, false)
      case .idle:
        state = .loading([done])
        return (nil, true)
      }
    }
    if let loaded = action.0 { done(loaded) }
    if action.1 { spawn() }
  }

  private func spawn() {
    let thread = Thread { [self] in
      let loaded = Loaded { () throws(OnpuResources.LoadFailure) -> WordDictionary in
        do {
          return try OnpuResources.loadWordDictionary(
            from: try OnpuResources.edictFile(configured: path))
        } catch {
          throw OnpuResources.LoadFailure(description: String(describing: error))
        }
      }
      let waiting = state.withLock { state -> [@Sendable (Loaded) -> Void] in
        defer { state = .done(loaded) }
        if case .loading(let waiting) = state { return waiting }
        return []
      }
      for done in waiting { done(loaded) }
    }
    thread.stackSize = 1 << 22
    thread.start()
  }
}

extension OnpuResources {
  public static let defaultEdict = "/usr/share/edict/edict"

  public static func edictFile(configured: String?) throws -> URL {
    let path = configured ?? defaultEdict
    guard FileManager.default.isReadableFile(atPath: path) else {
      throw MissingError(
        description:
          "EDICT is not installed: \(path) is missing. Run \(installCommand) (it installs Debian's edict), or set ONPU_EDICT_PATH"
      )
    }
    return URL(fileURLWithPath: path)
  }

  /// EDICT as Debian ships it (EUC-JP), or already in UTF-8.
  public static func loadWordDictionary(from file: URL) throws -> WordDictionary {
    let bytes = Array(try Data(contentsOf: file))
    let utf8 = try String(validating: bytes, as: UTF8.self) == nil ? decodeEUCJP(bytes) : bytes
    return WordDictionary(entries: utf8.withUnsafeBufferPointer(EdictParser.entries(utf8:)))
  }

  /// EUC-JP to UTF-8 with the C library's iconv.
  static func decodeEUCJP(_ bytes: [UInt8]) throws -> [UInt8] {
    let opened: UnsafeMutableRawPointer? = iconv_open("UTF-8", "EUC-JP")
    guard let converter = opened, Int(bitPattern: converter) != -1 else {
      throw MissingError(description: "this system's iconv cannot read EUC-JP")
    }
    defer { iconv_close(converter) }
    var input = bytes
    var output = [UInt8](repeating: 0, count: bytes.count * 2 + 16)
    let written = input.withUnsafeMutableBytes { inBuffer in
      output.withUnsafeMutableBytes { outBuffer -> Int in
        var inPointer = inBuffer.baseAddress?.assumingMemoryBound(to: CChar.self)
        var inLeft = inBuffer.count
        var outPointer = outBuffer.baseAddress?.assumingMemoryBound(to: CChar.self)
        var outLeft = outBuffer.count
        while inLeft > 0 {
          if iconv(converter, &inPointer, &inLeft, &outPointer, &outLeft) == -1 {
            // A byte sequence EUC-JP lacks: skip one byte and go on.
            guard errno == EILSEQ || errno == EINVAL, inLeft > 0 else { break }
            inPointer = inPointer.map { $0 + 1 }
            inLeft -= 1
          }
        }
        return outBuffer.count - outLeft
      }
    }
    output.removeSubrange(written...)
    return output
  }
}
