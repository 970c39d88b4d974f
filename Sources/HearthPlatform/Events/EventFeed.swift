import Foundation
import HearthCore
import HearthSQL

/// Reads the events one person may see, checking access at delivery time.
package struct EventFeed: Sendable {
  package let database: any HearthDatabase
  package let hub: EventHub
  package let pageSize = 500

  /// The next visible events after `cursor`, and the cursor to resume from.
  package func next(after cursor: Int64, for userID: String) async throws -> ([Event], Int64) {
    let events: [Event]
    if let cached = await hub.cached(after: cursor, limit: pageSize) {
      events = cached
    } else {
      events = try await database.events(after: cursor, limit: pageSize)
    }
    var visible: [Event] = []
    var access: [ResourceRef: Bool] = [:]
    for event in events {
      switch event.audience {
      case .user(let id):
        if id == userID { visible.append(event) }
      case .resource(let ref):
        if access[ref] == nil {
          access[ref] = try await database.access(ref, userID: userID).canSee
        }
        if access[ref] == true { visible.append(event) }
      }
    }
    return (visible, events.last?.sequence ?? cursor)
  }
}
