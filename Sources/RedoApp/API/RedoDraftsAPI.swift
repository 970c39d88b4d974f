import CanonicalJSON
import Foundation
import HearthCore
import HearthOpenAPI
import HearthPlatform
import Hummingbird
import NIOCore
import RedoCore

/// POST /api/redo/drafts: the unsigned nodes a change needs, for a client that signs them itself.
struct RedoDraftsAPI: Sendable {
  let env: HearthEnvironment
  let tasks: RedoTasks

  static let intents = ["add", "edit", "complete", "snooze", "archive", "unarchive", "delete"]

  /// One unsigned node the client is to sign, and whether it builds on the draft before it.
  struct DraftBody: Codable {
    var taskId: String
    var parents: [String]
    var lamport: Int
    var action: NodeAction
    var payload: [String: JSON]
    var buildsOnPrevious: Bool

    init(_ step: DraftStep) {
      taskId = step.draft.taskId
      parents = step.draft.parents
      lamport = step.draft.lamport
      action = step.draft.action
      payload = step.draft.payload
      buildsOnPrevious = step.buildsOnPrevious
    }

    /// The draft as a JSON value: the answer goes out canonical (RFC 8785), not re-encoded.
    var json: JSON {
      [
        "taskId": .string(taskId), "parents": .array(parents.map(JSON.string)),
        "lamport": .number(Double(lamport)), "action": .string(action.rawValue),
        "payload": .object(payload), "buildsOnPrevious": .bool(buildsOnPrevious),
      ]
    }
  }

  struct Drafts: Codable {
    var drafts: [DraftBody]
  }

  static let bodySchema: JSON = Schemas.object(
    [
      ("intent", ["type": "string", "enum": .array(Self.intents.map { .string($0) })]),
      ("taskId", Schemas.string),
      (
        "fields",
        Schemas.object(
          [
            ("title", ["type": "string", "minLength": 1, "maxLength": 500]),
            ("description", ["type": "string", "maxLength": 10000]),
            ("priority", ["type": "integer", "minimum": 1, "maximum": 5]),
            ("storyPoints", ["type": "integer", "minimum": 0, "maximum": 1000]),
            ("frequencyDays", ["type": "integer", "minimum": 1, "maximum": 3650]),
          ], required: [])
      ),
      ("due", ["type": "string", "description": "YYYY-MM-DD (end of that day) or RFC 3339"]),
      ("days", ["type": "integer", "minimum": 1, "maximum": 3650]),
      ("until", ["type": "string"]), ("notes", ["type": "string", "maxLength": 10000]),
    ], required: ["intent"])

  func register(_ api: APIRouteTable) {
    api.add(
      APIOperation(
        .post, "/api/redo/drafts",
        summary: "Unsigned drafts for a change; the client checks, signs and uploads them",
        tag: "redo",
        requestBody: Self.bodySchema,
        responses: [(200, Schemas.of(Drafts.self))], errors: [400, 401, 403, 404, 413]),
      use: makeDrafts)
  }

  @Sendable func makeDrafts(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let user = try context.requireCaller().user
    let body = try await JSONBody.object(
      request, schema: Self.bodySchema, route: "POST /api/redo/drafts")
    let steps = try await plan(body, for: user)
    let drafts = steps.map { DraftBody($0).json }
    return Response(
      status: .ok, headers: [.contentType: "application/json; charset=utf-8"],
      body: .init(
        byteBuffer: ByteBuffer(
          bytes: try JSON.object(["drafts": .array(drafts)]).canonicalBytes())))
  }

  func plan(_ body: JSON, for user: User) async throws -> [DraftStep] {
    guard let intentName = body["intent"] else { throw APIErrorResponse(.missing("intent")) }
    guard let name = intentName.stringValue, Self.intents.contains(name) else {
      throw APIErrorResponse(
        .invalid("intent", "intent must be one of \(Self.intents.joined(separator: ", "))."))
    }
    let calendar = tasks.calendar(for: user)
    let now = tasks.now
    let fields = try Self.fields(body["fields"])
    let notes = try Self.text(body, "notes")
    var context: (task: RedoTask, nodes: [RedoNode], access: Access)?
    if name != "add" {
      guard let taskId = body["taskId"]?.stringValue else {
        throw APIErrorResponse(.missing("taskId"))
      }
      context = try await tasks.task(taskId, for: user, needing: .write)
    }
    let intent: TaskIntent
    switch name {
    case "add":
      guard fields["title"] != nil else { throw APIErrorResponse(.missing("fields.title")) }
      let every = fields["frequencyDays"]?.integerValue ?? 1
      intent = .add(
        fields: fields,
        deadline: try Self.date(body, "due", calendar: calendar) ?? now.adding(days: every))
    case "edit": intent = .edit(fields: fields)
    case "complete": intent = .complete(notes: notes)
    case "snooze":
      intent = .snooze(
        days: try Self.integer(body, "days", 1...3650),
        until: try Self.date(body, "until", calendar: calendar), notes: notes)
    case "archive": intent = .archive
    case "unarchive":
      let every = context?.task.frequencyDays ?? 1
      intent = .unarchive(
        deadline: try Self.date(body, "due", calendar: calendar) ?? now.adding(days: every))
    default: intent = .delete
    }
    let heads =
      context.map { found in found.nodes.filter { found.task.heads.contains($0.id) } } ?? []
    do {
      return try DraftPlanner.plan(
        intent, task: context?.task, heads: heads, nodes: context?.nodes ?? [], now: now,
        newID: { UUID.random().uuidString.lowercased() })
    } catch {
      throw APIErrorResponse(
        APIError(status: 409, code: "conflict", message: error.description, field: "intent"))
    }
  }

  static func fields(_ value: JSON?) throws -> [String: JSON] {
    guard let value else { return [:] }
    guard let members = value.objectValue else {
      throw APIErrorResponse(.invalid("fields", "fields must be an object."))
    }
    var fields: [String: JSON] = [:]
    for (name, value) in members {
      let key = name.string
      switch key {
      case "title", "description":
        guard let text = value.stringValue,
          key == "description" || !text.trimmingCharacters(in: .whitespaces).isEmpty,
          text.count <= (key == "title" ? 500 : 10000)
        else {
          throw APIErrorResponse(
            .invalid(
              "fields.\(key)",
              "fields.\(key) must be a \(key == "title" ? "non-empty " : "")string of reasonable length."
            ))
        }
        fields[key] = .string(text)
      case "priority", "storyPoints", "frequencyDays":
        let range = key == "priority" ? 1...5 : key == "storyPoints" ? 0...1000 : 1...3650
        guard let number = value.integerValue, range.contains(number) else {
          throw APIErrorResponse(
            .invalid(
              "fields.\(key)",
              "fields.\(key) must be a whole number from \(range.lowerBound) to \(range.upperBound)."
            ))
        }
        fields[key] = .number(Double(number))
      default:
        throw APIErrorResponse(.invalid("fields.\(key)", "fields.\(key) is not a task field."))
      }
    }
    return fields
  }

  static func text(_ body: JSON, _ key: String) throws -> String? {
    guard let value = body[key] else { return nil }
    guard let text = value.stringValue, text.count <= 10000 else {
      throw APIErrorResponse(.invalid(key, "\(key) must be a string."))
    }
    return text
  }

  static func integer(_ body: JSON, _ key: String, _ range: ClosedRange<Int>) throws -> Int? {
    guard let value = body[key] else { return nil }
    guard let number = value.integerValue, range.contains(number) else {
      throw APIErrorResponse(
        .invalid(
          key, "\(key) must be a whole number from \(range.lowerBound) to \(range.upperBound)."))
    }
    return number
  }

  /// `YYYY-MM-DD` means the end of that day in the person's zone; otherwise RFC 3339.
  static func date(_ body: JSON, _ key: String, calendar: DayCalendar) throws -> WallTime? {
    guard let value = body[key] else { return nil }
    guard let text = value.stringValue else {
      throw APIErrorResponse(.invalid(key, "\(key) must be a date string."))
    }
    if text.count == 10, let day = LocalDay(text), day.year >= 1970, day.year <= 9999 {
      let end = calendar.interval(of: day).upperBound.timeIntervalSince1970
      return WallTime(milliseconds: Int64(end * 1000) - 1)
    }
    guard let instant = WallTime(rfc3339: text), instant.milliseconds >= 0 else {
      throw APIErrorResponse(.invalid(key, "\(key) must be YYYY-MM-DD or an RFC 3339 date-time."))
    }
    return instant
  }
}
