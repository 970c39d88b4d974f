import AsyncHTTPClient
import Foundation
import HearthSQL
import Logging

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Monotonic time in nanoseconds, comparable across tasks and threads of this process.
func monotonicNanos() -> Int64 {
  var spec = timespec()
  clock_gettime(CLOCK_MONOTONIC, &spec)
  return Int64(spec.tv_sec) * 1_000_000_000 + Int64(spec.tv_nsec)
}

func milliseconds(_ nanos: Int64) -> Double { Double(nanos) / 1e6 }

/// Percentiles over a sample, nearest-rank (p in 0...100).
struct Distribution: Codable, Sendable {
  var count: Int
  var p50: Double
  var p99: Double
  var max: Double
  var mean: Double

  /// `values` in milliseconds.
  init(_ values: [Double]) {
    let sorted = values.sorted()
    count = sorted.count
    func rank(_ p: Double) -> Double {
      guard !sorted.isEmpty else { return .nan }
      let index = Int((p / 100 * Double(sorted.count)).rounded(.up)) - 1
      return sorted[Swift.max(0, Swift.min(sorted.count - 1, index))]
    }
    p50 = rank(50)
    p99 = rank(99)
    max = sorted.last ?? .nan
    mean = sorted.isEmpty ? .nan : sorted.reduce(0, +) / Double(sorted.count)
  }
}

/// A value shared between tasks behind a lock.
final class Shared<Value: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: Value
  init(_ value: Value) { stored = value }
  func with<R>(_ body: (inout Value) throws -> R) rethrows -> R {
    lock.lock()
    defer { lock.unlock() }
    return try body(&stored)
  }
  var value: Value { with { $0 } }
}

/// What every result file records about where and when it was measured.
struct RunInfo: Codable, Sendable {
  var date: String
  var machine: String
  /// The 1-minute load average as the suite started: other work on the machine skews figures.
  var loadAverage: Double?

  static func current() -> RunInfo {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime]
    let load = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))
      .flatMap { $0.split(separator: " ").first }.flatMap { Double($0) }
    return RunInfo(
      date: formatter.string(from: Date()), machine: machineDescription(), loadAverage: load)
  }
}

/// "N cores, CPU model" from nproc and /proc/cpuinfo.
func machineDescription() -> String {
  let cores = ProcessInfo.processInfo.activeProcessorCount
  var model = "unknown CPU"
  if let cpuinfo = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) {
    for line in cpuinfo.split(separator: "\n") {
      let parts = line.split(separator: ":", maxSplits: 1)
      guard parts.count == 2 else { continue }
      let key = parts[0].trimmingCharacters(in: .whitespaces)
      if key == "model name" || key == "Hardware" || key == "cpu model" {
        model = parts[1].trimmingCharacters(in: .whitespaces)
        break
      }
    }
  }
  var memory = ""
  if let meminfo = try? String(contentsOfFile: "/proc/meminfo", encoding: .utf8),
    let line = meminfo.split(separator: "\n").first(where: { $0.hasPrefix("MemTotal:") }),
    let kib = Double(line.split(separator: " ").dropFirst().first ?? "")
  {
    memory = String(format: ", %.1f GiB RAM", kib / 1_048_576)
  }
  return "\(cores) cores (nproc), \(model)\(memory)"
}

func writeJSON<T: Encodable>(_ value: T, to path: String) throws {
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
  encoder.nonConformingFloatEncodingStrategy = .convertToString(
    positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
  let data = try encoder.encode(value)
  let url = URL(fileURLWithPath: path)
  try FileManager.default.createDirectory(
    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
  try data.write(to: url, options: .atomic)
}

func quietLogger(_ label: String) -> Logger {
  var logger = Logger(label: label)
  logger.logLevel = .warning
  return logger
}

/// Progress goes to stderr, so that stdout stays free for values a script reads.
func note(_ message: String) {
  FileHandle.standardError.write(Data("hearth-bench: \(message)\n".utf8))
}

/// A loopback TCP port nobody listens on right now (bound, read, released).
func freeLoopbackPort() throws -> Int {
  let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
  guard fd >= 0 else { throw BenchError("socket() failed: errno \(errno)") }
  defer { close(fd) }
  var address = sockaddr_in()
  address.sin_family = sa_family_t(AF_INET)
  address.sin_port = 0
  address.sin_addr.s_addr = inet_addr("127.0.0.1")
  var length = socklen_t(MemoryLayout<sockaddr_in>.size)
  let bound = withUnsafePointer(to: &address) {
    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
  }
  guard bound == 0 else { throw BenchError("bind() failed: errno \(errno)") }
  let named = withUnsafeMutablePointer(to: &address) {
    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
  }
  guard named == 0 else { throw BenchError("getsockname() failed: errno \(errno)") }
  return Int(UInt16(bigEndian: address.sin_port))
}

struct BenchError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}

/// Runs `body`, failing with `BenchError` if it takes longer than `limit`.
func withDeadline<T: Sendable>(
  _ limit: Duration, _ what: String, _ body: @escaping @Sendable () async throws -> T
) async throws -> T {
  try await withThrowingTaskGroup(of: T?.self) { group in
    group.addTask { try await body() }
    group.addTask {
      try await Task.sleep(for: limit)
      return nil
    }
    defer { group.cancelAll() }
    guard let first = try await group.next(), let value = first else {
      throw BenchError("\(what) did not finish within \(limit)")
    }
    return value
  }
}
/// Runs a program to completion and returns its exit status and combined output.
///
/// Spawned with posix_spawn and an empty signal mask: Foundation's Process hands the child the
/// calling thread's mask, in which nearly every signal is blocked, and pgbench relies on
/// SIGALRM to end a `-T` run.
func runProcess(_ path: String, _ arguments: [String]) async throws -> (Int32, String) {
  let outputPath = FileManager.default.temporaryDirectory
    .appendingPathComponent("hearth-bench-\(getpid())-\(UUID().uuidString).out").path
  defer { try? FileManager.default.removeItem(atPath: outputPath) }

  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
  posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
  posix_spawn_file_actions_adddup2(&actions, 1, 2)
  var attributes = posix_spawnattr_t()
  posix_spawnattr_init(&attributes)
  defer { posix_spawnattr_destroy(&attributes) }
  var none = sigset_t()
  sigemptyset(&none)
  var all = sigset_t()
  sigfillset(&all)
  posix_spawnattr_setsigmask(&attributes, &none)
  posix_spawnattr_setsigdefault(&attributes, &all)
  posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

  let argv = ([path] + arguments).map { strdup($0) } + [nil]
  defer { for pointer in argv { free(pointer) } }
  var pid = pid_t()
  let spawned = posix_spawn(&pid, path, &actions, &attributes, argv, environ)
  guard spawned == 0 else { throw BenchError("could not start \(path): error \(spawned)") }
  let child = pid
  let status = await Task.detached { () -> Int32 in
    var status: Int32 = 0
    while waitpid(child, &status, 0) < 0 && errno == EINTR {}
    return status
  }.value
  let output = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
  // WIFEXITED / WEXITSTATUS, which Swift does not import as functions.
  let exitCode = status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
  return (exitCode, output)
}

/// Sends `request` and returns the JSON object it answers; throws with the answer when the
/// status is not 2xx or the body is not an object.
func jsonObject(_ client: HTTPClient, _ request: HTTPClientRequest) async throws -> [String: Any] {
  let response = try await client.execute(request, timeout: .seconds(120))
  let data = Data(buffer: try await response.body.collect(upTo: 1 << 22))
  guard (200..<300).contains(Int(response.status.code)),
    let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
  else {
    throw BenchError(
      "\(request.method) \(request.url) answered \(response.status): \(String(decoding: data, as: UTF8.self))"
    )
  }
  return object
}
