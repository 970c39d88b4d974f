import AsyncHTTPClient
import NIOCore
import NIOHTTP1

/// A response read up to a limit, on a client already shut down.
public struct OutboundAnswer: Sendable {
  public var status: HTTPResponseStatus
  public var headers: HTTPHeaders
  public var body: ByteBuffer
}

extension PinnedTarget {
  /// Sends `request` to the target's URL on a client of its own, connected to the checked
  /// address only and shut down afterwards, so that no pooled connection is reused towards an
  /// address that was not checked for this request. A body longer than `bodyLimit` reads as
  /// empty.
  public func execute(
    _ request: HTTPClientRequest, configuration: HTTPClient.Configuration, timeout: TimeAmount,
    bodyLimit: Int
  ) async throws -> OutboundAnswer {
    var request = request
    request.url = url.text
    var configuration = configuration
    configuration.dnsOverride = dnsOverride
    let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    do {
      let response = try await client.execute(request, timeout: timeout)
      let body = (try? await response.body.collect(upTo: bodyLimit)) ?? ByteBuffer()
      try await client.shutdown()
      return OutboundAnswer(status: response.status, headers: response.headers, body: body)
    } catch {
      try? await client.shutdown()
      throw error
    }
  }
}
