import ArgumentParser
import CanonicalJSON
import RedoCore

struct Share: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "share",
    abstract: "Invite someone with a Hearth account to a task you own.")

  enum Access: String, EnumerableFlag {
    case readOnly, readWrite
  }

  @Argument(help: "Id prefix or exact title.") var task: String
  @Argument(help: "The email of their Hearth account.") var email: String
  @Flag(help: "What they may do (read-only unless you say otherwise).") var access: Access =
    .readOnly

  func run() async throws {
    let workspace = try Workspace.open()
    let current = try workspace.task(task)
    let client = try await workspace.connect()
    _ = try await RedoSyncRun(workspace: workspace, client: client).upload()
    let permission = access == .readOnly ? "read-only" : "read-write"
    _ = try await client.post(
      "/api/redo/tasks/\(current.id)/share",
      ["email": .string(email), "permission": .string(permission)])
    print(
      "Invited \(email) to \(current.title) (\(permission)); they accept on Hearth's invitations page."
    )
  }
}

struct Unshare: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "unshare",
    abstract: "Remove someone from a task you own; they no longer see it or change it.")

  @Argument(help: "Id prefix or exact title.") var task: String
  @Argument(help: "The email you invited them with.") var email: String

  func run() async throws {
    let workspace = try Workspace.open()
    let current = try workspace.task(task)
    let client = try await workspace.connect()
    let path = "/api/redo/tasks/\(current.id)/share"
    let people = try await client.get(path)["participants"]?.arrayValue ?? []
    guard
      let person = people.first(where: {
        $0["email"]?.stringValue?.lowercased() == email.lowercased()
          && ["invited", "accepted"].contains($0["status"]?.stringValue ?? "")
      }), let userId = person["userId"]?.stringValue
    else {
      throw CLIError("\(current.title) is not shared with \(email)")
    }
    _ = try await client.delete("\(path)/\(userId)")
    print("Removed \(email) from \(current.title).")
  }
}

struct Leave: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "leave",
    abstract: "Leave a task someone shared with you; it leaves this device too.")

  @Argument(help: "Id prefix or exact title.") var task: String
  @Flag(help: "Leave even though changes of yours to it were never sent; they are dropped.")
  var discard = false

  func run() async throws {
    let workspace = try Workspace.open()
    let current = try workspace.task(task)
    let unsent = try workspace.store.unsyncedCount(ofTask: current.id)
    if unsent > 0 && !discard {
      throw CLIError(
        "\(current.title) holds \(unsent) change(s) of yours not sent yet: run `redo sync` first,"
          + " or `redo leave --discard` to drop them")
    }
    let client = try await workspace.connect()
    guard let me = try await client.get("/api/me")["user"]?["id"]?.stringValue else {
      throw CLIError("the server did not say who you are")
    }
    _ = try await client.delete("/api/redo/tasks/\(current.id)/share/\(me)")
    try workspace.store.forget(taskId: current.id)
    print("Left \(current.title).")
  }
}
