import ArgumentParser
import CanonicalJSON
import Foundation
import RedoCore

struct Login: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "login",
    abstract: "Sign in to a Hearth server and register this device's public key with your account.")

  @Option(help: "The Hearth server, e.g. http://127.0.0.1:8080.") var server: String
  @Option(help: "Your Hearth account's email.") var email: String
  @Flag(help: "Read the password from standard input instead of asking.") var passwordStdin = false

  func run() async throws {
    let workspace = try Workspace.open()
    guard let url = URL(string: server), url.scheme == "http" || url.scheme == "https" else {
      throw ValidationError("--server must be an http:// or https:// address, not \(server)")
    }
    let password = try readPassword()
    var client = HearthClient(baseURL: server)
    let label = workspace.identity.name.map { "redo CLI (\($0))" } ?? "redo CLI"
    let session = try await client.post(
      "/api/auth/login",
      ["email": .string(email), "password": .string(password), "label": .string(label)])
    guard let access = session["accessToken"]?.stringValue,
      let refresh = session["refreshToken"]?.stringValue,
      let accountId = session["user"]?["id"]?.stringValue
    else { throw CLIError("\(server) did not answer like a Hearth server") }
    client.accessToken = access
    let key = workspace.identity.key
    let proof = key.signatureHex(
      for: KeyRegistration.message(accountId: accountId, publicKey: key.publicKeyHex))
    _ = try await client.post(
      "/api/redo/keys",
      [
        "publicKey": .string(key.publicKeyHex), "proof": .string(proof),
        "label": .string(workspace.identity.deviceId),
      ])
    try workspace.store.setMeta("server", client.baseURL)
    try workspace.store.setMeta("email", email)
    try workspace.store.setMeta("accountId", accountId)
    try workspace.store.setMeta("refreshToken", refresh)
    print(
      "Signed in to \(client.baseURL) as \(email); this device's key is registered. Run `redo sync`."
    )
  }

  private func readPassword() throws -> String {
    if passwordStdin {
      guard let line = readLine(strippingNewline: true), !line.isEmpty else {
        throw CLIError("no password on standard input")
      }
      return line
    }
    guard let typed = getpass("Password for \(email): ").map({ String(cString: $0) }),
      !typed.isEmpty
    else {
      throw CLIError("no password given")
    }
    return typed
  }
}

struct Sync: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "sync",
    abstract: "Upload this device's new nodes and download everyone else's, through Hearth.")

  @Flag(help: "Keep running: sync again whenever Hearth announces a change, and every minute.")
  var watch = false

  func run() async throws {
    let workspace = try Workspace.open()
    guard watch else {
      if try await once(workspace, try await workspace.connect()) { throw ExitCode(1) }
      return
    }
    while true {
      // A fresh token per stream; the server ends each stream after a minute. Each sync runs
      // once the stream is open, so a change made before it started is fetched by that sync
      // and one made after is announced on it: none falls between the two.
      let client = try await workspace.connect()
      try await client.streamEvents(maxSeconds: 60) {
        _ = try await once(workspace, client)
      } onEvent: { type in
        if type.hasPrefix("redo.") { _ = try await once(workspace, client) }
      }
    }
  }

  private func once(_ workspace: Workspace, _ client: HearthClient) async throws -> Bool {
    let report: RedoSyncRun.Report
    do {
      report = try await RedoSyncRun(workspace: workspace, client: client).run()
    } catch let error as CLIError {
      let waiting = try workspace.store.unsyncedCount()
      guard waiting > 0 else { throw error }
      let changes = waiting == 1 ? "your 1 unsent change is" : "your \(waiting) unsent changes are"
      throw CLIError("\(error.description); \(changes) kept here and sent at the next sync")
    }
    for problem in report.problems {
      FileHandle.standardError.write(Data("redo: \(problem)\n".utf8))
    }
    if !watch || report.uploaded + report.downloaded > 0 || !report.problems.isEmpty {
      print(
        "Synced with \(client.baseURL): \(report.uploaded) sent, \(report.downloaded) received.")
    }
    return !report.problems.isEmpty
  }
}

extension Workspace {
  /// A client with a fresh access token; the refresh token rotates on each use.
  func connect() async throws -> HearthClient {
    guard let server = try store.meta("server"), let refresh = try store.meta("refreshToken") else {
      throw CLIError("not signed in: run `redo login --server URL --email EMAIL` first")
    }
    let tokens: JSON
    do {
      tokens = try await HearthClient(baseURL: server).post(
        "/api/auth/refresh", ["refreshToken": .string(refresh)])
    } catch let error as CLIError where error.description.contains("answered 401") {
      throw CLIError("your Hearth session has ended: run `redo login` again")
    }
    guard let access = tokens["accessToken"]?.stringValue,
      let next = tokens["refreshToken"]?.stringValue
    else {
      throw CLIError("\(server) did not return tokens")
    }
    try store.setMeta("refreshToken", next)
    return HearthClient(baseURL: server, accessToken: access)
  }
}

/// One sync: upload what is new here, then download by cursor, then any task newly shared.
struct RedoSyncRun {
  let workspace: Workspace
  let client: HearthClient
  var store: LocalStore { workspace.store }

  struct Report {
    var uploaded = 0
    var downloaded = 0
    var problems: [String] = []
  }

  func run() async throws -> Report {
    var report = try await upload()
    var cursor = Int64(try store.meta("cursor") ?? "0") ?? 0
    var incomplete = Set<String>()
    while true {
      let page = try await client.get("/api/redo/nodes?since=\(cursor)&limit=1000")
      report.downloaded += try receive(
        page["nodes"]?.arrayValue ?? [], into: &report, incomplete: &incomplete)
      cursor = Int64(page["cursor"]?.integerValue ?? Int(cursor))
      try store.setMeta("cursor", String(cursor))
      if page["more"]?.boolValue != true { break }
    }
    let visible =
      try await client.get("/api/redo/tasks")["taskIds"]?.arrayValue?.compactMap(\.stringValue)
      ?? []
    // A task new to this device, one shared with it again after a removal (the cursor passed
    // what was written meanwhile), or one whose new nodes build on nodes it never saw, is
    // fetched whole.
    let seenBefore = Set(
      (try store.meta("visibleTasks") ?? "").split(separator: "\n").map(String.init))
    for taskId in visible
    where try incomplete.contains(taskId) || !seenBefore.contains(taskId)
      || !store.hasNodes(ofTask: taskId)
    {
      let nodes = try await client.get("/api/redo/tasks/\(taskId)/nodes")["nodes"]?.arrayValue ?? []
      var stillIncomplete = Set<String>()
      report.downloaded += try receive(nodes, into: &report, incomplete: &stillIncomplete)
    }
    try store.setMeta("visibleTasks", visible.sorted().joined(separator: "\n"))
    return report
  }

  /// Sends unsynced nodes in batches under the server's limits (400 nodes, 2 MiB). A refusal
  /// that may pass later leaves the node waiting; a final one sets it aside with what builds on
  /// it, and the person is told in words what happened and what they can do.
  func upload() async throws -> Report {
    var report = Report()
    var batch: [(id: String, bytes: [UInt8])] = []
    var size = 0
    var waiting: [SyncRefusal] = []
    var refused: [SyncRefusal] = []
    func send() async throws {
      guard !batch.isEmpty else { return }
      var body = Array(#"{"nodes":["#.utf8)
      for (index, node) in batch.enumerated() {
        body += (index > 0 ? [UInt8(ascii: ",")] : []) + node.bytes
      }
      body += Array("]}".utf8)
      let results =
        try await client.post("/api/redo/nodes", rawBody: body)["results"]?.arrayValue ?? []
      var done: [String] = []
      for result in results {
        guard let id = result["id"]?.stringValue else { continue }
        if result["status"]?.stringValue == "rejected" {
          let refusal = SyncRefusal(
            nodeId: id, code: result["code"]?.stringValue ?? "",
            message: result["message"]?.stringValue ?? "")
          if refusal.isTemporary { waiting.append(refusal) } else { refused.append(refusal) }
        } else {
          done.append(id)
        }
      }
      try store.markSynced(done)
      report.uploaded += done.count
      batch = []
      size = 0
    }
    for node in try store.allNodeBytes(unsyncedOnly: true) {
      if batch.count == 400 || size + node.bytes.count > 1_500_000 { try await send() }
      batch.append(node)
      size += node.bytes.count
    }
    try await send()
    report.problems += try explain(refused: refused, waiting: waiting)
    return report
  }

  private func explain(refused: [SyncRefusal], waiting: [SyncRefusal]) throws -> [String] {
    var problems: [String] = []
    if !refused.isEmpty {
      let tasks = Dictionary(
        try refused.compactMap { refusal in
          try store.node(id: refusal.nodeId).map { (refusal.nodeId, $0.taskId) }
        }, uniquingKeysWith: { first, _ in first })
      try store.setAside(refused)
      var told = Set<String>()
      for refusal in refused {
        let title = try tasks[refusal.nodeId].flatMap { try store.task(id: $0)?.title } ?? "a task"
        guard told.insert(title + refusal.explanation).inserted else { continue }
        problems.append(
          "refused: your change to “\(title)”. \(refusal.explanation) It is set aside and no longer"
            + " shown; `redo refused` lists it, to discard it or keep a copy as a new task of your own."
        )
      }
    }
    if let first = waiting.first {
      let count = waiting.count
      let changes = count == 1 ? "1 change waits" : "\(count) changes wait"
      problems.append(
        first.code == SyncRefusal.unknownKey
          ? "\(changes): this device's key is not registered to your account (it may have been"
            + " removed). Run `redo login` to register it; nothing is lost meanwhile."
          : "\(changes): \(first.explanation)")
    }
    return problems
  }

  /// Validates downloaded nodes at the door, then stores the ones replay accepts.
  private func receive(_ entries: [JSON], into report: inout Report, incomplete: inout Set<String>)
    throws -> Int
  {
    var nodes: [RedoNode] = []
    for entry in entries {
      do {
        nodes.append(try NodeValidator.validate(entry))
      } catch {
        report.problems.append("downloaded node rejected: \(error)")
      }
    }
    let (added, rejected) = try store.insert(nodes, synced: true, keepValid: true)
    // A node whose parents are not here yet comes back with its whole task; only others are problems.
    let byId = Dictionary(nodes.map { ($0.id, $0.taskId) }, uniquingKeysWith: { first, _ in first })
    for rejection in rejected where rejection.code == .parentNotFound {
      if let taskId = rejection.nodeId.flatMap({ byId[$0] }) { incomplete.insert(taskId) }
    }
    report.problems += rejected.filter { $0.code != .parentNotFound }.map {
      "downloaded node rejected: \($0)"
    }
    return added.count
  }
}
