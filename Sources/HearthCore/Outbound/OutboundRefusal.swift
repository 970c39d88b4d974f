/// Why the server will not send a request to an address a person chose, in words
/// ("127.0.0.1 is a loopback address (this machine)").
public struct OutboundRefusal: Error, Equatable, Sendable, CustomStringConvertible {
  public var reason: String

  public init(_ reason: String) { self.reason = reason }

  public var description: String { reason }
}
