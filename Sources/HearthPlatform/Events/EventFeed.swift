import Foundation
import HearthCore
import HearthSQL

/// Reads the events one person may see, checking access at delivery time.
package struct EventFeed: Sendable {
  package let database: any HearthDatabase
  package let hub: EventHub
  package let pageSize = 500

  /// The next visible events after `cursor`, with their frames, and the cursor to resume from.
  /// From the hub's memory when it holds them, so that their frames are the hub's. At the hub's
  /// newest it asks the database, which may hold events the hub has not read yet: a poll that
  /// does not wait must see them (a live stream asks `nextInMemory` first, and the hub wakes it).
  @inline(never)  // A stream's loop calls it rarely; inlined, its frame would grow every stream's.
  package func next(after cursor: Int64, for userID: String) async throws -> (
    [FramedEvent], Int64
  ) {
    let events: [FramedEvent]
    if let cached = hub.cached(after: cursor, limit: pageSize), !cached.isEmpty {
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

  /// `next` without an await, when the hub's memory holds the events and each is addressed to
  /// one person (a resource's needs the database's access check). A live stream calls this
  /// first: an async call's frame would stay in its connection's task memory for as long as the
  /// stream is open.
  @inline(never)  // Its temporaries stay on the thread's stack, out of the caller's async frame.
  package func nextInMemory(after cursor: Int64, for userID: String) -> ([FramedEvent], Int64)? {
    guard let events = hub.cached(after: cursor, limit: pageSize) else { return nil }
    var visible: [FramedEvent] = []
    for framed in events {
      guard case .user(let id) = framed.event.audience else { return nil }
      if id == userID { visible.append(framed) }
    }
    return (visible, events.last?.event.sequence ?? cursor)
  }
}
