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
    /// A notice when a dose was not logged within the journal's grace period, with Taken
    /// (late) and Skipped: on for the owner until they turn it off; collaborators turn it on.
    var missedDoses: Bool
  }

  struct DoseReminderInput: Decodable, JSONSchemaRefined {
    var enabled: Bool?
    var missedDoses: Bool?
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
        summary: "Turn dose reminders and missed-dose notices on or off for yourself",
        tag: "auralyst", requestBody: Schemas.of(DoseReminderInput.self),
        responses: [(200, Schemas.of(DoseReminderBody.self))], errors: [400, 403, 404, 413]),
      use: setDoseReminders)
  }

  @Sendable func doseReminders(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let opened = try await open(context)
    let reminders = AuralystDoseReminders(env: env)
    return JSONBody.response(
      DoseReminderBody(
        enabled: try await reminders.wants(opened),
        missedDoses: try await reminders.wantsMissed(opened)))
  }

  @Sendable func setDoseReminders(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let opened = try await open(context)
    let input = try await JSONBody.decode(
      DoseReminderInput.self, from: request, route: "PUT \(Self.doseRemindersPath)")
    guard input.enabled != nil || input.missedDoses != nil else {
      throw APIErrorResponse(.missing("enabled"))
    }
    let reminders = AuralystDoseReminders(env: env)
    try await reminders.setWants(input.enabled, missed: input.missedDoses, opened)
    return JSONBody.response(
      DoseReminderBody(
        enabled: try await reminders.wants(opened),
        missedDoses: try await reminders.wantsMissed(opened)))
  }
}
