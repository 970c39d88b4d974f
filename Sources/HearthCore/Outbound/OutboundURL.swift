import Foundation

/// A URL that passed `OutboundAddressRule.check`: its host as an HTTP client reads it, and its
/// address when the host is written as one.
public struct OutboundURL: Equatable, Sendable {
  public var text: String
  public var scheme: String
  /// As URL parsing gives it, brackets removed: the name an HTTP client connects to.
  public var host: String
  public var port: Int
  /// The address when the host is an IP literal in any notation, so needs no resolving.
  public var literal: IPAddress?
}
