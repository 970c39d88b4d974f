import Foundation
import HearthCore
import HearthOpenAPI
import HearthPlatform
import HearthSQL
import Hummingbird

/// The JSON API of push subscriptions and the inbox.
package struct NotificationsController: Sendable {
  package let env: HearthEnvironment
  /// Every kind a person can choose channels for, the platform's and each app's.
  package let kinds: [NotificationKind]
  let modules: [any NotifyingModule]

  static let testKind = NotificationKind(
    "hearth.test", label: "Test notifications you send yourself", urgency: .high)

  package init(env: HearthEnvironment, modules: [any NotifyingModule]) {
    self.env = env
    self.modules = modules
    kinds = Self.kinds(of: modules)
  }

  /// Every kind a person can choose channels for: the platform's, then each app's.
  static func kinds(of modules: [any NotifyingModule]) -> [NotificationKind] {
    [testKind] + modules.flatMap { type(of: $0).notificationKinds }
  }

  package struct KeyBody: Codable {
    /// The VAPID public key, base64url: the browser's `applicationServerKey`.
    var publicKey: String
  }

  package struct SubscriptionBody: Codable {
    var id, label: String
    /// The push service's origin, without the device's path.
    var service: String
    var createdAt: Date
    var lastSuccessAt: Date?
    /// Why the latest push did not go, when none has arrived since.
    var problem: String?

    init(_ subscription: PushSubscription) {
      id = subscription.id
      label = subscription.label
      service = URL(string: subscription.endpoint).flatMap(VAPIDToken.audience(of:)) ?? ""
      createdAt = subscription.createdAt
      lastSuccessAt = subscription.lastSuccessAt
      problem = subscription.problem
    }
  }

  package struct SubscriptionList: Codable {
    var subscriptions: [SubscriptionBody]
  }

  package struct SubscriptionEnvelope: Codable {
    var subscription: SubscriptionBody
  }

  package struct SubscriptionKeys: Decodable {
    var p256dh: String?
    var auth: String?
  }

  /// `PushSubscription.toJSON()` from the browser, with an optional label.
  package struct SubscriptionInput: Decodable, JSONSchemaRefined {
    var endpoint: String?
    var keys: SubscriptionKeys?
    var label: String?
    package static let schemaRequired = ["endpoint", "keys"]
  }

  package struct NotificationBody: Codable {
    var id, kind, title, body, url: String
    var occurredAt, createdAt: Date
    var read: Bool
    var actions: [NotificationAction]

    init(_ notice: StoredNotification) {
      id = notice.id
      kind = notice.kind
      title = notice.title
      body = notice.body
      url = notice.url
      occurredAt = notice.occurredAt
      createdAt = notice.createdAt
      read = notice.readAt != nil
      actions = notice.openActions
    }
  }

  package struct NotificationList: Codable {
    var notifications: [NotificationBody]
    var unread: Int
  }

  package struct UnreadBody: Codable {
    var unread: Int
  }

  /// What an account export holds of notifications: the inbox, the devices and the settings.
  package struct Export: Codable {
    var notifications: [NotificationBody]
    var devices: [SubscriptionBody]
    var preferences: PreferencesBody
  }

  package func export(_ user: User) async throws -> Export {
    Export(
      notifications: try await store.notifications(userID: user.id, before: nil, limit: 100_000)
        .map(NotificationBody.init),
      devices: try await store.subscriptions(userID: user.id).map(SubscriptionBody.init),
      preferences: body(try await store.preferences(userID: user.id)))
  }

  package func register(_ api: APIRouteTable) {
    api.add(
      APIOperation(
        .get, "/api/notifications/preferences",
        summary: "Which notifications reach you where, your quiet hours and email digest",
        tag: "notifications", responses: [(200, Schemas.of(PreferencesBody.self))],
        errors: [401]), use: preferences)
    api.add(
      APIOperation(
        .put, "/api/notifications/preferences",
        summary:
          "Choose channels per kind of notification, quiet hours, and email as it happens or "
          + "in a daily digest at a local time",
        tag: "notifications", requestBody: Schemas.of(PreferencesInput.self),
        responses: [(200, Schemas.of(PreferencesBody.self))], errors: [400, 401, 413]),
      use: savePreferences)
    api.add(
      APIOperation(
        .get, "/api/push/key", summary: "The key browsers subscribe to push with",
        tag: "notifications", responses: [(200, Schemas.of(KeyBody.self))], errors: [401]),
      use: key)
    api.add(
      APIOperation(
        .get, "/api/push/subscriptions", summary: "Your devices that receive push notifications",
        tag: "notifications", responses: [(200, Schemas.of(SubscriptionList.self))],
        errors: [401]), use: subscriptions)
    api.add(
      APIOperation(
        .post, "/api/push/subscriptions", summary: "Receive push notifications on this device",
        tag: "notifications", requestBody: Schemas.of(SubscriptionInput.self),
        responses: [(201, Schemas.of(SubscriptionEnvelope.self))],
        errors: [400, 401, 413, 429]), use: subscribe)
    api.add(
      APIOperation(
        .delete, "/api/push/subscriptions/:id", summary: "Stop push notifications on a device",
        tag: "notifications", responses: [(204, nil)], errors: [401, 404]), use: unsubscribe)
    api.add(
      APIOperation(
        .post, "/api/push/test", summary: "Send yourself a test notification",
        tag: "notifications", responses: [(202, Schemas.of(UnreadBody.self))],
        errors: [401, 429]), use: sendTest)
    api.add(
      APIOperation(
        .get, "/api/notifications", summary: "Your notifications, newest first",
        tag: "notifications", responses: [(200, Schemas.of(NotificationList.self))],
        errors: [400, 401]), use: list)
    api.add(
      APIOperation(
        .post, "/api/notifications/:id/read", summary: "Mark a notification read",
        tag: "notifications", responses: [(200, Schemas.of(UnreadBody.self))],
        errors: [401, 404]), use: markRead)
    api.add(
      APIOperation(
        .post, "/api/notifications/read-all", summary: "Mark every notification read",
        tag: "notifications", responses: [(200, Schemas.of(UnreadBody.self))], errors: [401]),
      use: markAllRead)
    registerActions(api)
  }

  var store: any NotificationStore { env.database.notificationStore }

  @Sendable func key(_ request: Request, _ context: AppRequestContext) async throws -> Response {
    _ = try context.requireCaller()
    return JSONBody.response(
      KeyBody(publicKey: env.vapidKey.publicKey.x963Representation.base64URL))
  }

  @Sendable func subscriptions(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let caller = try context.requireCaller()
    let devices = try await store.subscriptions(userID: caller.user.id)
    return JSONBody.response(SubscriptionList(subscriptions: devices.map(SubscriptionBody.init)))
  }

  @Sendable func subscribe(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let caller = try context.requireCaller()
    let input = try await JSONBody.decode(
      SubscriptionInput.self, from: request, route: "POST /api/push/subscriptions")
    let endpoint = try validEndpoint(input.endpoint)
    guard let keys = input.keys else { throw APIErrorResponse(.missing("keys")) }
    do {
      _ = try WebPushKeys(p256dh: keys.p256dh ?? "", auth: keys.auth ?? "")
    } catch .p256dh {
      throw APIErrorResponse(
        .invalid("keys.p256dh", "keys.p256dh must be the browser's P-256 public key, base64url"))
    } catch {
      throw APIErrorResponse(.invalid("keys.auth", "keys.auth must be 16 bytes, base64url"))
    }
    let label = input.label?.trimmingCharacters(in: .whitespacesAndNewlines).prefix(80)
      .description
    let stored: PushSubscription
    do {
      stored = try await store.putSubscription(
        PushSubscription(
          id: env.newID(), userID: caller.user.id, endpoint: endpoint, p256dh: keys.p256dh ?? "",
          auth: keys.auth ?? "",
          label: label.flatMap { $0.isEmpty ? nil : $0 }
            ?? DeviceLabel.from(userAgent: request.headers[.userAgent] ?? ""),
          createdAt: env.now()),
        devicesAtMost: PushLimits.devicesPerAccount)
    } catch is DeviceLimitReached {
      throw APIErrorResponse(
        APIError(
          status: 429, code: "too_many_devices",
          message:
            "You already receive notifications on \(PushLimits.devicesPerAccount) devices, "
            + "the most an account may have. Remove one you no longer use, then try again.",
          field: "endpoint"))
    }
    env.logger.info(
      "Push subscription added",
      metadata: ["user": "\(caller.user.id)", "subscription": "\(stored.id)"])
    return JSONBody.response(
      SubscriptionEnvelope(subscription: SubscriptionBody(stored)), status: .created)
  }

  /// The push service's URL, checked without DNS by the outbound rule: https, to a public
  /// host in production; http and loopback too elsewhere (tests run a push service there).
  func validEndpoint(_ raw: String?) throws -> String {
    guard let raw, !raw.isEmpty else { throw APIErrorResponse(.missing("endpoint")) }
    let rule = env.outbound.rule
    do {
      return try rule.check(raw).text
    } catch {
      let place = rule.allowsNonPublic ? "" : " on the public internet"
      throw APIErrorResponse(
        .invalid(
          "endpoint",
          "endpoint must be the push service's \(rule.schemes[0]):// URL\(place): "
            + "\(error.reason)."))
    }
  }

  @Sendable func unsubscribe(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let caller = try context.requireCaller()
    let id = context.parameters.get("id") ?? ""
    guard try await store.deleteSubscription(id: id, userID: caller.user.id) else {
      throw APIErrorResponse(.notFound("subscription"))
    }
    return Response(status: .noContent)
  }

  @Sendable func sendTest(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let caller = try context.requireCaller()
    try await sendTest(to: caller.user)
    let unread = try await store.unreadCount(userID: caller.user.id)
    return JSONBody.response(UnreadBody(unread: unread), status: .accepted)
  }

  /// Sends the person a test notice; 429 past `PushLimits.testsPerMinute`.
  func sendTest(to user: User) async throws {
    let limits = LoginLimits(database: env.database, newID: { UUID.random().uuidString })
    let rule = LoginLimits.Rule(
      key: "push-test|\(user.id)", limit: PushLimits.testsPerMinute, window: 60,
      account: user.email)
    if case .wait(let seconds) = try await limits.reserve([rule], now: env.now()) {
      throw APIErrorResponse.limited(
        "rate_limited",
        "You can send \(PushLimits.testsPerMinute) test notifications a minute. "
          + "Try again in \(seconds) seconds.", retryAfter: seconds)
    }
    try await env.notifier.send(
      NotificationDraft(
        kind: Self.testKind, to: [user.id], title: "Notifications work",
        body: "This is how Hearth will tell you that something needs you.",
        url: "/notifications", dedupeKey: "test:\(env.newID())", occurredAt: env.now()))
  }

  @Sendable func list(_ request: Request, _ context: AppRequestContext) async throws -> Response {
    let caller = try context.requireCaller()
    let query = request.uri.queryParameters
    var limit = 50
    if let raw = query.get("limit") {
      guard let value = Int(raw), (1...200).contains(value) else {
        throw APIErrorResponse(.invalid("limit", "limit must be a whole number from 1 to 200"))
      }
      limit = value
    }
    var before: Date?
    if let raw = query.get("before") {
      guard let date = try? Date(raw, strategy: .iso8601) else {
        throw APIErrorResponse(.invalid("before", "before must be an ISO 8601 time"))
      }
      before = date
    }
    let notices = try await store.notifications(
      userID: caller.user.id, before: before, limit: limit)
    let unread = try await store.unreadCount(userID: caller.user.id)
    return JSONBody.response(
      NotificationList(notifications: notices.map(NotificationBody.init), unread: unread))
  }

  @Sendable func markRead(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let caller = try context.requireCaller()
    let id = context.parameters.get("id") ?? ""
    guard try await store.markRead(id: id, userID: caller.user.id, at: env.now()) else {
      throw APIErrorResponse(.notFound("notification"))
    }
    return JSONBody.response(
      UnreadBody(unread: try await store.unreadCount(userID: caller.user.id)))
  }

  @Sendable func markAllRead(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let caller = try context.requireCaller()
    try await store.markAllRead(userID: caller.user.id, at: env.now())
    return JSONBody.response(UnreadBody(unread: 0))
  }
}
