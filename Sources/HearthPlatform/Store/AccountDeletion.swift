import Foundation
import HearthCore
import HearthSQL

extension SQLTransaction {
  /// Removes the person and everything that belongs to them, written once for both databases:
  /// each app's cleanup and hand-over first, then the events and jobs of the resources they
  /// owned or that name them, their log-in counts, their shares, and their row (sessions,
  /// participations, two-factor and the security log go with it by foreign key).
  func deleteAccount(id: String, cleanup: [AccountCleanup], formerlyOwned: [ResourceRef])
    async throws
  {
    guard let row = try await row("SELECT email, phone FROM users WHERE id = \(id)") else {
      return
    }
    let email: String = try row["email"]
    let account = AccountCleanup.Account(id: id, email: email, phone: try row["phone"])
    let owned: [ResourceRef] = try await rows(
      "SELECT app, kind, resource_id FROM shares WHERE owner_id = \(id) ORDER BY resource_id"
    ).map { ResourceRef(app: try $0["app"], kind: try $0["kind"], id: try $0["resource_id"]) }
    for app in cleanup {
      for statement in app.statements(account) { try await execute(statement) }
    }
    for resource in Set(owned + formerlyOwned).sorted(by: { $0.id < $1.id }) {
      try await execute(
        """
        DELETE FROM events
        WHERE res_app = \(resource.app) AND res_kind = \(resource.kind) AND res_id = \(resource.id)
          OR payload LIKE \("%\(resource.id)%")
        """)
      try await execute("DELETE FROM jobs WHERE payload LIKE \("%\(resource.id)%")")
    }
    // A reminder's job names the reminder, not its owner; the reminder goes with the user row.
    try await execute(
      "DELETE FROM jobs WHERE id IN (SELECT next_job_id FROM reminders WHERE owner_user_id = \(id))"
    )
    let mentioned = "%\(id)%"
    try await execute(
      "DELETE FROM events WHERE audience_user = \(id) OR payload LIKE \(mentioned)")
    try await execute("DELETE FROM jobs WHERE payload LIKE \(mentioned)")
    try await execute(
      "DELETE FROM login_attempts WHERE account_key = \(LoginLimits.accountKey(email))")
    try await execute("DELETE FROM shares WHERE owner_id = \(id)")
    try await execute("DELETE FROM users WHERE id = \(id)")
    try await appendEvent(AccountEvents.deleted(userID: id), at: Date())
  }
}
