import Foundation
import HearthCore
import HearthMail
import HearthNotifications
import HearthPlatform
import HearthSQL
import Logging

/// What an account mail job carries: an address or an id, never a token. Finished jobs are kept
/// for weeks, so each job makes its own token, stores only its hash and builds the message in
/// memory.
struct AccountMailJob: Codable, Sendable {
  var email: String?
  var userID: String?
  var invitationID: String?

  func job(_ queue: String, at now: Date) -> NewJob {
    NewJob(queue: queue, payload: StoreJSON.encode(self), runAt: now)
  }

  static func decode(_ job: Job) throws -> AccountMailJob {
    try StoreJSON.decode(AccountMailJob.self, job.payload)
  }
}

extension HearthEnvironment {
  /// `path?token=` on the public URL (or the address this server listens on).
  func link(_ path: String, token: String) -> String {
    "\(config.linkBase)\(path)?\(path == "/signup" ? "invitation" : "token")=\(token)"
  }

  /// Sends one account message. A message the server will never accept is logged and dropped;
  /// anything else is thrown, so the job is tried again.
  func sendAccountMail(_ message: MailMessage, logger: Logger) async throws {
    do {
      try await mailer(logger).send(message)
    } catch let error as SMTPError where error.kind == .permanent {
      logger.warning("Account mail refused: \(error)", metadata: ["subject": "\(message.subject)"])
    }
  }

  /// A one-time link's session: only the hash of the returned token is stored.
  func createLinkSession(
    userID: String, kind: SessionKind, label: String, lifetime: TimeInterval
  ) async throws -> String {
    let token = TokenService.randomToken()
    let now = self.now()
    try await database.createSession(
      Session(
        id: newID(), userID: userID, kind: kind, tokenHash: TokenService.hash(token),
        csrfToken: "", label: label, createdAt: now, lastSeenAt: now,
        expiresAt: now.addingTimeInterval(lifetime)))
    return token
  }
}
