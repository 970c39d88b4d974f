import Foundation
import HearthPlatform

/// A Redo device's public key, registered to the account that may upload nodes it signed.
public struct RedoDeviceKey: Equatable, Sendable {
  public var publicKey: String
  public var userID: String
  public var label: String
  public var createdAt: Date

  public init(publicKey: String, userID: String, label: String, createdAt: Date) {
    self.publicKey = publicKey
    self.userID = userID
    self.label = label
    self.createdAt = createdAt
  }
}

/// A Redo node as the server keeps it: its canonical wire JSON, who uploaded it, and the sequence
/// of the event that announced it, which doubles as the sync cursor.
public struct StoredRedoNode: Equatable, Sendable {
  public var id: String
  public var taskId: String
  public var json: String
  public var uploaderID: String
  public var sequence: Int64

  public init(id: String, taskId: String, json: String, uploaderID: String, sequence: Int64) {
    self.id = id
    self.taskId = taskId
    self.json = json
    self.uploaderID = uploaderID
    self.sequence = sequence
  }
}

public struct NewRedoNode: Equatable, Sendable {
  public var id: String
  public var json: String

  public init(id: String, json: String) {
    self.id = id
    self.json = json
  }
}

public protocol RedoSyncStore: Sendable {
  /// Idempotent for the same account; `StoreError.duplicate("publicKey")` if another account has it.
  func registerRedoKey(_ key: RedoDeviceKey) async throws
  func redoKeys(userID: String) async throws -> [RedoDeviceKey]
  /// False when the account has no such key. Nodes the key signed stay; new ones are refused.
  func revokeRedoKey(userID: String, publicKey: String) async throws -> Bool
  func redoNodes(taskId: String) async throws -> [StoredRedoNode]
  /// In one transaction that holds the task against other appends: passes the task's owner (nil
  /// for a new task) and stored nodes to `decide`, stores the nodes it returns under one new
  /// event for the task, and makes the uploader the owner of a new task.
  func appendRedoNodes(
    taskId: String, uploaderID: String, title: String, at: Date,
    decide:
      @escaping @Sendable (_ ownerID: String?, _ stored: [StoredRedoNode]) throws -> [NewRedoNode]
  ) async throws -> [StoredRedoNode]
  /// The task's name where sharing shows it (invitations), after a rename.
  func renameRedoTaskShare(taskId: String, title: String) async throws
  /// Nodes of the tasks the person owns or has accepted, after `cursor`, in sequence order. Whole
  /// sequences only, so a reader that resumes from the last sequence it saw misses nothing.
  func redoNodes(visibleTo userID: String, after cursor: Int64, limit: Int) async throws
    -> [StoredRedoNode]
  func redoTaskIDs(visibleTo userID: String) async throws -> [String]
  /// A person's saved list views, by name.
  func redoViews(userID: String) async throws -> [RedoSavedView]
  /// Adds the view, or replaces the one of the same name.
  func putRedoView(_ view: RedoSavedView) async throws
  /// False when there was no such view.
  func deleteRedoView(userID: String, name: String) async throws -> Bool
  /// nil until the person first saves their settings.
  func redoSettings(userID: String) async throws -> RedoSettings?
  func putRedoSettings(_ settings: RedoSettings) async throws
  /// The person's reminder of the task's deadline; nil when they want none.
  func redoTaskReminder(userID: String, taskId: String) async throws -> RedoTaskReminder?
  /// Adds the reminder, or replaces the person's one for the task.
  func putRedoTaskReminder(_ reminder: RedoTaskReminder) async throws
  /// False when there was none.
  func deleteRedoTaskReminder(userID: String, taskId: String) async throws -> Bool
  /// Everyone's reminders of one task, by user id.
  func redoTaskReminders(taskId: String) async throws -> [RedoTaskReminder]
}

/// One person's wish to be reminded of a task's deadline, `minutesBefore` it (0: at it). Their
/// own setting, not part of the shared task: it follows whichever todo is current.
public struct RedoTaskReminder: Equatable, Sendable {
  public var userID: String
  public var taskId: String
  public var minutesBefore: Int
  public var updatedAt: Date

  public init(userID: String, taskId: String, minutesBefore: Int, updatedAt: Date) {
    self.userID = userID
    self.taskId = taskId
    self.minutesBefore = minutesBefore
    self.updatedAt = updatedAt
  }
}

/// A person's Redo settings: whether they get the morning digest of tasks due today, and at
/// which local time. The time is kept while the digest is off, so turning it on again restores it.
public struct RedoSettings: Equatable, Sendable {
  public var userID: String
  public var dueTodayOn: Bool
  /// Minutes after local midnight.
  public var dueTodayMinute: Int
  public var updatedAt: Date

  public init(userID: String, dueTodayOn: Bool, dueTodayMinute: Int, updatedAt: Date) {
    self.userID = userID
    self.dueTodayOn = dueTodayOn
    self.dueTodayMinute = dueTodayMinute
    self.updatedAt = updatedAt
  }
}

/// A list view someone named (its filters as the list page's query), kept with their account
/// so that every device shows it.
public struct RedoSavedView: Equatable, Sendable {
  public var userID: String
  public var name: String
  public var query: String
  public var updatedAt: Date

  public init(userID: String, name: String, query: String, updatedAt: Date) {
    self.userID = userID
    self.name = name
    self.query = query
    self.updatedAt = updatedAt
  }
}

extension RedoSyncStore {
  /// Every node the person may see, page by page.
  public func allRedoNodes(visibleTo userID: String) async throws -> [StoredRedoNode] {
    var nodes: [StoredRedoNode] = []
    while true {
      let page = try await redoNodes(
        visibleTo: userID, after: nodes.last?.sequence ?? 0, limit: 5000)
      nodes += page
      if page.count < 5000 { return nodes }
    }
  }
}

public enum RedoEvents {
  public static let type = "redo.nodes"

  public static func resource(taskId: String) -> ResourceRef {
    ResourceRef(app: "redo", kind: "task", id: taskId)
  }

  public static func appended(taskId: String, nodeIds: [String]) -> NewEvent {
    let payload = try? JSONSerialization.data(
      withJSONObject: ["taskId": taskId, "nodeIds": nodeIds], options: [.sortedKeys])
    return NewEvent(
      type: type, audience: .resource(resource(taskId: taskId)),
      payload: payload.map { String(decoding: $0, as: UTF8.self) } ?? "{}")
  }
}
