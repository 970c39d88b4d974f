import Foundation

/// Where the server may send a request whose address a person chose: a push endpoint today,
/// webhooks and imports later. Production only reaches the public internet, so such a request
/// cannot be turned towards the server's own machine or network. The URL is checked without
/// DNS when it is given (`check(_:)`), and each address its name resolves to again just before
/// connecting (`check(_:for:)`), since a name may point anywhere by then.
public struct OutboundAddressRule: Equatable, Sendable {
  /// The schemes accepted, the preferred one first.
  public var schemes: [String]
  /// Whether loopback, private and other non-public addresses and names are reachable.
  public var allowsNonPublic: Bool

  public init(schemes: [String], allowsNonPublic: Bool) {
    self.schemes = schemes
    self.allowsNonPublic = allowsNonPublic
  }

  /// https to public addresses only.
  public static let publicOnly = OutboundAddressRule(schemes: ["https"], allowsNonPublic: false)
  /// Development and tests, whose fake services listen on plain http on loopback.
  public static let anywhere = OutboundAddressRule(
    schemes: ["https", "http"], allowsNonPublic: true)

  /// The rule of an environment: production is always `publicOnly`.
  public static func of(_ environment: HearthConfig.Environment) -> OutboundAddressRule {
    environment == .production ? .publicOnly : .anywhere
  }

  /// Top-level names that never lead to the public internet: special-use (RFC 6761, 6762,
  /// 9476), `internal` (reserved for private use), `arpa` (home.arpa and reverse lookups),
  /// and the suffixes networks commonly give their own machines.
  public static let privateSuffixes: Set<String> = [
    "localhost", "local", "internal", "arpa", "test", "invalid", "example", "onion", "alt",
    "lan", "home", "corp", "intranet", "private",
  ]

  static let maxLength = 2048

  /// Checks a URL as written, without DNS.
  public func check(_ raw: String) throws(OutboundRefusal) -> OutboundURL {
    guard raw.count <= Self.maxLength, let url = URL(string: raw),
      let scheme = url.scheme?.lowercased(), schemes.contains(scheme)
    else { throw OutboundRefusal("it is not an absolute \(schemes[0]):// URL") }
    guard url.user == nil, url.password == nil else {
      throw OutboundRefusal("it carries a user name or password")
    }
    var host = url.host ?? ""
    if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
    guard !host.isEmpty else { throw OutboundRefusal("it names no host") }
    let port = url.port ?? (scheme == "https" ? 443 : 80)
    let literal = IPAddress(literal: host)
    let checked = OutboundURL(text: raw, scheme: scheme, host: host, port: port, literal: literal)
    if allowsNonPublic { return checked }
    if let literal {
      if IPAddress.zone(of: host) != nil {
        throw OutboundRefusal("\(host) is scoped to a network interface of this machine")
      }
      try check(literal, for: host)
    } else {
      try checkName(host)
    }
    return checked
  }

  /// Checks one address that `host` resolved to, or is.
  public func check(_ address: IPAddress, for host: String) throws(OutboundRefusal) {
    guard !allowsNonPublic, let use = address.nonPublicUse else { return }
    let named = address.description == host || host.contains(":") ? "" : " (\(host))"
    throw OutboundRefusal("\(address)\(named) is \(use.rawValue)")
  }

  func checkName(_ host: String) throws(OutboundRefusal) {
    var name = host.lowercased()
    if name.hasSuffix(".") { name.removeLast() }
    if IPAddress.looksNumeric(name) { throw OutboundRefusal("\(host) is not a valid address") }
    let labels = name.split(separator: ".", omittingEmptySubsequences: false)
    guard name.count <= 253,
      labels.allSatisfy({ label in
        (1...63).contains(label.count) && label.first != "-" && label.last != "-"
          && label.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
      })
    else { throw OutboundRefusal("\(host) is not a valid host name") }
    if let suffix = labels.last, Self.privateSuffixes.contains(String(suffix)) {
      throw OutboundRefusal("\(host) is a local or special-use name, not a public one")
    }
    guard labels.count > 1 else {
      throw OutboundRefusal("\(host) is a local name: a public host name has a dot")
    }
  }
}
