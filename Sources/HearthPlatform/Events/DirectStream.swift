import HummingbirdCore
import NIOCore
import NIOHTTPTypes

/// A live stream the hub writes to itself, from its connection's event loop, while the stream's
/// task sleeps: an event then costs each stream one write, not a task's wake-up and an async
/// write. Once registered, everything but its place in the hub's list is touched only on that
/// event loop. The task takes the stream back (with its position) when the hub cannot go on
/// alone: an event that needs the database's access check or the session's, a connection that
/// stopped reading, the keep-alive's time, a wake-up of every stream, or the hub's stop.
package final class DirectStream: @unchecked Sendable {
  package enum Ending: Sendable {
    /// The events after `cursor` need the stream's own look (see above), or the hub's memory
    /// no longer holds them.
    case events
    /// The connection stopped taking writes (its reader fell behind) or closed: the task's
    /// next write waits for it, so that nothing piles up in memory.
    case stalled
    /// The keep-alive is due, the stream's deadline passed, or every stream was woken.
    case time
  }

  let id: UInt64
  let channel: any Channel
  let userID: String
  let metrics: HearthMetrics
  /// On the hub's clock (its time since start), when the task wants the stream back.
  let deadline: Duration
  package private(set) var cursor: Int64
  /// Whether the hub wrote anything while it held the stream (no keep-alive is due then).
  package private(set) var wrote = false
  package private(set) var ending = Ending.time
  private var done = false
  private var continuation: UnsafeContinuation<Void, Never>?

  init(
    id: UInt64, channel: any Channel, userID: String, cursor: Int64, deadline: Duration,
    metrics: HearthMetrics
  ) {
    self.id = id
    self.channel = channel
    self.userID = userID
    self.cursor = cursor
    self.deadline = deadline
    self.metrics = metrics
  }

  /// Set by the registering task before anything else can reach the stream.
  func await(_ continuation: UnsafeContinuation<Void, Never>) {
    self.continuation = continuation
  }

  /// Writes the events of `memory` after the stream's cursor that are its person's, and hands
  /// the stream back at the first one it must not judge alone or when its connection stops
  /// taking writes. On the stream's event loop.
  func deliver(_ memory: EventHub.Memory, release: (DirectStream) -> Void) {
    guard !done else { return }
    guard channel.isWritable, channel.isActive else { return finish(.stalled, release: release) }
    guard let events = memory.events(after: cursor) else {
      return finish(.events, release: release)
    }
    var written = 0
    for framed in events {
      // The task writes the rest, through a writer that waits for the connection to drain.
      guard channel.isWritable, case .user(let id) = framed.event.audience,
        id != userID || framed.event.type != AccountEvents.sessionEnded
      else { break }
      if id == userID {
        channel.write(HTTPResponsePart.body(framed.frame), promise: nil)
        written += 1
      }
      cursor = framed.event.sequence
    }
    if written > 0 {
      channel.flush()
      wrote = true
      metrics.eventsDelivered(written)
    }
    if cursor < memory.latest { finish(.events, release: release) }
  }

  /// Gives the stream back to its task. On the stream's event loop, at most once.
  func finish(_ ending: Ending, release: (DirectStream) -> Void) {
    guard !done, let continuation else { return }
    done = true
    self.ending = ending
    release(self)
    continuation.resume()
  }
}

/// The direct streams of one event loop.
struct DirectGroup {
  let loop: any EventLoop
  var streams: [UInt64: DirectStream] = [:]
}
