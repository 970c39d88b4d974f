import Foundation
import HTTPTypes
import HummingbirdCore
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTPTypes

/// Keeps slow or greedy clients from starving the others: a connection must send each request's
/// head within `headTimeout` (counted from when it opened or its last response ended) and the
/// body within `bodyTimeout`; an address may hold `perAddress` connections, and the process
/// no more than its open-file limit leaves room for. Anything over is closed at once.
package final class ConnectionGuard: ChannelDuplexHandler, RemovableChannelHandler {
  package typealias InboundIn = HTTPRequestPart
  package typealias InboundOut = HTTPRequestPart
  package typealias OutboundIn = HTTPResponsePart
  package typealias OutboundOut = HTTPResponsePart

  /// Open connections by address, shared by every connection of the server.
  package final class Counts: Sendable {
    let byAddress = NIOLockedValueBox([String: Int]())

    package init() {}

    func open(_ address: String, most: Int, total: Int) -> Bool {
      byAddress.withLockedValue { counts in
        let all = counts.values.reduce(0, +)
        guard counts[address, default: 0] < most, all < total else { return false }
        counts[address, default: 0] += 1
        return true
      }
    }

    func close(_ address: String) {
      byAddress.withLockedValue { counts in
        counts[address, default: 1] -= 1
        if counts[address] == 0 { counts[address] = nil }
      }
    }
  }

  let counts: Counts
  let perAddress: Int
  let exempt: Set<String>
  let headTimeout: TimeAmount
  let bodyTimeout: TimeAmount
  private var address: String?
  private var deadline: Scheduled<Void>?

  package init(
    counts: Counts, perAddress: Int, exempt: Set<String>, headTimeout: TimeAmount,
    bodyTimeout: TimeAmount
  ) {
    self.counts = counts
    self.perAddress = perAddress
    self.exempt = exempt
    self.headTimeout = headTimeout
    self.bodyTimeout = bodyTimeout
  }

  /// What the open-file limit leaves for connections, after files, the database and logs.
  static func connectionRoom() -> Int {
    var limit = rlimit()
    guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 1024 }
    return max(16, Int(min(limit.rlim_cur, 1 << 20)) - 128)
  }

  package func handlerAdded(context: ChannelHandlerContext) {
    // Each connection keeps its read buffer between reads, and NIO starts it at 2 KiB; most
    // requests are a few hundred bytes and a live stream reads once, so start small and let
    // larger bodies grow it.
    try? context.channel.syncOptions?.setOption(
      ChannelOptions.recvAllocator,
      value: AdaptiveRecvByteBufferAllocator(minimum: 64, initial: 512, maximum: 65536))
    if context.channel.isActive { opened(context: context) }
  }

  package func channelActive(context: ChannelHandlerContext) {
    opened(context: context)
    context.fireChannelActive()
  }

  private func opened(context: ChannelHandlerContext) {
    guard address == nil else { return }
    let peer = context.channel.remoteAddress?.ipAddress ?? "unknown"
    address = peer
    let most = exempt.contains(peer) ? Int.max : perAddress
    guard counts.open(peer, most: most, total: Self.connectionRoom()) else {
      address = nil
      context.close(promise: nil)
      return
    }
    expect(headTimeout, context: context)
  }

  package func channelInactive(context: ChannelHandlerContext) {
    deadline?.cancel()
    if let address { counts.close(address) }
    address = nil
    context.fireChannelInactive()
  }

  package func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    switch unwrapInboundIn(data) {
    case .head: expect(bodyTimeout, context: context)
    case .end: deadline?.cancel()
    case .body: break
    }
    context.fireChannelRead(data)
  }

  package func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?)
  {
    if case .end = unwrapOutboundIn(data) { expect(headTimeout, context: context) }
    context.write(data, promise: promise)
  }

  private func expect(_ timeout: TimeAmount, context: ChannelHandlerContext) {
    deadline?.cancel()
    let channel = context.channel
    deadline = context.eventLoop.scheduleTask(in: timeout) { channel.close(promise: nil) }
  }
}
