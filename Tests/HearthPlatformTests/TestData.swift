import Foundation
import HearthCore

@testable import HearthAccounts
@testable import HearthPlatform

enum TestData {
  static let csrf = "csrf-Token-123"
  /// 2025-03-05 22:30 UTC, which is 2025-03-06 07:30 in Tokyo.
  static let instant = Date(timeIntervalSince1970: 1_741_213_800)

  static func signedIn(
    path: String = "/", invitations: Int = 0, flash: Flash? = nil, emailUnverified: Bool = false
  ) -> PageContext {
    PageContext(
      userName: "Ada <Lovelace>", csrfToken: csrf, flash: flash, invitationCount: invitations,
      path: path, apps: apps, emailUnverified: emailUnverified)
  }

  static func signedOut(path: String = "/") -> PageContext {
    PageContext(csrfToken: csrf, path: path, apps: apps)
  }

  /// The shell knows no app: the composition root hands it these.
  static let apps = [
    HearthApp(slug: "softer", name: "Softer", summary: "Group conversations."),
    HearthApp(slug: "redo", name: "Redo", summary: "Tasks."),
    HearthApp(slug: "auralyst", name: "Auralyst", summary: "A journal."),
    HearthApp(slug: "onpu", name: "Onpu", summary: "Japanese from lyrics."),
  ]

  static let user = User(
    id: "u1", email: "ada@example.com", displayName: "Ada", phone: "+14155550123",
    passwordHash: "$2b$12$secret-hash", timeZone: "Asia/Tokyo", createdAt: instant)

  static let twoFactorOn = TwoFactorStatus(enabled: true, recoveryCodesLeft: 1)
  static let securityLog = [
    SecurityLog.Entry(
      at: instant, kind: .signInFailed, address: "198.51.100.7", device: "<Firefox>",
      detail: "wrong password")
  ]

  static let sessions = [
    Session(
      id: "s1", userID: "u1", kind: .web, tokenHash: "h1", csrfToken: csrf,
      label: "Firefox on Linux",
      createdAt: instant, lastSeenAt: instant, expiresAt: instant.addingTimeInterval(86_400)),
    Session(
      id: "s/2", userID: "u1", kind: .refresh, tokenHash: "h2", csrfToken: "c2",
      label: "hearth CLI",
      createdAt: instant, lastSeenAt: instant, expiresAt: instant.addingTimeInterval(86_400)),
    Session(
      id: "s3", userID: "u1", kind: .web, tokenHash: "h3", csrfToken: "c3", label: "Old phone",
      createdAt: instant, lastSeenAt: instant, expiresAt: instant, revokedAt: instant),
  ]

  static let invitation: Invitation = {
    let ref = ResourceRef(app: "softer", kind: "room", id: "r1")
    return Invitation(
      share: Share(resource: ref, ownerID: "u2", title: "Sunday <b>talk</b>", createdAt: instant),
      participant: Participant(
        resource: ref, userID: "u1", status: .invited, permission: .readWrite, invitedBy: "u2",
        updatedAt: instant),
      ownerName: "Grace")
  }()

  /// The text between each `<form method="post"` and its `</form>`.
  static func postForms(in html: String) -> [Substring] {
    html.components(separatedBy: "<form ").dropFirst().compactMap { chunk in
      guard chunk.hasPrefix("method=\"post\"") else { return nil }
      return chunk.prefix(upTo: chunk.range(of: "</form>")?.lowerBound ?? chunk.endIndex)
    }
  }
}
