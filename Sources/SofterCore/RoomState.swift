/// Why a room ended. Every ending is final.
public enum DefunctReason: Hashable, Sendable {
  case resolutionFailed(String)
  /// Refused while the room was pending.
  case participantDeclined(String)
  /// Departed after the room was active: by leaving, by DEPART, or Lightward at the horizon.
  case participantLeft(String)
  case paymentFailed
  case cancelled
  case expired

  /// The stored form: `participantLeft:<id>`, `paymentFailed`, ...
  public var encoded: String {
    switch self {
    case .resolutionFailed(let id): "resolutionFailed:\(id)"
    case .participantDeclined(let id): "participantDeclined:\(id)"
    case .participantLeft(let id): "participantLeft:\(id)"
    case .paymentFailed: "paymentFailed"
    case .cancelled: "cancelled"
    case .expired: "expired"
    }
  }

  /// Unknown or missing reasons read as `cancelled`; the old `paymentAuthorizationFailed` as
  /// `paymentFailed`.
  public init(encoded: String?) {
    let parts = (encoded ?? "").split(separator: ":", maxSplits: 1).map(String.init)
    let id = parts.count == 2 ? parts[1] : ""
    switch parts.first {
    case "resolutionFailed" where !id.isEmpty: self = .resolutionFailed(id)
    case "participantDeclined" where !id.isEmpty: self = .participantDeclined(id)
    case "participantLeft" where !id.isEmpty: self = .participantLeft(id)
    case "paymentFailed", "paymentAuthorizationFailed": self = .paymentFailed
    case "expired": self = .expired
    default: self = .cancelled
    }
  }
}

public enum RoomState: Hashable, Sendable {
  case draft
  case pendingParticipants(signaled: Set<String>)
  case active
  case defunct(DefunctReason)

  public var isActive: Bool { self == .active }
  public var isPending: Bool {
    switch self {
    case .draft, .pendingParticipants: true
    default: false
    }
  }
  public var isDefunct: Bool {
    if case .defunct = self { return true }
    return false
  }

  public var defunctReason: DefunctReason? {
    if case .defunct(let reason) = self { return reason }
    return nil
  }

  /// The stored names: draft, pendingParticipants, active, defunct.
  public var typeName: String {
    switch self {
    case .draft: "draft"
    case .pendingParticipants: "pendingParticipants"
    case .active: "active"
    case .defunct: "defunct"
    }
  }
}
