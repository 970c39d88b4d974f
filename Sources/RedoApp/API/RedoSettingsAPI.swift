import CanonicalJSON
import Foundation
import HearthCore
import HearthOpenAPI
import HearthPlatform
import Hummingbird

/// /api/redo/settings/due-today: whether the person gets a morning digest of the tasks due that
/// day, and at what time of their own day.
struct RedoSettingsAPI: Sendable {
  let env: HearthEnvironment

  static let path = "/api/redo/settings/due-today"

  struct DueTodayInput: Decodable, JSONSchemaRefined {
    var enabled: Bool?
    /// "HH:MM", 24-hour, in the account's time zone; left out, the saved time stays.
    var time: String?

    static let schemaRequired = ["enabled"]
    static let schemaRefinements: [String: JSON] = [
      "time": ["pattern": "^([01][0-9]|2[0-3]):[0-5][0-9]$"]
    ]
  }

  struct DueTodayBody: Codable {
    var enabled: Bool
    var time: String
    /// The account's zone, which the time is read in.
    var timeZone: String
    /// When the next digest is due, while it is on.
    var nextAt: Date?
  }

  func register(_ api: APIRouteTable) {
    api.add(
      APIOperation(
        .get, Self.path, summary: "The morning digest of tasks due today: on or off, and when",
        tag: "redo", responses: [(200, Schemas.of(DueTodayBody.self))], errors: [401]),
      use: show)
    api.add(
      APIOperation(
        .put, Self.path, summary: "Turn the morning digest on at a time, or off", tag: "redo",
        requestBody: Schemas.of(DueTodayInput.self),
        responses: [(200, Schemas.of(DueTodayBody.self))], errors: [400, 401, 413]),
      use: save)
  }

  @Sendable func show(_ request: Request, _ context: AppRequestContext) async throws -> Response {
    let user = try context.requireCaller().user
    return JSONBody.response(Self.body(try await RedoDueToday(env: env).setting(for: user)))
  }

  @Sendable func save(_ request: Request, _ context: AppRequestContext) async throws -> Response {
    let user = try context.requireCaller().user
    let input = try await JSONBody.decode(
      DueTodayInput.self, from: request, route: "PUT \(Self.path)")
    guard let enabled = input.enabled else { throw APIErrorResponse(.missing("enabled")) }
    let service = RedoDueToday(env: env)
    var minute = try await service.setting(for: user).minute
    if let time = input.time {
      guard let chosen = QuietHours.minutes(time) else {
        throw APIErrorResponse(.invalid("time", "time must be a 24-hour time like 08:00."))
      }
      minute = chosen
    }
    return JSONBody.response(
      Self.body(try await service.save(on: enabled, minute: minute, for: user)))
  }

  static func body(_ setting: RedoDueToday.Setting) -> DueTodayBody {
    DueTodayBody(
      enabled: setting.on, time: QuietHours.text(setting.minute), timeZone: setting.timeZone,
      nextAt: setting.nextAt)
  }
}
