import HearthCore

/// The last check before the server connects to an address a person chose: the URL again,
/// then every address its name resolves to. The connection then goes to a checked address
/// (`PinnedTarget`), so a name that resolves differently a moment later (DNS rebinding) cannot
/// turn it towards this machine or its network.
public struct OutboundGuard: Sendable {
  public var rule: OutboundAddressRule
  public var resolver: any OutboundResolver

  public init(rule: OutboundAddressRule, resolver: any OutboundResolver = SystemResolver()) {
    self.rule = rule
    self.resolver = resolver
  }

  /// Throws `OutboundRefusal` when the URL or any address of its host is refused, and the
  /// resolver's error when the host has no address.
  public func pin(_ raw: String) async throws -> PinnedTarget {
    let url = try rule.check(raw)
    let addresses: [IPAddress]
    if let literal = url.literal {
      addresses = [literal]
    } else {
      addresses = try await resolver.addresses(of: url.host)
    }
    for address in addresses { try rule.check(address, for: url.host) }
    // IPv4 first: a server's IPv6 route is the one more often missing.
    guard
      let chosen = addresses.first(where: { if case .v4 = $0 { true } else { false } })
        ?? addresses.first
    else { throw OutboundRefusal("\(url.host) has no address") }
    return PinnedTarget(url: url, address: chosen)
  }
}

/// A checked URL and the checked address its connection must go to.
public struct PinnedTarget: Equatable, Sendable {
  public var url: OutboundURL
  public var address: IPAddress

  /// For `HTTPClient.Configuration.dnsOverride`, keyed by the host as AsyncHTTPClient keys it
  /// (IPv6 in brackets): the client then connects to `address` while still sending the name
  /// for TLS (SNI) and checking the certificate against it.
  public var dnsOverride: [String: String] {
    [url.host.contains(":") ? "[\(url.host)]" : url.host: address.description]
  }
}
