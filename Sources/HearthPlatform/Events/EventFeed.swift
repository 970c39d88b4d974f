import Foundation
import HearthCore
import HearthSQL

/// Reads the events one person may see, checking access at delivery time.
package struct EventFeed: Sendable {
  package let database: any HearthDatabase
  package let hub: EventHub
  package let pageSize = 500

  /// The next visible events after `cursor`, with their frames, and the cursor to resume from.
  /// From the hub's memory when it holds them, so that their frames are the hub's.
  package func next(after cursor: Int64, for userID: String) async throws -> (
    [FramedEvent], Int64
  ) {
    let events: [FramedEvent]
    if let cached = hub.cached(after: cursor, limit: pageSize) {
      events = cached
    } else {
      events = try await database.events(after: cursor, limit: pageSize).map(FramedEvent.init)
    }
    var visible: [FramedEvent] = []
    var access: [ResourceRef: Bool] = [:]
    for framed in events {
      switch framed.event.audience {
      case .user(let id):
        if id == userID { visible.append(framed) }
      case .resource(let ref):
        if access[ref] == nil {
          access[ref] = try await database.access(ref, userID: userID).canSee
        }
        if access[ref] == true { visible.append(framed) }
      }
    }
    return (visible, events.last?.event.sequence ?? cursor)
  }
}
