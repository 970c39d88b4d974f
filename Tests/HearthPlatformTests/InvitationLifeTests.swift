import Foundation
import HearthCore
import HearthTesting
import NIOConcurrencyHelpers
import Testing

@testable import HearthAccounts
@testable import HearthNotifications
@testable import HearthPlatform

/// Identity before access, invitations that end, and notification buttons that expire: the
/// platform's rules, on a share no app owns.
@Suite struct InvitationLifeTests {
  let start = Date(timeIntervalSince1970: 1_790_000_000)
  let note = ResourceRef(app: "notes", kind: "note", id: "n1")

  func server(verification: Bool, now: NIOLockedValueBox<Date>) async throws -> TestServer {
    try await TestServer(
      apps: testedApps, now: { now.withLockedValue { $0 } },
      configure: { $0.emailVerificationSetting = verification })
  }

  func share(_ env: HearthEnvironment, owner: String, with invitee: String) async throws {
    try await env.database.createShare(
      Share(resource: note, ownerID: owner, title: "Plans", createdAt: env.now()))
    try await env.database.putParticipant(
      Participant(
        resource: note, userID: invitee, status: .invited, permission: .readOnly,
        invitedBy: owner, updatedAt: env.now()))
  }

  var accept: [String: Any] {
    ["app": note.app, "kind": note.kind, "resourceId": note.id, "decision": "accept"]
  }

  @Test func anUnconfirmedAccountWaitsForItsConfirmationAndThenAccepts() async throws {
    let now = NIOLockedValueBox(start)
    let server = try await server(verification: true, now: now)
    try await server.run { client in
      let owner = try await client.signup("owner@example.com", name: "Olga")
      let invitee = try await client.signup("carer@example.com", name: "Mallory")
      try await share(server.env, owner: owner.id, with: invitee.id)

      let waiting = try await client.json(.get, "/api/invitations", token: invitee.access)
      let listed = try #require((waiting["invitations"] as? [[String: Any]])?.first)
      #expect(listed["waitingForConfirmation"] as? Bool == true)
      let refused = try await client.json(
        .post, "/api/invitations/respond", accept, token: invitee.access)
      #expect(refused.status == 403 && refused.errorCode == "email_unconfirmed")
      #expect(try await server.env.database.access(note, userID: invitee.id) == .invited)

      try await EmailVerification(env: server.env).markVerified(userID: invitee.id)
      let open = try await client.json(.get, "/api/invitations", token: invitee.access)
      let again = try #require((open["invitations"] as? [[String: Any]])?.first)
      #expect(again["waitingForConfirmation"] as? Bool == false)
      let accepted = try await client.json(
        .post, "/api/invitations/respond", accept, token: invitee.access)
      #expect(accepted.status == 200)
      #expect(try await server.env.database.access(note, userID: invitee.id) == .read)
    }
  }

  @Test func expiredAndCancelledInvitationsGiveNothingAndSayWhy() async throws {
    let now = NIOLockedValueBox(start)
    let server = try await server(verification: false, now: now)
    try await server.run { client in
      let owner = try await client.signup("owner@example.com", name: "Olga")
      let invitee = try await client.signup("friend@example.com", name: "Fay")
      try await share(server.env, owner: owner.id, with: invitee.id)

      now.withLockedValue { $0 += ShareInvitations.lifetime + 1 }
      let login = try await client.json(
        .post, "/api/auth/login", ["email": "friend@example.com", "password": "correct horse"])
      let access = try #require(login["accessToken"] as? String)
      let listed = try await client.json(.get, "/api/invitations", token: access)
      #expect((listed["invitations"] as? [Any])?.isEmpty == true)
      let expired = try await client.json(
        .post, "/api/invitations/respond", accept, token: access)
      #expect(expired.status == 410 && expired.errorCode == "invitation_expired")

      try await share(server.env, owner: owner.id, with: invitee.id)
      var cancelled = try #require(
        try await server.env.database.participant(note, userID: invitee.id))
      cancelled.status = .removed
      try await server.env.database.putParticipant(cancelled)
      let refused = try await client.json(
        .post, "/api/invitations/respond", accept, token: access)
      #expect(refused.status == 410 && refused.errorCode == "invitation_cancelled")
      #expect(try await server.env.database.access(note, userID: invitee.id) == .none)
    }
  }

  @Test func theOwnerListsAndCancelsInvitationsByEmail() async throws {
    let now = NIOLockedValueBox(start)
    let server = try await server(verification: false, now: now)
    try await server.run { client in
      let owner = try await client.signup("owner@example.com", name: "Olga")
      let other = try await client.signup("other@example.com", name: "Otto")
      try await server.env.database.createShare(
        Share(
          resource: note, ownerID: owner.id, title: "Plans", createdAt: now.withLockedValue { $0 }))
      let olga = try #require(try await server.env.database.user(id: owner.id))
      let invitations = EmailInvitations(env: server.env)
      try await invitations.invite(
        email: "new@example.com", resource: note, permission: .readWrite, invitedBy: olga)
      let path = "/api/shares/notes/note/n1/invitations"

      let listed = try await client.json(.get, path, token: owner.access)
      let first = try #require((listed["invitations"] as? [[String: Any]])?.first)
      #expect(first["email"] as? String == "new@example.com")
      #expect(first["permission"] as? String == "read-write")
      let id = try #require(first["id"] as? String)
      #expect(try await client.json(.get, path, token: other.access).status == 404)
      #expect(try await client.json(.delete, "\(path)/\(id)", token: other.access).status == 404)

      // The link the mail carried stops working, and says why
      try await server.env.database.transaction { tx in
        try await tx.execute(
          "UPDATE email_invitations SET token_hash = \(TokenService.hash("link")) WHERE id = \(id)")
      }
      #expect(try await invitations.email(token: "link") == "new@example.com")
      let cancelled = try await client.json(.delete, "\(path)/\(id)", token: owner.access)
      #expect(cancelled.status == 200 && (cancelled["invitations"] as? [Any])?.isEmpty == true)
      #expect(try await invitations.email(token: "link") == nil)
      #expect(try await invitations.staleReason(token: "link").contains("cancelled"))
      let stranger = try await client.json(
        .post, "/api/auth/signup",
        [
          "email": "new@example.com", "displayName": "Nia", "password": "correct horse",
          "invitation": "link",
        ])
      #expect(stranger.status == 400 && stranger.errorField == "invitation")

      // Signing up with the address anyway brings nothing from the cancelled invitation
      let nia = try await client.signup("new@example.com", name: "Nia")
      let user = try #require(try await server.env.database.user(id: nia.id))
      #expect(try await invitations.accept(for: user) == 0)
      #expect(try await server.env.database.participant(note, userID: nia.id) == nil)
    }
  }

  @Test func notificationButtonsExpireAndEndWithTheAccountsSignIns() async throws {
    let now = NIOLockedValueBox(start)
    let server = try await server(verification: false, now: now)
    try await server.run { client in
      let ann = try await client.signup("ann@example.com", name: "Ann")
      func notice() async throws -> (StoredNotification, String) {
        let sent = try await server.env.notifier.send(
          NotificationDraft(
            kind: NotificationsController.testKind, to: [ann.id], title: "Hello", body: "Hi",
            url: "/notifications", dedupeKey: UUID().uuidString,
            occurredAt: now.withLockedValue { $0 }, actions: [.snooze(minutes: 10)]))
        let stored = try #require(sent.first)
        let user = try #require(try await server.env.database.user(id: ann.id))
        return (
          stored, NotificationActions.token(stored, action: "snooze", user: user, server.env.tokens)
        )
      }
      func press(_ token: String) async throws -> JSONReply {
        try await client.json(.post, "/api/notifications/actions", ["token": token])
      }

      // Good for three days after its notice, not after
      now.withLockedValue { $0 += 60 }
      let (_, fresh) = try await notice()
      #expect(try await press(fresh).status == 200)
      now.withLockedValue { $0 += NotificationActions.tokenLifetime }
      let old = try await press(fresh)
      #expect(old.status == 410 && old.errorCode == "action_expired")

      // Signing out everywhere ends it, and signing in again does not bring it back
      let (_, beforeSignOut) = try await notice()
      try await server.env.database.revokeSessions(
        userID: ann.id, kind: nil, at: now.withLockedValue { $0 })
      now.withLockedValue { $0 += 60 }
      _ = try await client.json(
        .post, "/api/auth/login", ["email": "ann@example.com", "password": "correct horse"])
      #expect(try await press(beforeSignOut).status == 410)

      // A new password ends every token made before it
      let (_, beforeNewPassword) = try await notice()
      #expect(try await press(beforeNewPassword).status == 200)
      let (_, another) = try await notice()
      let hash = try await AccountService(env: server.env).hashPassword("a new long password")
      try await server.env.database.transaction { tx in
        try await tx.execute("UPDATE users SET password_hash = \(hash) WHERE id = \(ann.id)")
      }
      #expect(try await press(another).status == 404)
      #expect(try await press("forged.snooze.token").status == 404)
    }
  }
}
