public enum ParticipantStatus: String, Codable, Sendable, CaseIterable {
  case invited, accepted, declined, removed
}

public enum Permission: String, Codable, Sendable, CaseIterable {
  case readOnly = "read-only"
  case readWrite = "read-write"
}

/// What one person may do with one shared resource.
public enum Access: Int, Comparable, Sendable {
  case none, invited, read, write, owner

  public static func < (lhs: Access, rhs: Access) -> Bool { lhs.rawValue < rhs.rawValue }

  public static func of(
    ownerID: String, userID: String, participant: (ParticipantStatus, Permission)?
  ) -> Access {
    if ownerID == userID { return .owner }
    guard let (status, permission) = participant else { return .none }
    switch status {
    case .invited: return .invited
    case .accepted: return permission == .readWrite ? .write : .read
    case .declined, .removed: return .none
    }
  }

  public var canSee: Bool { self >= .read }

  /// 404 for someone who cannot see the resource, 403 for someone who sees it without `needed`.
  public func require(_ needed: Access, what: String) throws(APIError) {
    guard self >= .read else { throw .notFound(what) }
    guard self >= needed else { throw .forbidden }
  }
}
