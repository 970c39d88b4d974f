import GRDB
import HearthCore
import PostgresNIO

/// The faults of the machinery under the stores, as people are told of them: a database out of
/// reach answers 503 with Retry-After, a full disk 507; both promise nothing was saved.
package enum StoreFaults {
  /// `error` as a `StoreError` when it is a fault of the database's machinery, nil otherwise.
  package static func classify(_ error: any Error) -> StoreError? {
    switch error {
    case let error as StoreError where error == .unavailable || error == .storageFull:
      return error
    case let error as DatabaseError:
      switch error.resultCode {
      case .SQLITE_FULL: return .storageFull
      case .SQLITE_IOERR, .SQLITE_CANTOPEN, .SQLITE_BUSY: return .unavailable
      default: return nil
      }
    case let error as PostgresTransactionError:
      return classify(
        error.closureError ?? error.commitError ?? error.beginError ?? StoreError.notFound)
    case let error as PSQLError:
      return isConnectionFault(error) ? .unavailable : nil
    default:
      return nil
    }
  }

  /// The connection broke or the server is going away (class 08, or 57P01-57P03), as opposed
  /// to the statement failing.
  package static func isConnectionFault(_ error: PSQLError) -> Bool {
    switch error.code {
    case .connectionError, .serverClosedConnection, .clientClosedConnection, .uncleanShutdown,
      .poolClosed:
      return true
    default:
      let state = error.serverInfo?[.sqlState] ?? ""
      return state.hasPrefix("08") || ["57P01", "57P02", "57P03"].contains(state)
    }
  }

  package static let retryAfterSeconds = 5

  package static func response(_ fault: StoreError) -> APIErrorResponse {
    if fault == .storageFull {
      return APIErrorResponse(
        APIError(
          status: 507, code: "storage_full",
          message: "The server's disk is full, so nothing was saved. Try again later."),
        headers: [.retryAfter: "60"])
    }
    return APIErrorResponse(
      APIError(
        status: 503, code: "database_unavailable",
        message:
          "The database is out of reach for a moment, so nothing was saved. Try again shortly."),
      headers: [.retryAfter: "\(retryAfterSeconds)"])
  }
}
