import HearthCore
import NIOConcurrencyHelpers
import NIOCore

/// The replies a server sends on one connection, each awaited with a deadline.
struct ReplyStream {
  var inbound: NIOAsyncChannelInboundStream<ByteBuffer>.AsyncIterator
  let channel: any Channel
  private var reader = SMTPReplyReader()
  /// Every byte taken from the connection so far.
  private(set) var receivedByteCount = 0

  init(inbound: NIOAsyncChannelInboundStream<ByteBuffer>.AsyncIterator, channel: any Channel) {
    self.inbound = inbound
    self.channel = channel
  }

  var unreadByteCount: Int { reader.unreadByteCount }

  /// The next reply; a server silent for `timeout` seconds loses the connection.
  mutating func next(timeout: Int) async throws -> SMTPReply {
    let timedOut = NIOLockedValueBox(false)
    let channel = channel
    let timer = channel.eventLoop.scheduleTask(in: .seconds(Int64(timeout))) {
      timedOut.withLockedValue { $0 = true }
      channel.close(promise: nil)
    }
    defer { timer.cancel() }
    do {
      while true {
        if let reply = try reader.next() { return reply }
        guard let buffer = try await inbound.next() else {
          throw SMTPError(.transient, "the server closed the connection")
        }
        receivedByteCount += buffer.readableBytes
        reader.append(buffer.readableBytesView)
      }
    } catch {
      guard timedOut.withLockedValue({ $0 }) else { throw error }
      throw SMTPError(.transient, "the server did not answer within \(timeout) seconds")
    }
  }
}
