import Crypto
import Foundation

/// The events the stores append, in the same transaction, whenever an account or one of its
/// sessions changes. Streams use them to recheck their session; every process's caller cache
/// (`CallerCache`) forgets the account on reading one, which is how a log-out, a revoked session
/// or a disabled account reaches the other processes.
public enum AccountEvents {
  public static let sessionEnded = "session.ended"
  public static let updated = "account.updated"
  public static let deleted = "account.deleted"

  public static let all: Set<String> = [sessionEnded, updated, deleted]

  /// What PostgreSQL's notification of an appended event says: its sequence, and for these
  /// events the account, so that other processes forget it before reading the event.
  static func notification(sequence: Int64, _ event: NewEvent) -> String {
    guard all.contains(event.type), let account = account(of: event.audience) else {
      return String(sequence)
    }
    return "\(sequence) \(account)"
  }

  /// Who an account event is about: the account's id, or for a deleted account its digest.
  static func account(of audience: Audience) -> String? {
    switch audience {
    case .user(let userID): userID
    case .resource(let ref) where ref.app == "hearth" && ref.kind == "account": ref.id
    case .resource: nil
    }
  }

  /// Names a deleted account without its id, which nothing may keep once it is gone.
  static func deleted(userID: String) -> NewEvent {
    NewEvent(
      type: deleted,
      audience: .resource(ResourceRef(app: "hearth", kind: "account", id: digest(userID))))
  }

  static func digest(_ userID: String) -> String {
    SHA256.hash(data: Data(("hearth-account:" + userID).utf8)).map {
      String(format: "%02x", $0)
    }.joined()
  }

  /// The account a notification names, if any.
  static func userID(notified payload: String) -> String? {
    guard let space = payload.firstIndex(of: " ") else { return nil }
    return String(payload[payload.index(after: space)...])
  }

  static func sessionEnded(userID: String, sessionID: String?) -> NewEvent {
    NewEvent(
      type: sessionEnded, audience: .user(userID),
      payload: sessionID.map { #"{"sessionId":"\#($0)"}"# } ?? "{}")
  }

  static func updated(userID: String) -> NewEvent {
    NewEvent(type: updated, audience: .user(userID))
  }
}
