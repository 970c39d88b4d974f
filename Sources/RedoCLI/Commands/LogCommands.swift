import ArgumentParser
import CanonicalJSON
import Foundation
import RedoCore

struct Export: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "export",
    abstract: "Write every node as a JSON array (to FILE or stdout).")

  @Argument(help: "Where to write; standard output when left out.") var file: String?

  func run() throws {
    let store = try RedoHome.resolve().openStore()
    var output: [UInt8] = [UInt8(ascii: "[")]
    for (index, node) in try store.allNodeBytes().enumerated() {
      output += (index == 0 ? [] : [UInt8(ascii: ","), 0x0A]) + node.bytes
    }
    output += [UInt8(ascii: "]"), 0x0A]
    if let file {
      guard FileManager.default.createFile(atPath: file, contents: Data(output)) else {
        throw CLIError("cannot write \(file)")
      }
    } else {
      FileHandle.standardOutput.write(Data(output))
    }
  }
}

/// Reads a JSON array of nodes and checks each one alone, then (unless they are to join a store
/// that holds their ancestors) the valid ones together.
struct NodeFile {
  var verdicts: [(id: String?, rejection: NodeRejection?)] = []
  var valid: [RedoNode] = []

  init(bytes: [UInt8], together: Bool = true) throws {
    let document: JSON
    do {
      document = try JSONParser.parse(bytes)
    } catch {
      throw CLIError("not a JSON array of nodes: \(error)")
    }
    guard let entries = document.arrayValue else {
      throw CLIError("expected a JSON array of nodes")
    }
    var single: [Int: NodeRejection] = [:]
    var candidates: [RedoNode] = []
    for (index, entry) in entries.enumerated() {
      do {
        candidates.append(try NodeValidator.validate(entry))
      } catch {
        single[index] = error
      }
    }
    let replay = TaskReplay.replay(together ? candidates : [])
    let graph = Dictionary(
      replay.rejections.map { ($0.nodeId ?? "", $0) }, uniquingKeysWith: { first, _ in first })
    for (index, entry) in entries.enumerated() {
      let id = entry["id"]?.stringValue
      let rejection = single[index] ?? id.flatMap { graph[$0] }
      verdicts.append((id, rejection))
    }
    let validIds = replay.validNodeIds()
    valid = together ? candidates.filter { validIds.contains($0.id) } : candidates
  }

  var rejectedCount: Int { verdicts.filter { $0.rejection != nil }.count }
}

struct Import: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "import",
    abstract: "Add the valid nodes of a JSON array (FILE or -) to this home.")

  @Argument(help: "A file written by `redo export`, or - for standard input.") var file: String

  func run() throws {
    let store = try RedoHome.resolve().openStore()
    // Each node is checked alone here and against what the store holds on insert, so a file of
    // new nodes whose parents are stored already is taken.
    let nodes = try NodeFile(bytes: try readInput(file), together: false)
    let (added, refused) = try store.insert(nodes.valid, keepValid: true)
    let rejections = nodes.verdicts.compactMap(\.rejection) + refused
    for rejection in rejections {
      FileHandle.standardError.write(Data("skipped \(rejection)\n".utf8))
    }
    let kept = nodes.valid.count - added.count - refused.count
    print(
      "Imported \(added.count) new node\(added.count == 1 ? "" : "s"); \(kept) already here; \(rejections.count) rejected."
    )
  }
}

struct Verify: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "verify",
    abstract:
      "Check nodes: each one in FILE with its verdict, or with --all everything stored here.",
    discussion: "Exits non-zero if any node is invalid.")

  @Argument(help: "A JSON array of nodes, or - for standard input.") var file: String?
  @Flag(help: "Re-validate this home's whole store and rebuild its cache.") var all = false
  @Flag(help: "Verdicts as JSON.") var json = false

  func validate() throws {
    if (file == nil) == !all {
      throw ValidationError("give a FILE to check, or --all for this home's store")
    }
  }

  func run() throws {
    if all {
      let (checked, rejections) = try RedoHome.resolve().openStore().verifyAll()
      for rejection in rejections { print(rejection) }
      print(
        "\(checked) nodes checked, \(rejections.count) invalid\(rejections.isEmpty ? "" : " and removed")"
      )
      if !rejections.isEmpty { throw ExitCode(1) }
      return
    }
    let nodes = try NodeFile(bytes: try readInput(file!))
    if json {
      try printJSON(
        .array(
          nodes.verdicts.map { verdict in
            var members: [String: JSON] = [
              "id": verdict.id.map(JSON.string) ?? .null, "valid": .bool(verdict.rejection == nil),
            ]
            if let rejection = verdict.rejection {
              members["code"] = .string(rejection.code.rawValue)
              members["reason"] = .string(rejection.reason)
            }
            return .object(members)
          }))
    } else {
      for verdict in nodes.verdicts {
        if let rejection = verdict.rejection {
          print("\(rejection.code.rawValue)  \(verdict.id ?? "(no id)")  \(rejection.reason)")
        } else {
          print("ok  \(verdict.id ?? "")")
        }
      }
      print("\(nodes.verdicts.count) nodes, \(nodes.rejectedCount) invalid")
    }
    if nodes.rejectedCount > 0 { throw ExitCode(1) }
  }
}

struct Debug: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "debug",
    abstract: "Protocol tools.", subcommands: [DebugCanonical.self, DebugHash.self])
}

struct DebugCanonical: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "canonical", abstract: "Standard input JSON to its RFC 8785 canonical form.")

  @Flag(help: "Read JSON Lines: canonicalize each line on its own, one result per line.")
  var lines = false

  func run() throws {
    let input = try readInput("-")
    guard lines else {
      do {
        return FileHandle.standardOutput.write(Data(try JSON.canonicalize(input)))
      } catch {
        throw CLIError(error.description)
      }
    }
    var output: [UInt8] = []
    var failures = 0
    for (number, line) in input.split(separator: 0x0A, omittingEmptySubsequences: false)
      .enumerated()
    where !line.isEmpty {
      do {
        output += try JSON.canonicalize(Array(line)) + [0x0A]
      } catch {
        failures += 1
        output += Array("error: line \(number + 1): \(error)\n".utf8)
      }
    }
    FileHandle.standardOutput.write(Data(output))
    if failures > 0 { throw ExitCode(1) }
  }
}

struct DebugHash: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "hash",
    abstract: "Standard input node JSON to its id (id and signature are left out of the hash).")

  func run() throws {
    do {
      guard case .object(var members) = try JSONParser.parse(try readInput("-")) else {
        throw CLIError("expected a JSON object (a node)")
      }
      members["id"] = nil
      members["signature"] = nil
      print(NodeCrypto.contentID(ofCanonicalBody: try JSON.object(members).canonicalBytes()))
    } catch let error as CanonicalJSONError {
      throw CLIError(error.description)
    }
  }
}
