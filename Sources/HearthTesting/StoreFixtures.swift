import Foundation
import HearthPlatform
import Testing

/// The people, sessions and times the store conformance suites build on.
public protocol StoreFixtures {}

extension StoreFixtures {
  public static var start: Date { Date(timeIntervalSince1970: 1_700_000_000) }

  /// `start` plus whole seconds: whole seconds survive every backend's date storage.
  public static func at(_ seconds: Int) -> Date { start.addingTimeInterval(TimeInterval(seconds)) }

  public static func user(_ id: String, phone: String? = nil, createdAt: Int = 0) -> User {
    User(
      id: id, email: "\(id)@example.com", displayName: "Person \(id)", phone: phone,
      passwordHash: "hash-\(id)", timeZone: "Europe/Paris", createdAt: at(createdAt))
  }

  public static func session(
    _ id: String, userID: String, kind: SessionKind = .web, createdAt: Int = 0,
    expiresAt: Int = 3600
  ) -> Session {
    Session(
      id: id, userID: userID, kind: kind, tokenHash: "token-\(id)", csrfToken: "csrf-\(id)",
      label: "Label \(id)", createdAt: at(createdAt), lastSeenAt: at(createdAt),
      expiresAt: at(expiresAt))
  }

  /// An event's JSON payload as an object.
  public static func payload(_ event: Event) throws -> [String: Any] {
    try #require(
      JSONSerialization.jsonObject(with: Data(event.payload.utf8)) as? [String: Any])
  }
}

/// Set once, read by another task.
public actor Flag {
  public private(set) var value = false
  public init() {}
  public func set() { value = true }
}
