import Foundation
import HearthCore
import HearthPlatform

/// A browser's push subscription on one device of one person.
public struct PushSubscription: Equatable, Sendable {
  public var id: String
  public var userID: String
  /// Where the push service takes messages for the device; chosen by the browser.
  public var endpoint: String
  /// The subscription's keys, base64url, as the browser gave them.
  public var p256dh: String
  public var auth: String
  /// The device as people recognise it ("Chrome on Android").
  public var label: String
  public var createdAt: Date
  public var lastSuccessAt: Date?
  /// Failed deliveries since the last one that arrived.
  public var failures: Int
  /// Why the latest push to it did not go, when none has arrived since ("the push service's
  /// address is refused: …"); read from the deliveries, never stored.
  public var problem: String?

  public init(
    id: String, userID: String, endpoint: String, p256dh: String, auth: String, label: String,
    createdAt: Date, lastSuccessAt: Date? = nil, failures: Int = 0, problem: String? = nil
  ) {
    self.problem = problem
    self.id = id
    self.userID = userID
    self.endpoint = endpoint
    self.p256dh = p256dh
    self.auth = auth
    self.label = label
    self.createdAt = createdAt
    self.lastSuccessAt = lastSuccessAt
    self.failures = failures
  }
}

/// One notice in a person's inbox.
public struct StoredNotification: Equatable, Sendable {
  public var id: String
  public var userID: String
  /// The kind's id, `<app>.<name>`.
  public var kind: String
  public var title: String
  public var body: String
  /// A path on this server (`/notes/lists/…`): where opening the notice leads.
  public var url: String
  /// What makes the notice one of a kind: the same key for the same person is stored once.
  public var dedupeKey: String
  /// When what it tells of happened (a reminder's own time, even when it is sent late).
  public var occurredAt: Date
  public var createdAt: Date
  public var readAt: Date?
  /// What can be done from the notice itself, besides opening it.
  public var actions: [NotificationAction] = []
  /// JSON for the app that sent it: what its actions act on.
  public var data: String = "{}"
  /// What the notice is about for everyone who got it (`NotificationDraft.topic`).
  public var topic: String?
  /// When what it asked for was done, by anyone: it is read and shows no buttons since.
  public var closedAt: Date?

  /// The buttons it shows: none once it is closed.
  public var openActions: [NotificationAction] { closedAt == nil ? actions : [] }
}

/// What happened to one notice on one channel and target (a device, an address).
public enum DeliveryStatus: String, Sendable {
  case pending, sent, gone, failed, expired
  /// Not pushed: the person had been pushed `PushLimits.noticesPerHour` notices already.
  case limited
}
