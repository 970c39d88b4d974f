import Foundation
import HearthCore
import HearthPlatform
import HearthSQL

/// What a person asks of a notice through one of its buttons.
public struct NotificationActionRequest: Sendable {
  public var action: String
  public var notice: StoredNotification
  public var user: User
}

/// Answers one kind's actions; returns what to tell the person ("Ibuprofen logged at 08:03.").
public typealias NotificationActionHandler =
  @Sendable (NotificationActionRequest) async throws -> String

/// Performs notices' actions: the sending app's handler, or the platform's snooze. The inbox
/// asks as the signed-in person; a device asks with the token its push message carried, which
/// names one notice and one action and is good for nothing else.
package struct NotificationActions: Sendable {
  let env: HearthEnvironment
  let kinds: [String: NotificationKind]
  let handlers: [String: NotificationActionHandler]
  var store: any NotificationStore { env.database.notificationStore }

  package static let snoozeQueue = "notify.snooze"
  /// How long a push message's buttons work after their notice was made.
  package static let tokenLifetime: TimeInterval = 3 * 24 * 3600

  package init(env: HearthEnvironment, modules: [any NotifyingModule]) {
    self.env = env
    kinds = Dictionary(
      NotificationsController.kinds(of: modules).map { ($0.id, $0) },
      uniquingKeysWith: { first, _ in first })
    handlers = modules.reduce(into: [:]) { handlers, module in
      handlers.merge(module.notificationActionHandlers) { first, _ in first }
    }
  }

  /// The token a push message carries for `action` of `notice`: `<notice>.<action>.<mac>`. The
  /// MAC covers the account's password hash, so a new password ends every token made before.
  static func token(
    _ notice: StoredNotification, action: String, user: User, _ tokens: TokenService
  ) -> String {
    let subject = "\(notice.id).\(action)"
    return subject + "." + tokens.signature(of: signed(subject, user: user))
  }

  private static func signed(_ subject: String, user: User) -> String {
    "notification-action:\(subject):\(user.id):\(TokenService.hash(user.passwordHash))"
  }

  /// The notice, action and person a genuine token names; nil for anything else. A genuine
  /// token stops working `tokenLifetime` after its notice, and once every sign-in that was
  /// live when the notice was made has ended (signing out everywhere).
  func redeem(_ token: String) async throws -> Redeemed {
    let parts = token.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    guard parts.count == 3, let notice = try await store.notification(id: parts[0]),
      let user = try await env.database.user(id: notice.userID), !user.disabled,
      env.tokens.isSignature(parts[2], of: Self.signed("\(parts[0]).\(parts[1])", user: user))
    else { return .unknown }
    let now = env.now()
    guard now < notice.createdAt + Self.tokenLifetime else { return .expired }
    let signedIn = try await env.database.sessions(userID: user.id).contains {
      ($0.kind == .web || $0.kind == .refresh) && $0.createdAt <= notice.createdAt
        && $0.isLive(at: now)
    }
    guard signedIn else { return .expired }
    return .valid(notice, parts[1], user)
  }

  enum Redeemed {
    case valid(StoredNotification, String, User)
    case expired
    case unknown
  }

  /// Does `actionID` of the person's own notice and marks the notice read; what to tell them.
  func perform(_ actionID: String, on notice: StoredNotification, by user: User) async throws
    -> String
  {
    guard notice.userID == user.id else { throw APIErrorResponse(.notFound("notification")) }
    guard let action = notice.actions.first(where: { $0.id == actionID }) else {
      throw APIErrorResponse(
        .invalid("action", "This notification has no action called \(actionID)."))
    }
    // Someone already did what it asked: say what, rather than that the button is gone.
    if notice.closedAt != nil { return notice.body }
    let message: String
    if let minutes = action.snoozeMinutes {
      message = try await snooze(notice, minutes: minutes)
    } else if let handler = handlers[notice.kind] {
      message = try await handler(
        NotificationActionRequest(action: actionID, notice: notice, user: user))
    } else {
      throw APIErrorResponse(
        .invalid("action", "This notification has no action called \(actionID)."))
    }
    _ = try await store.markRead(id: notice.id, userID: user.id, at: env.now())
    return message
  }

  /// One snooze per notice: the notice it brings back can be snoozed in its turn.
  private func snooze(_ notice: StoredNotification, minutes: Int) async throws -> String {
    _ = try await env.enqueue(
      NewJob(
        queue: Self.snoozeQueue, payload: StoreJSON.encode(SnoozeJob(notificationID: notice.id)),
        runAt: env.now() + TimeInterval(minutes * 60),
        idempotencyKey: "\(notice.id):snooze", maxAttempts: 5))
    return "Snoozed: it comes back in \(minutes) minutes."
  }

  /// Sends the snoozed notice again, as a new notice with the same buttons, unless it was
  /// closed meanwhile (what it asked for was done).
  package var snoozeHandler: JobHandler {
    { context in
      let job = try StoreJSON.decode(SnoozeJob.self, context.job.payload)
      guard let notice = try await store.notification(id: job.notificationID),
        let kind = kinds[notice.kind]
      else { return }
      if notice.closedAt != nil {
        context.logger.debug("Snoozed notification \(notice.id) was closed meanwhile")
        return
      }
      try await env.notifier.send(
        NotificationDraft(
          kind: kind, to: [notice.userID], title: notice.title, body: notice.body,
          url: notice.url, dedupeKey: "snoozed:\(notice.id)", occurredAt: notice.occurredAt,
          actions: notice.actions, data: notice.data, topic: notice.topic))
    }
  }

  struct SnoozeJob: Codable {
    var notificationID: String
  }
}
