/// An engine's error that can say whether it is a fault of the database's machinery (out of
/// reach, disk full) rather than of the statement.
public protocol StoreFaultReporting: Error {
  var storeFault: StoreError? { get }
}

/// The faults of the machinery under the stores, as people are told of them: a database out of
/// reach answers 503 with Retry-After, a full disk 507; both promise nothing was saved.
public enum StoreFaults {
  /// `error` as a `StoreError` when it is a fault of the database's machinery, nil otherwise.
  public static func classify(_ error: any Error) -> StoreError? {
    switch error {
    case let error as StoreError where error == .unavailable || error == .storageFull:
      return error
    case let error as any StoreFaultReporting:
      return error.storeFault
    default:
      return nil
    }
  }
}
