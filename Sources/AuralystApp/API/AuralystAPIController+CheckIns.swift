import AuralystCore
import CanonicalJSON
import Foundation
import HearthCore
import HearthOpenAPI
import HearthPlatform
import Hummingbird

/// Whether the caller is reminded every day to log how the day was in this journal.
extension AuralystAPIController {
  static let checkInPath = "\(journalPath)/check-in"

  struct CheckInBody: Codable {
    /// A daily reminder to log how the day was, at `time` in the journal's zone; not sent on
    /// a day that already has an entry. Off until turned on.
    var enabled: Bool
    /// "HH:MM", 24-hour, in the journal's zone.
    var time: String
    var timeZone: String
    /// When the next reminder is due, while it is on.
    var nextAt: String?
  }

  struct CheckInInput: Decodable, JSONSchemaRefined {
    var enabled: Bool?
    var time: String?

    static let schemaRefinements: [String: JSON] = [
      "time": ["pattern": "^([01][0-9]|2[0-3]):[0-5][0-9]$"]
    ]
  }

  func registerCheckIns(_ api: APIRouteTable) {
    api.add(
      APIOperation(
        .get, Self.checkInPath, summary: "Your daily check-in reminder for this journal",
        tag: "auralyst", responses: [(200, Schemas.of(CheckInBody.self))], errors: [404]),
      use: checkIn)
    api.add(
      APIOperation(
        .put, Self.checkInPath,
        summary: "Turn your daily check-in reminder on at a time of the journal's day, or off",
        tag: "auralyst", requestBody: Schemas.of(CheckInInput.self),
        responses: [(200, Schemas.of(CheckInBody.self))], errors: [400, 403, 404, 413]),
      use: setCheckIn)
  }

  @Sendable func checkIn(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let opened = try await open(context)
    return Self.checkInBody(try await AuralystCheckIns(env: env).setting(opened), opened)
  }

  @Sendable func setCheckIn(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let opened = try await open(context)
    let input = try await JSONBody.decode(
      CheckInInput.self, from: request, route: "PUT \(Self.checkInPath)")
    guard input.enabled != nil || input.time != nil else {
      throw APIErrorResponse(.missing("enabled"))
    }
    let minute = try input.time.map { text in
      try AuralystAPI.validated { () throws(ValidationError) in try CheckIn.minute(text) }
    }
    let setting = try await AuralystCheckIns(env: env).save(
      enabled: input.enabled, minute: minute, opened)
    return Self.checkInBody(setting, opened)
  }

  static func checkInBody(_ setting: AuralystCheckIns.Setting, _ opened: AuralystJournals.Opened)
    -> Response
  {
    JSONBody.response(
      CheckInBody(
        enabled: setting.enabled, time: CheckIn.text(setting.minute),
        timeZone: opened.journal.timeZone, nextAt: setting.nextAt.map(AuralystAPI.time)))
  }
}
