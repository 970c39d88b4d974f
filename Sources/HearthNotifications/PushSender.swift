import AsyncHTTPClient
import Crypto
import Foundation
import HearthCore
import HearthPlatform
import HearthSQL
import Logging
import NIOCore
import NIOHTTP1

/// Runs `notify.push` jobs: encrypts one notice for one device (RFC 8291), signs the request
/// (RFC 8292) and posts it to the device's push service (RFC 8030). A subscription the service
/// says is gone is removed; a busy or failing service is tried again later.
package struct PushSender: Sendable {
  let env: HearthEnvironment

  package init(env: HearthEnvironment) {
    self.env = env
  }

  /// Push endpoints are chosen by browsers: no redirects are followed, and answers are small.
  static let configuration = HTTPClient.Configuration(
    redirectConfiguration: .disallow, timeout: .init(connect: .seconds(10), read: .seconds(30)))

  package var handler: JobHandler {
    { context in try await self.deliver(context) }
  }

  func deliver(_ context: JobContext) async throws {
    let job = try StoreJSON.decode(PushJob.self, context.job.payload)
    let store = env.database.notificationStore
    guard let notice = try await store.notification(id: job.notificationID),
      let device = try await store.subscription(id: job.subscriptionID),
      device.userID == notice.userID, let user = try await env.database.user(id: notice.userID)
    else { return }
    let now = env.now()
    func record(_ status: DeliveryStatus, _ detail: String) async throws {
      try await store.setDelivery(
        notificationID: notice.id, channel: "push", target: device.id, status: status,
        detail: detail, at: now)
    }
    if now > (job.sendAt ?? notice.createdAt) + Double(job.timeToLive) {
      return try await record(.expired, "not delivered within \(job.timeToLive) s")
    }
    guard let keys = try? WebPushKeys(p256dh: device.p256dh, auth: device.auth),
      let endpoint = URL(string: device.endpoint),
      let audience = VAPIDToken.audience(of: endpoint)
    else {
      _ = try await store.deleteSubscription(id: device.id, userID: device.userID)
      return try await record(.gone, "the subscription is unusable")
    }
    var salt = Data(count: 16)
    for index in salt.indices { salt[index] = UInt8.random(in: 0...255) }
    let body = try WebPushEncryption.encrypt(
      Self.message(notice, user: user, tokens: env.tokens), for: keys, salt: salt)
    let token = try VAPIDToken(
      audience: audience, subject: env.vapidSubject, now: now, key: env.vapidKey)

    let target: PinnedTarget
    do {
      target = try await env.outbound.pin(device.endpoint)
    } catch let refusal as OutboundRefusal {
      try await store.recordPush(subscriptionID: device.id, arrived: false, at: now)
      context.logger.warning(
        "Push endpoint refused", metadata: ["subscription": "\(device.id)", "why": "\(refusal)"])
      return try await record(
        .failed, "the push service's address is refused: \(refusal.reason); not sent")
    } catch {
      try await store.recordPush(subscriptionID: device.id, arrived: false, at: now)
      try await record(.pending, "push service unreachable: \(error)")
      throw error
    }
    var request = HTTPClientRequest(url: target.url.text)
    request.method = .POST
    request.headers.add(name: "TTL", value: String(job.timeToLive))
    request.headers.add(name: "Urgency", value: job.urgency)
    if let topic = notice.topic {
      request.headers.add(name: "Topic", value: Notifier.topicHeader(topic))
    }
    request.headers.add(name: "Content-Encoding", value: "aes128gcm")
    request.headers.add(name: "Content-Type", value: "application/octet-stream")
    request.headers.add(
      name: "Authorization", value: token.authorization(publicKey: env.vapidKey.publicKey))
    request.body = .bytes(ByteBuffer(data: body))

    let response: OutboundAnswer
    do {
      response = try await target.execute(
        request, configuration: Self.configuration, timeout: .seconds(30), bodyLimit: 4096)
    } catch {
      try await store.recordPush(subscriptionID: device.id, arrived: false, at: now)
      try await record(.pending, "push service unreachable: \(error)")
      throw error
    }
    let answer = String(buffer: response.body)
    let status = Int(response.status.code)
    let logger = context.logger
    switch status {
    case 200..<300:
      try await store.recordPush(subscriptionID: device.id, arrived: true, at: now)
      try await record(.sent, "\(status)")
    case 404, 410, 403:
      // 404/410: the subscription expired or was withdrawn; 403: it was made with another key.
      _ = try await store.deleteSubscription(id: device.id, userID: device.userID)
      try await record(.gone, "\(status)")
      logger.info(
        "Push subscription removed",
        metadata: ["status": "\(status)", "subscription": "\(device.id)"])
    case 400, 413:
      try await record(.failed, "\(status) \(answer.prefix(200))")
      logger.error(
        "Push service refused the message",
        metadata: ["status": "\(status)", "answer": "\(answer.prefix(200))"])
    default:
      try await store.recordPush(subscriptionID: device.id, arrived: false, at: now)
      try await record(.pending, "\(status)")
      if status == 401 {
        logger.error(
          "Push service refused our VAPID token", metadata: ["answer": "\(answer.prefix(200))"])
      }
      // Retry-After counts from the answer, not from when this attempt began.
      let answered = env.now()
      if let retry = Self.retryAfter(response.headers.first(name: "Retry-After"), now: answered) {
        throw JobRetry(at: retry, reason: "push service answered \(status)")
      }
      throw PushFailure(status: status)
    }
  }

  struct PushFailure: Error, CustomStringConvertible {
    var status: Int
    var description: String { "push service answered \(status)" }
  }

  /// What the service worker reads: the notice, cut to what one push message holds, with a
  /// token for each of its buttons.
  static func message(_ notice: StoredNotification, user: User, tokens: TokenService) -> Data {
    let actions = notice.openActions.map {
      PushAction(
        action: $0.id, title: $0.title,
        token: NotificationActions.token(notice, action: $0.id, user: user, tokens))
    }
    func encoded(body: String) -> Data {
      StoreJSON.encode(
        PushMessage(
          id: notice.id, kind: notice.kind, title: notice.title, body: body, url: notice.url,
          occurredAt: Int64((notice.occurredAt.timeIntervalSince1970 * 1000).rounded()),
          actions: actions, tag: notice.topic.map(Notifier.topicHeader) ?? notice.id,
          quiet: notice.closedAt != nil)
      ).data(using: .utf8) ?? Data()
    }
    let limit = WebPushEncryption.maxPlaintextBytes
    var body = notice.body
    var data = encoded(body: body)
    while data.count > limit, !body.isEmpty {
      // A character takes at most 6 bytes of JSON per UTF-16 unit; drop at least one.
      body = String(body.dropLast(max(1, (data.count - limit) / 12)))
      data = encoded(body: body + "…")
    }
    return data
  }

  struct PushMessage: Encodable {
    var id, kind, title, body, url: String
    var occurredAt: Int64
    var actions: [PushAction]
    /// The device shows one notification per tag: a notice's replacement takes its place.
    var tag: String
    /// A closed notice replacing the one shown: no sound or vibration.
    var quiet: Bool
  }

  struct PushAction: Encodable {
    var action, title, token: String
  }

  /// Retry-After in seconds or as an HTTP date; nil when absent or unreadable.
  static func retryAfter(_ value: String?, now: Date) -> Date? {
    guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else {
      return nil
    }
    if let seconds = Int(value), seconds >= 0 { return now + Double(seconds) }
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "GMT")
    formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
    return formatter.date(from: value).map { max($0, now) }
  }
}
