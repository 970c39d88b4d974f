import HearthSQL
import PostgresNIO

extension PostgresTransactionError: StoreFaultReporting {
  public var storeFault: StoreError? {
    StoreFaults.classify(closureError ?? commitError ?? beginError ?? StoreError.notFound)
  }
}

extension PSQLError: StoreFaultReporting {
  public var storeFault: StoreError? { isConnectionFault ? .unavailable : nil }

  /// The connection broke or the server is going away (class 08, or 57P01-57P03), as opposed
  /// to the statement failing.
  package var isConnectionFault: Bool {
    switch code {
    case .connectionError, .serverClosedConnection, .clientClosedConnection, .uncleanShutdown,
      .poolClosed:
      return true
    default:
      let state = serverInfo?[.sqlState] ?? ""
      return state.hasPrefix("08") || ["57P01", "57P02", "57P03"].contains(state)
    }
  }
}
