import HearthCore
import HearthSQL

extension StoreFaults {
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
