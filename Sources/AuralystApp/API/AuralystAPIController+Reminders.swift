import AuralystCore
import Foundation
import HearthCore
import HearthOpenAPI
import HearthPlatform
import Hummingbird

/// Whether the caller is reminded of the journal's doses.
extension AuralystAPIController {
  static let doseRemindersPath = "\(journalPath)/dose-reminders"

  struct DoseReminderBody: Codable {
    /// Reminders when a scheduled dose is due, in the journal's zone: on for the owner until
    /// they turn them off; read-write collaborators turn them on.
    var enabled: Bool
  }

  struct DoseReminderInput: Decodable, JSONSchemaRefined {
    var enabled: Bool?
    static let schemaRequired = ["enabled"]
  }

  func registerReminders(_ api: APIRouteTable) {
    api.add(
      APIOperation(
        .get, Self.doseRemindersPath, summary: "Whether you are reminded of this journal's doses",
        tag: "auralyst", responses: [(200, Schemas.of(DoseReminderBody.self))], errors: [404]),
      use: doseReminders)
    api.add(
      APIOperation(
        .put, Self.doseRemindersPath,
        summary: "Turn dose reminders on or off for yourself (owner and read-write)",
        tag: "auralyst", requestBody: Schemas.of(DoseReminderInput.self),
        responses: [(200, Schemas.of(DoseReminderBody.self))], errors: [400, 403, 404, 413]),
      use: setDoseReminders)
  }

  @Sendable func doseReminders(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let opened = try await open(context)
    return JSONBody.response(
      DoseReminderBody(enabled: try await AuralystDoseReminders(env: env).wants(opened)))
  }

  @Sendable func setDoseReminders(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let opened = try await open(context)
    let input = try await JSONBody.decode(
      DoseReminderInput.self, from: request, route: "PUT \(Self.doseRemindersPath)")
    guard let enabled = input.enabled else { throw APIErrorResponse(.missing("enabled")) }
    let reminders = AuralystDoseReminders(env: env)
    try await reminders.setWants(enabled, opened)
    return JSONBody.response(DoseReminderBody(enabled: try await reminders.wants(opened)))
  }
}
