import CanonicalJSON
import Foundation
import HearthCore
import HearthOpenAPI
import HearthPlatform
import Hummingbird
import RedoCore

/// /api/redo/tasks/{taskId}/reminder: the caller's own reminder of a task's deadline, as
/// minutes before it (null for never), and when it next comes.
struct RedoReminderAPI: Sendable {
  let env: HearthEnvironment

  static let path = "\(RedoAPIController.taskPath)/reminder"

  static let beforeSchema: JSON = [
    "type": ["integer", "null"],
    "enum": .array([.null] + DeadlineReminder.choices.map { .number(Double($0.minutes)) }),
  ]
  static let input = Schemas.object([("before", beforeSchema)], required: ["before"])

  struct ReminderBody: Codable, JSONSchemaRefined {
    /// Minutes before the deadline of the task's current todo; null for never.
    var before: Int?
    /// When the next reminder comes; absent when none will.
    var nextAt: Date?
    /// Why none will come, in words; absent when one will.
    var reason: String?

    enum CodingKeys: String, CodingKey { case before, nextAt, reason }

    /// `before` is always written, null for never.
    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(before, forKey: .before)
      try container.encodeIfPresent(nextAt, forKey: .nextAt)
      try container.encodeIfPresent(reason, forKey: .reason)
    }

    static let schemaRefinements: [String: JSON] = ["before": beforeSchema]
    static let schemaRequired = ["before"]
  }

  func register(_ api: APIRouteTable) {
    api.add(
      APIOperation(
        .get, Self.path, summary: "Your reminder of a task's deadline, and when it next comes",
        tag: "redo", responses: [(200, Schemas.of(ReminderBody.self))], errors: [401, 404]),
      use: show)
    api.add(
      APIOperation(
        .put, Self.path,
        summary:
          "Be reminded of a task's deadline by push and in the inbox: 0, 10, 60 or 1440 minutes "
          + "before it, or null for never",
        tag: "redo", requestBody: Self.input,
        responses: [(200, Schemas.of(ReminderBody.self))], errors: [400, 401, 404, 413]),
      use: save)
  }

  @Sendable func show(_ request: Request, _ context: AppRequestContext) async throws -> Response {
    let user = try context.requireCaller().user
    let taskId = context.parameters.get("taskId") ?? ""
    return JSONBody.response(
      Self.body(try await RedoDeadlineReminders(env: env).setting(taskId: taskId, for: user)))
  }

  @Sendable func save(_ request: Request, _ context: AppRequestContext) async throws -> Response {
    let user = try context.requireCaller().user
    let taskId = context.parameters.get("taskId") ?? ""
    let service = RedoDeadlineReminders(env: env)
    // Someone who cannot see the task learns nothing more from its body's errors.
    _ = try await service.setting(taskId: taskId, for: user)
    let body = try await JSONBody.object(request, schema: Self.input, route: "PUT \(Self.path)")
    let before = try Self.before(body["before"])
    return JSONBody.response(
      Self.body(try await service.save(before: before, taskId: taskId, for: user)))
  }

  /// null, or one of the offered minutes.
  static func before(_ value: JSON?) throws -> Int? {
    guard let value else { throw APIErrorResponse(.missing("before")) }
    if value == .null { return nil }
    guard let minutes = value.integerValue, DeadlineReminder.isChoice(minutes) else {
      throw APIErrorResponse(
        .invalid(
          "before",
          "before must be null (never) or the minutes before the deadline: 0, 10, 60 or 1440."))
    }
    return minutes
  }

  static func body(_ setting: RedoDeadlineReminders.Setting) -> ReminderBody {
    guard case .none(let reason) = setting.next else {
      return ReminderBody(before: setting.before, nextAt: setting.nextAt)
    }
    return ReminderBody(before: setting.before, reason: reason.text)
  }
}
