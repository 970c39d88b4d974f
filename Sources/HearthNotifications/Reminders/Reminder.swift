import Foundation
import HearthCore
import HearthPlatform

/// A recurring reminder an app keeps for one person: the platform fires it by its rule and asks
/// the app's handler for its kind what to send.
public struct Reminder: Equatable, Sendable {
  public var id: String
  /// The slug of the app that owns it.
  public var app: String
  /// Which of the app's `reminderHandlers` answers it.
  public var kind: String
  public var ownerUserID: String
  /// What the reminder is about, when it is about one of the app's resources.
  public var resource: ResourceRef?
  public var rule: RecurrenceRule
  /// JSON for the app: its own ids and settings.
  public var data: String
  /// Raised by every change; a job scheduled under an older version does nothing.
  public var version: Int
  /// The occurrence the pending job fires for, and that job.
  public var nextAt: Date?
  public var nextJobID: String?
  public var active: Bool
  public var createdAt: Date
  public var updatedAt: Date

  public init(
    id: String, app: String, kind: String, ownerUserID: String, resource: ResourceRef?,
    rule: RecurrenceRule, data: String, version: Int, nextAt: Date?, nextJobID: String?,
    active: Bool, createdAt: Date, updatedAt: Date
  ) {
    self.id = id
    self.app = app
    self.kind = kind
    self.ownerUserID = ownerUserID
    self.resource = resource
    self.rule = rule
    self.data = data
    self.version = version
    self.nextAt = nextAt
    self.nextJobID = nextJobID
    self.active = active
    self.createdAt = createdAt
    self.updatedAt = updatedAt
  }
}
