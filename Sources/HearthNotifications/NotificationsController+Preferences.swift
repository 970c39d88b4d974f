import CanonicalJSON
import Foundation
import HearthCore
import HearthOpenAPI
import HearthPlatform
import Hummingbird

/// Which notices reach a person where, their quiet hours, and whether email comes as it happens
/// or in a daily digest.
extension NotificationsController {
  package struct KindChoice: Codable {
    var id, app, label: String
    var channels: [String: Bool]
  }

  package struct QuietHoursBody: Codable {
    /// Local times, "HH:MM"; the span may wrap past midnight.
    var start: String?
    var end: String?
  }

  /// Email as it happens (`enabled` false), or once a day at `time` in the account's zone.
  package struct EmailDigestBody: Codable, JSONSchemaRefined {
    var enabled: Bool
    /// "HH:MM", required when enabled.
    var time: String?

    package static let schemaRefinements: [String: JSON] = [
      "time": [
        "type": "string", "maxLength": 5, "pattern": "^([01][0-9]|2[0-3]):[0-5][0-9]$",
        "description": "The local time of the daily digest, in the account's time zone",
      ]
    ]
  }

  package struct PreferencesBody: Codable {
    var kinds: [KindChoice]
    var quietHours: QuietHoursBody?
    var emailDigest: EmailDigestBody
  }

  /// Each kind's channels by id; kinds left out keep what they were, as does whatever else is
  /// left out.
  package struct PreferencesInput: Decodable, JSONSchemaRefined {
    var kinds: [String: [String: Bool]]?
    var quietHours: QuietHoursBody?
    var emailDigest: EmailDigestBody?

    package static let schemaRefinements: [String: JSON] = [
      "emailDigest": [
        "description": .string(
          "Email as it happens ({\"enabled\": false}), or every email of a day in one mail at "
            + "a local time ({\"enabled\": true, \"time\": \"07:30\"})")
      ]
    ]
  }

  func body(_ preferences: NotificationPreferences) -> PreferencesBody {
    PreferencesBody(
      kinds: kinds.map { kind in
        KindChoice(
          id: kind.id, app: kind.app, label: kind.label,
          channels: Dictionary(
            uniqueKeysWithValues: NotificationChannel.allCases.map {
              ($0.rawValue, preferences.isOn($0, for: kind))
            }))
      },
      quietHours: preferences.quietHours.map {
        QuietHoursBody(start: QuietHours.text($0.start), end: QuietHours.text($0.end))
      },
      emailDigest: EmailDigestBody(
        enabled: preferences.digestTime != nil, time: preferences.digestTime.map(QuietHours.text)))
  }

  @Sendable func preferences(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let caller = try context.requireCaller()
    return JSONBody.response(body(try await store.preferences(userID: caller.user.id)))
  }

  @Sendable func savePreferences(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let caller = try context.requireCaller()
    let input = try await JSONBody.decode(
      PreferencesInput.self, from: request, route: "PUT /api/notifications/preferences")
    var preferences = try await store.preferences(userID: caller.user.id)
    for (id, channels) in (input.kinds ?? [:]).sorted(by: { $0.key < $1.key }) {
      guard kinds.contains(where: { $0.id == id }) else {
        throw APIErrorResponse(.invalid("kinds.\(id)", "there is no kind of notification \(id)"))
      }
      for (name, enabled) in channels.sorted(by: { $0.key < $1.key }) {
        guard let channel = NotificationChannel(rawValue: name) else {
          throw APIErrorResponse(
            .invalid("kinds.\(id).\(name)", "channels are inbox, push and email"))
        }
        preferences.choices[id, default: [:]][channel] = enabled
      }
    }
    if let quiet = input.quietHours {
      preferences.quietHours = try Self.quietHours(start: quiet.start, end: quiet.end)
    }
    if let digest = input.emailDigest {
      preferences.digestTime = try Self.digestTime(enabled: digest.enabled, time: digest.time)
    }
    try await store.savePreferences(preferences, userID: caller.user.id, at: env.now())
    try await env.emailDigest.sync(userID: caller.user.id)
    return JSONBody.response(body(preferences))
  }

  /// Minutes after midnight of the digest, or nil for email as it happens.
  static func digestTime(enabled: Bool, time: String?) throws -> Int? {
    guard enabled else { return nil }
    guard let minutes = QuietHours.minutes(time?.trimmingCharacters(in: .whitespaces) ?? "")
    else {
      throw APIErrorResponse(
        .invalid("emailDigest.time", "the daily digest needs a time like 07:30"))
    }
    return minutes
  }

  /// Both times, or neither (no quiet hours); the same time twice is no quiet time either.
  static func quietHours(start: String?, end: String?) throws -> QuietHours? {
    let start = start?.trimmingCharacters(in: .whitespaces) ?? ""
    let end = end?.trimmingCharacters(in: .whitespaces) ?? ""
    if start.isEmpty, end.isEmpty { return nil }
    guard let from = QuietHours.minutes(start) else {
      throw APIErrorResponse(.invalid("quietHours.start", "quiet hours start at a time like 22:00"))
    }
    guard let until = QuietHours.minutes(end) else {
      throw APIErrorResponse(.invalid("quietHours.end", "quiet hours end at a time like 07:00"))
    }
    return QuietHours(start: from, end: until)
  }
}
