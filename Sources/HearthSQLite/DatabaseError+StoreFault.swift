import GRDB
import HearthSQL

extension DatabaseError: StoreFaultReporting {
  public var storeFault: StoreError? {
    switch resultCode {
    case .SQLITE_FULL: .storageFull
    case .SQLITE_IOERR, .SQLITE_CANTOPEN, .SQLITE_BUSY: .unavailable
    default: nil
    }
  }
}
