import Foundation
import HearthCore
import HearthHTML
import HearthMail
import HearthPlatform
import HearthSQL

/// Runs `notify.email` jobs: one notice, as a short mail with a link to its page, to the
/// address of the account it belongs to, read when the job runs.
package struct NotificationMailer: Sendable {
  let env: HearthEnvironment

  package init(env: HearthEnvironment) {
    self.env = env
  }

  package var handler: JobHandler {
    { context in try await self.deliver(context) }
  }

  func deliver(_ context: JobContext) async throws {
    let job = try StoreJSON.decode(EmailJob.self, context.job.payload)
    let store = env.database.notificationStore
    guard let notice = try await store.notification(id: job.notificationID),
      let user = try await env.database.user(id: notice.userID)
    else { return }
    if let refusal = try await Self.refusal(of: notice, to: user, env: env) {
      try await store.setDelivery(
        notificationID: notice.id, channel: "email", target: user.id, status: .failed,
        detail: refusal, at: env.now())
      return
    }
    let message = try Self.message(
      notice, to: try MailAddress(user.email, name: user.displayName),
      from: env.config.mailFrom, base: env.config.linkBase)
    do {
      try await env.mailer(context.logger).send(message)
    } catch let error as SMTPError where !error.isTransient {
      try await store.setDelivery(
        notificationID: notice.id, channel: "email", target: user.id, status: .failed,
        detail: error.message, at: env.now())
      context.logger.error(
        "Notification email refused",
        metadata: ["notification": "\(notice.id)", "error": "\(error)"])
      return
    }
    try await store.setDelivery(
      notificationID: notice.id, channel: "email", target: user.id, status: .sent, detail: "",
      at: env.now())
  }

  /// Why this notice is not mailed, in words its inbox shows; nil when it may go. A test
  /// goes only to a confirmed address, and every notice counts against the hourly budgets.
  static func refusal(of notice: StoredNotification, to user: User, env: HearthEnvironment)
    async throws -> String?
  {
    if notice.kind == NotificationsController.testKind.id,
      env.needsEmailVerification(user)
    {
      return "Not mailed: a test goes only to a confirmed address. Confirm your email first."
    }
    return try await MailBudget(env: env).spend(address: user.email, accountID: user.id).map {
      Self.overBudget(retryAfter: $0)
    }
  }

  static func overBudget(retryAfter seconds: Int) -> String {
    "Not mailed: this account reached its hourly email limit (\(MailBudget.perAccount) an hour, "
      + "\(MailBudget.perAddress) to one address). It is in your inbox; mail resumes in "
      + "\(seconds / 60 + 1) minutes."
  }

  static func message(
    _ notice: StoredNotification, to recipient: MailAddress, from sender: MailAddress, base: String
  ) throws -> MailMessage {
    let link = base + "/notifications/\(notice.id)/open"
    let settings = base + "/account/notifications"
    let text = [
      notice.body, "", "Open it: \(link)", "",
      "You get this because you chose email for this kind of notification: \(settings)",
    ].joined(separator: "\n")
    let html = Node.fragment([
      .p(.text(notice.body)),
      .p(.a([.href(link)], "Open it in Hearth")),
      .p(
        .small(
          "You get this because you chose email for this kind of notification. ",
          .a([.href(settings)], "Change your notification settings"), ".")),
    ]).render()
    return MailMessage(
      from: sender, to: [recipient], subject: notice.title, text: text, html: html,
      headers: [MailHeader("List-Unsubscribe", "<\(settings)>")])
  }
}
