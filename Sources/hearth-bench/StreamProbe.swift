import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

/// One subscriber of the fan-out runs: GET /api/events on a bare NIO channel, its lines parsed
/// and each arrival noted on the event loop as the bytes come in. The bench shares the machine
/// with the server it measures, so its own cost per delivery is kept to the least it can be.
struct StreamProbe {
  var host: String
  var port: Int
  var token: String
  var index: Int
  var events: Int
  var connected: Shared<Int>

  init(
    base: String, token: String, index: Int, events: Int, connected: Shared<Int>
  ) throws {
    guard let url = URL(string: base), let host = url.host, let port = url.port else {
      throw BenchError("not a server address: \(base)")
    }
    self.host = host
    self.port = port
    self.token = token
    self.index = index
    self.events = events
    self.connected = connected
  }

  /// Reads the stream until every event arrived, or until the task is cancelled, and hands
  /// `arrived` when each event's line came in (monotonic nanoseconds), nil for those that did
  /// not. The connection stays open until the task is cancelled, so that streams closing do
  /// not slow the others' last deliveries. A stream that fails or ends sooner is an error.
  func read(_ arrived: @Sendable ([Int64?]) -> Void) async throws {
    let group = MultiThreadedEventLoopGroup.singleton
    let done = group.next().makePromise(of: Void.self)
    let handler = ArrivalHandler(probe: self, done: done)
    let channel = try await ClientBootstrap(group: group)
      .connectTimeout(.seconds(10))
      .channelInitializer { channel in
        channel.eventLoop.makeCompletedFuture {
          try channel.pipeline.syncOperations.addHTTPClientHandlers()
          try channel.pipeline.syncOperations.addHandler(handler)
        }
      }
      .connect(host: host, port: port).get()
    var head = HTTPRequestHead(version: .http1_1, method: .GET, uri: "/api/events")
    head.headers.add(name: "Host", value: "\(host):\(port)")
    head.headers.add(name: "Authorization", value: "Bearer \(token)")
    head.headers.add(name: "Accept", value: "text/event-stream")
    channel.write(HTTPClientRequestPart.head(head), promise: nil)
    channel.writeAndFlush(HTTPClientRequestPart.end(nil), promise: nil)
    do {
      try await withTaskCancellationHandler {
        try await done.futureResult.get()
      } onCancel: {
        channel.close(promise: nil)
      }
    } catch {
      channel.close(promise: nil)
      if !Task.isCancelled { throw error }
    }
    arrived(try await channel.eventLoop.submit { handler.arrivals }.get())
    if !Task.isCancelled { try? await Task.sleep(for: .seconds(86400)) }
    channel.close(promise: nil)
  }

  /// Called on the event loop for each complete line of the stream, with when its bytes came.
  fileprivate func line(_ line: ArraySlice<UInt8>, arrived: Int64, into arrivals: inout [Int64?])
    -> Bool
  {
    if line.elementsEqual(Self.connectedLine) {
      connected.with { $0 += 1 }
      return false
    }
    guard line.starts(with: Self.dataPrefix),
      let start = Self.end(of: Self.sequenceMarker, in: line)
    else { return false }
    var k = 0
    var digits = 0
    for byte in line[start...] {
      guard (0x30...0x39).contains(byte) else { break }
      k = k * 10 + Int(byte - 0x30)
      digits += 1
    }
    guard digits > 0, k < events, arrivals[k] == nil else { return false }
    arrivals[k] = arrived
    return true
  }

  /// The index just past the first `marker` in `bytes`.
  static func end(of marker: [UInt8], in bytes: ArraySlice<UInt8>) -> Int? {
    guard let first = marker.first, bytes.count >= marker.count else { return nil }
    var index = bytes.startIndex
    while index <= bytes.endIndex - marker.count {
      if bytes[index] == first, bytes[index..<index + marker.count].elementsEqual(marker) {
        return index + marker.count
      }
      index += 1
    }
    return nil
  }

  static let connectedLine = Array(": connected".utf8)
  static let dataPrefix = Array("data: ".utf8)
  static let sequenceMarker = Array("\"i\":".utf8)
}

/// Splits the response body into lines and hands them to the probe, on the event loop.
private final class ArrivalHandler: ChannelInboundHandler, @unchecked Sendable {
  typealias InboundIn = HTTPClientResponsePart

  let probe: StreamProbe
  let done: EventLoopPromise<Void>
  private var pending: [UInt8] = []
  private var count = 0
  /// arrivals[k]: monotonic time event k's line came in, once it did.
  private(set) var arrivals: [Int64?]

  init(probe: StreamProbe, done: EventLoopPromise<Void>) {
    self.probe = probe
    self.done = done
    arrivals = Array(repeating: nil, count: probe.events)
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    switch unwrapInboundIn(data) {
    case .head(let head):
      if head.status != .ok { done.fail(BenchError("GET /api/events: \(head.status)")) }
    case .body(let buffer):
      let arrived = monotonicNanos()
      pending.append(contentsOf: buffer.readableBytesView)
      var start = pending.startIndex
      while let newline = pending[start...].firstIndex(of: 0x0A) {
        if probe.line(pending[start..<newline], arrived: arrived, into: &arrivals) { count += 1 }
        start = newline + 1
      }
      pending.removeFirst(start)
      if count >= probe.events { done.succeed() }
    case .end:
      done.fail(BenchError("stream \(probe.index) ended after \(count) of \(probe.events) events"))
    }
  }

  func errorCaught(context: ChannelHandlerContext, error: any Error) {
    done.fail(error)
    context.close(promise: nil)
  }

  func channelInactive(context: ChannelHandlerContext) {
    done.fail(BenchError("stream \(probe.index) closed after \(count) of \(probe.events) events"))
  }
}
