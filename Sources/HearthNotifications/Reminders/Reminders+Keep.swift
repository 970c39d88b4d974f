import HearthCore
import HearthPlatform

extension Reminders {
  /// Makes an app's reminders of `resource` exactly `wanted`, each named by its data: one whose
  /// data is wanted stays (moved when its rule changed, which cancels the pending occurrence), a
  /// second with the same data (two syncs that raced) or one no longer wanted is deleted, and a
  /// wanted one that is missing is scheduled for `owner`.
  public func keep(
    _ wanted: [String: RecurrenceRule], app: String, kind: String, owner: String,
    resource: ResourceRef
  ) async throws {
    var missing = wanted
    for reminder in try await reminders(app: app, resource: resource) {
      guard let rule = missing.removeValue(forKey: reminder.data) else {
        _ = try await delete(id: reminder.id)
        continue
      }
      if reminder.rule != rule { _ = try await update(id: reminder.id, rule: rule) }
    }
    for (data, rule) in missing {
      _ = try await schedule(
        app: app, kind: kind, owner: owner, resource: resource, rule: rule, data: data)
    }
  }
}
