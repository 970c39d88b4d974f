import CanonicalJSON
import Crypto
import Foundation
import RedoCore

/// Redo's protocol costs on a generated log, and the redo CLI on a 10,000-task home.
struct RedoSuite {
  var tasks: Int
  var verifyNodes: Int
  var redoBinary: String?
  var python: String?
  var workDirectory: String

  struct Timing: Codable, Sendable {
    var items: Int
    var milliseconds: Double
    var perSecond: Double { Double(items) / (milliseconds / 1000) }

    init(items: Int, nanos: Int64) {
      self.items = items
      milliseconds = Double(nanos) / 1e6
    }
  }

  struct Canonicalization: Codable, Sendable {
    var implementation: String
    var documents: Int
    var bytes: Int
    var parseAndCanonicalizeMilliseconds: Double
    var canonicalizeOnlyMilliseconds: Double
  }

  struct Result: Codable, Sendable {
    var info: RunInfo
    var tasks: Int
    var replayNodes: Int
    var parse: Timing
    var verify: Timing
    var replay: Distribution
    /// The same number of tasks, each forked on two devices and joined by a MERGE.
    var forkedNodes: Int?
    var forkedReplay: Distribution?
    var verifyAll: Timing
    var rawVerify: Timing
    var canonicalization: [Canonicalization]
    var cliTasks: Int?
    var cliList: Distribution?
    var cliAdd: Distribution?
    var cliImportMilliseconds: Double?
  }

  func run() throws -> Result {
    note("signing \(verifyNodes) nodes")
    let corpus = RedoCorpus.make(tasks: max(verifyNodes / 5, tasks))
    let replayTexts = Array(corpus.texts.prefix(tasks * 5))

    note("parsing and verifying \(replayTexts.count) nodes")
    var nodes: [RedoNode] = []
    let parse = try time(replayTexts.count) {
      nodes = try replayTexts.map { try NodeValidator.checkStructure(try JSONParser.parse($0)) }
    }
    let verify = try time(nodes.count) {
      for node in nodes { try NodeValidator.checkIntegrity(node) }
    }
    let replays = try replayTimes(nodes)

    note("replaying \(tasks) forked and merged tasks")
    let forked = try RedoCorpus.makeForked(tasks: tasks).texts.map {
      try NodeValidator.checkStructure(try JSONParser.parse($0))
    }
    let forkedReplays = try replayTimes(forked)

    note("verifying \(verifyNodes) nodes, and the same signatures with swift-crypto alone")
    let all = try corpus.texts.prefix(verifyNodes).map {
      try NodeValidator.checkStructure(try JSONParser.parse($0))
    }
    let verifyAll = try time(all.count) {
      for node in all { try NodeValidator.checkIntegrity(node) }
    }
    let key = try Curve25519.Signing.PublicKey(rawRepresentation: Hex.decode(corpus.publicKey)!)
    let signed = all.map { (body: $0.canonicalBody(), signature: Hex.decode($0.signature!)!) }
    var valid = 0
    let rawVerify = try time(signed.count) {
      for (body, signature) in signed where key.isValidSignature(signature, for: body) {
        valid += 1
      }
    }
    guard valid == signed.count else {
      throw BenchError("raw verification failed \(signed.count - valid) times")
    }

    var canonicalization = [try swiftCanonicalization(replayTexts)]
    if let python {
      canonicalization.append(try pythonCanonicalization(replayTexts, python: python))
    }

    var result = Result(
      info: .current(), tasks: tasks, replayNodes: nodes.count, parse: parse, verify: verify,
      replay: Distribution(replays), forkedNodes: forked.count,
      forkedReplay: Distribution(forkedReplays), verifyAll: verifyAll, rawVerify: rawVerify,
      canonicalization: canonicalization)
    if let redoBinary { try measureCLI(redoBinary, replayTexts, into: &result) }
    return result
  }

  /// 25 replays of the whole log; each must give every task and reject nothing.
  private func replayTimes(_ nodes: [RedoNode]) throws -> [Double] {
    var times: [Double] = []
    for _ in 0..<25 {
      let start = monotonicNanos()
      let result = TaskReplay.replay(nodes)
      times.append(milliseconds(monotonicNanos() - start))
      guard result.tasks.count == tasks, result.rejections.isEmpty else {
        throw BenchError(
          "replay gave \(result.tasks.count) tasks and \(result.rejections.count) rejections")
      }
    }
    return times
  }

  private func time(_ items: Int, _ body: () throws -> Void) throws -> Timing {
    let start = monotonicNanos()
    try body()
    return Timing(items: items, nanos: monotonicNanos() - start)
  }

  private func swiftCanonicalization(_ texts: [[UInt8]]) throws -> Canonicalization {
    let bytes = texts.reduce(0) { $0 + $1.count }
    var output = 0
    let both = try time(texts.count) {
      for text in texts { output += try JSON.canonicalize(text).count }
    }
    let parsed = try texts.map { try JSONParser.parse($0) }
    let only = try time(parsed.count) {
      for value in parsed { output += try value.canonicalBytes().count }
    }
    guard output == 2 * bytes else { throw BenchError("canonical output differs") }
    return Canonicalization(
      implementation: "Swift (CanonicalJSON)", documents: texts.count, bytes: bytes,
      parseAndCanonicalizeMilliseconds: both.milliseconds,
      canonicalizeOnlyMilliseconds: only.milliseconds)
  }

  /// The rfc8785 package on the same documents, timed inside Python.
  private func pythonCanonicalization(_ texts: [[UInt8]], python: String) throws -> Canonicalization
  {
    let path = workDirectory + "/corpus.jsonl"
    FileManager.default.createFile(atPath: path, contents: Data(texts.joined(separator: [0x0A])))
    let script = """
      import json, sys, time, rfc8785
      lines = open(sys.argv[1], "rb").read().split(b"\\n")
      start = time.perf_counter()
      out = [rfc8785.dumps(json.loads(line)) for line in lines]
      both = time.perf_counter() - start
      parsed = [json.loads(line) for line in lines]
      start = time.perf_counter()
      again = [rfc8785.dumps(value) for value in parsed]
      only = time.perf_counter() - start
      assert out == again == lines, "rfc8785 disagrees with the canonical corpus"
      print(json.dumps({"version": rfc8785.__version__ if hasattr(rfc8785, "__version__") else "", "both": both * 1000, "only": only * 1000}))
      """
    let output = try runProcess(python, ["-c", script, path])
    guard let json = try? JSONParser.parse(Array(output.utf8)),
      let both = json["both"]?.numberValue,
      let only = json["only"]?.numberValue
    else { throw BenchError("python said: \(output)") }
    return Canonicalization(
      implementation: "Python rfc8785 0.1.4 (json.loads + rfc8785.dumps)", documents: texts.count,
      bytes: texts.reduce(0) { $0 + $1.count }, parseAndCanonicalizeMilliseconds: both,
      canonicalizeOnlyMilliseconds: only)
  }

  /// A home holding `tasks` tasks, then `redo list` and `redo add` as a person runs them.
  private func measureCLI(_ redo: String, _ texts: [[UInt8]], into result: inout Result) throws {
    let home = workDirectory + "/home"
    try? FileManager.default.removeItem(atPath: home)
    let environment = ["REDO_HOME": home, "TZ": "UTC"]
    _ = try runProcess(redo, ["init"], environment: environment)
    let export = workDirectory + "/export.json"
    FileManager.default.createFile(
      atPath: export,
      contents: Data(
        [UInt8(ascii: "[")] + texts.joined(separator: [UInt8(ascii: ",")]) + [UInt8(ascii: "]")]))
    note("importing \(texts.count) nodes into a redo home")
    let start = monotonicNanos()
    _ = try runProcess(redo, ["import", export], environment: environment)
    result.cliImportMilliseconds = milliseconds(monotonicNanos() - start)
    _ = try runProcess(redo, ["list"], environment: environment)
    var lists: [Double] = []
    var adds: [Double] = []
    for round in 0..<15 {
      var begin = monotonicNanos()
      let listed = try runProcess(redo, ["list", "--all"], environment: environment)
      lists.append(milliseconds(monotonicNanos() - begin))
      guard listed.split(separator: "\n").count > tasks else {
        throw BenchError("redo list shows too few tasks")
      }
      begin = monotonicNanos()
      _ = try runProcess(
        redo, ["add", "Benchmark task \(round)", "--priority", "3"], environment: environment)
      adds.append(milliseconds(monotonicNanos() - begin))
    }
    result.cliTasks = tasks
    result.cliList = Distribution(lists)
    result.cliAdd = Distribution(adds)
  }
}

/// A signed log: per task a CREATE, its CREATE_TODO, an UPDATE, a COMPLETE_TODO and the next
/// CREATE_TODO, as a weekly task looks after one completion.
struct RedoCorpus {
  /// Version 4 UUIDs numbered in order: 00000000-0000-4000-VVVV-000000000001, …
  struct SequentialUUIDs {
    let variant: String
    var counter = 0

    mutating func next() -> String {
      counter += 1
      let hex = String(counter, radix: 16)
      return "00000000-0000-4000-\(variant)-" + String(repeating: "0", count: 12 - hex.count) + hex
    }
  }

  var texts: [[UInt8]] = []
  var publicKey = ""

  static func make(tasks: Int) -> RedoCorpus {
    let key = RedoKey.generate()
    var corpus = RedoCorpus(publicKey: key.publicKeyHex)
    var clock = WallTime(wall: "2026-01-01T00:00:00.000Z")!
    var ids = SequentialUUIDs(variant: "8000")
    func uuid() -> String { ids.next() }
    for index in 0..<tasks {
      let taskId = uuid()
      let todo = uuid()
      var node = key.sign(
        NodeDraft(
          taskId: taskId, parents: [], lamport: 1, action: .create,
          payload: [
            "title": .string("Task \(index)"), "priority": .number(Double(index % 5 + 1)),
            "frequencyDays": 7,
          ]),
        deviceId: "bench", wall: clock.description)
      var chain = [node]
      let steps: [(NodeAction, [String: JSON])] = [
        (
          .createTodo,
          [
            "todoTaskId": .string(todo),
            "deadline": .string(clock.adding(days: index % 30 - 10).description),
          ]
        ),
        (.update, ["description": .string("Generated for the benchmark")]),
        (
          .completeTodo,
          ["todoTaskId": .string(todo), "completed": .string(clock.adding(days: 1).description)]
        ),
        (
          .createTodo,
          ["todoTaskId": .string(uuid()), "deadline": .string(clock.adding(days: 8).description)]
        ),
      ]
      for (action, payload) in steps {
        clock = WallTime(milliseconds: clock.milliseconds + 1)
        node = key.sign(
          .init(
            taskId: taskId, parents: [node.id], lamport: node.lamport + 1, action: action,
            payload: payload),
          deviceId: "bench", wall: clock.description)
        chain.append(node)
      }
      corpus.texts += chain.map { try! $0.json.canonicalBytes() }
    }
    return corpus
  }
}

func runProcess(_ executable: String, _ arguments: [String], environment: [String: String] = [:])
  throws -> String
{
  let process = Process()
  process.executableURL = URL(fileURLWithPath: executable)
  process.arguments = arguments
  process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
  let output = Pipe()
  process.standardOutput = output
  try process.run()
  let data = output.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  guard process.terminationStatus == 0 else {
    throw BenchError(
      "\(executable) \(arguments.prefix(2).joined(separator: " ")) exited \(process.terminationStatus)"
    )
  }
  return String(decoding: data, as: UTF8.self)
}
