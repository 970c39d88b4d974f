import Foundation
import HearthCore

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

  package init(env: HearthEnvironment, modules: [any HearthAppModule]) {
    self.env = env
    kinds = Dictionary(
      NotificationsController.kinds(of: modules).map { ($0.id, $0) },
      uniquingKeysWith: { first, _ in first })
    handlers = modules.reduce(into: [:]) { handlers, module in
      handlers.merge(module.notificationActionHandlers) { first, _ in first }
    }
  }

  /// The token a push message carries for `action` of `notice`: `<notice>.<action>.<mac>`.
  static func token(_ notice: StoredNotification, action: String, _ tokens: TokenService)
    -> String
  {
    let subject = "\(notice.id).\(action)"
    return subject + "." + tokens.signature(of: "notification-action:\(subject):\(notice.userID)")
  }

  /// The notice, action and person a genuine token names; nil for anything else.
  func redeem(_ token: String) async throws -> (StoredNotification, String, User)? {
    let parts = token.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    guard parts.count == 3, let notice = try await store.notification(id: parts[0]),
      env.tokens.isSignature(
        parts[2], of: "notification-action:\(parts[0]).\(parts[1]):\(notice.userID)"),
      let user = try await env.database.user(id: notice.userID), !user.disabled
    else { return nil }
    return (notice, parts[1], user)
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

  /// Sends the snoozed notice again, as a new notice with the same buttons.
  var snoozeHandler: JobHandler {
    { context in
      let job = try StoreJSON.decode(SnoozeJob.self, context.job.payload)
      guard let notice = try await store.notification(id: job.notificationID),
        let kind = kinds[notice.kind]
      else { return }
      try await env.notifier.send(
        NotificationDraft(
          kind: kind, to: [notice.userID], title: notice.title, body: notice.body,
          url: notice.url, dedupeKey: "snoozed:\(notice.id)", occurredAt: notice.occurredAt,
          actions: notice.actions, data: notice.data))
    }
  }

  struct SnoozeJob: Codable {
    var notificationID: String
  }
}
