import Foundation
import OnpuCore
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// EDICT, opened once per process and file on a thread of its own the first time someone asks:
/// its prepared copy in the cache directory mapped read-only, or, when there is none yet or it is
/// out of date, prepared first from EDICT (a few seconds of CPU). The lyrics analyzer, when it
/// loads, and the word search share the one copy, and every process the same pages.
public final class WordDictionaryLoader: Sendable {
  public typealias Loaded = Result<WordDictionary, OnpuResources.LoadFailure>

  private enum State {
    case idle
    case loading([@Sendable (Loaded) -> Void])
    case done(Loaded)
  }

  public let path: String
  /// Where the prepared copy is kept.
  public let cacheDirectory: String
  private let state = Mutex(State.idle)

  public init(path: String, cacheDirectory: String? = nil) {
    self.path = path
    self.cacheDirectory = cacheDirectory ?? OnpuResources.defaultCacheDirectory()
  }

  private static let shared = Mutex<[[String]: WordDictionaryLoader]>([:])

  /// The one loader of `configured` (ONPU_EDICT_PATH) or the default file in this process,
  /// prepared into `cacheDirectory` (ONPU_CACHE_DIR) or the default one.
  public static func shared(configured: String?, cacheDirectory: String? = nil)
    -> WordDictionaryLoader
  {
    let path = configured ?? OnpuResources.defaultEdict
    let cache = cacheDirectory ?? OnpuResources.defaultCacheDirectory()
    return shared.withLock { loaders in
      if let loader = loaders[[path, cache]] { return loader }
      let loader = WordDictionaryLoader(path: path, cacheDirectory: cache)
      loaders[[path, cache]] = loader
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
          return try OnpuResources.preparedWordDictionary(
            from: try OnpuResources.edictFile(configured: path), cacheDirectory: cacheDirectory
          ).dictionary
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
    WordDictionary(entries: try edictEntries(from: file))
  }

  public static func edictEntries(from file: URL) throws -> [WordEntry] {
    let bytes = Array(try Data(contentsOf: file))
    let utf8 = try String(validating: bytes, as: UTF8.self) == nil ? decodeEUCJP(bytes) : bytes
    return utf8.withUnsafeBufferPointer(EdictParser.entries(utf8:))
  }

  /// How a prepared dictionary was opened: found ready in the cache, or prepared from its
  /// source and why (missing, stale, of another version, corrupt).
  public enum Preparation: Equatable, Sendable {
    case reused
    case prepared(because: String)
  }

  /// EDICT's prepared copy in `cacheDirectory`, mapped read-only, prepared first when missing
  /// or out of date.
  public static func preparedWordDictionary(from file: URL, cacheDirectory: String) throws
    -> (dictionary: WordDictionary, preparation: Preparation)
  {
    let (reader, outcome) = try PreparedFile.load(
      source: file.path, kind: "edict", version: WordDictionary.formatVersion,
      cache: cacheDirectory
    ) { source in
      WordDictionary.prepared(try edictEntries(from: file), source: source)
    }
    let preparation: Preparation =
      switch outcome {
      case .reused: .reused
      case .prepared(let reason): .prepared(because: reason.description)
      }
    return (try WordDictionary(reader), preparation)
  }

  /// The cache directory when none is set: $XDG_CACHE_HOME/hearth, else ~/.cache/hearth.
  public static func defaultCacheDirectory(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> String {
    if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") { return cache + "/hearth" }
    if let home = environment["HOME"], !home.isEmpty { return home + "/.cache/hearth" }
    return NSTemporaryDirectory() + "hearth-cache"
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
