import Foundation

/// Where and how to hand mail over, from a URL like `smtp://user:pass@host:587`.
public struct SMTPSettings: Equatable, Sendable, CustomStringConvertible {
  public enum Security: String, Equatable, Sendable {
    /// `smtp://`: plain TCP that must turn to TLS with STARTTLS before anything else is said.
    case startTLS
    /// `smtps://`: TLS from the first byte.
    case implicitTLS
    /// `smtp://…?tls=none`: no TLS at all, for a local relay in development.
    case none
  }

  public struct Credentials: Equatable, Sendable {
    public var username: String
    public var password: String

    public init(username: String, password: String) {
      self.username = username
      self.password = password
    }
  }

  public struct ParseError: Error, Equatable, Sendable {
    public var reason: String
  }

  public var host: String
  public var port: Int
  public var security: Security
  public var credentials: Credentials?

  public init(host: String, port: Int, security: Security, credentials: Credentials? = nil) {
    self.host = host
    self.port = port
    self.security = security
    self.credentials = credentials
  }

  public init(url raw: String) throws(ParseError) {
    guard let url = URLComponents(string: raw), let scheme = url.scheme?.lowercased() else {
      throw ParseError(reason: "not a URL")
    }
    switch scheme {
    case "smtp": (security, port) = (.startTLS, 587)
    case "smtps": (security, port) = (.implicitTLS, 465)
    default: throw ParseError(reason: "the scheme must be smtp or smtps")
    }
    var host = url.percentEncodedHost ?? ""
    if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
    guard !host.isEmpty else { throw ParseError(reason: "there is no host") }
    self.host = host
    if let port = url.port {
      guard (1...65535).contains(port) else { throw ParseError(reason: "the port is out of range") }
      self.port = port
    }
    guard url.percentEncodedPath.isEmpty || url.percentEncodedPath == "/" else {
      throw ParseError(reason: "there is a path")
    }
    for item in url.queryItems ?? [] {
      guard item.name == "tls", item.value == "none" else {
        throw ParseError(reason: "the only option is tls=none")
      }
      guard security == .startTLS else {
        throw ParseError(reason: "tls=none goes with smtp://, not smtps://")
      }
      security = .none
    }
    if let user = url.percentEncodedUser {
      guard let username = user.removingPercentEncoding,
        let password = (url.percentEncodedPassword ?? "").removingPercentEncoding
      else { throw ParseError(reason: "the user or password is not percent-encoded properly") }
      credentials = Credentials(username: username, password: password)
    }
  }

  /// Whether the host is an IP address rather than a name; TLS then checks the certificate's IP
  /// address instead of a server name.
  public var hostIsIPAddress: Bool { HearthConfig.isIPAddress(host) }

  /// The settings without the password, for logs.
  public var description: String {
    let scheme = security == .implicitTLS ? "smtps" : "smtp"
    let user = credentials.map { "\($0.username):***@" } ?? ""
    let host = host.contains(":") ? "[\(host)]" : host
    return "\(scheme)://\(user)\(host):\(port)" + (security == .none ? "?tls=none" : "")
  }

  /// `raw` with any password in it replaced, for an error message about a URL that may not parse.
  public static func redacted(_ raw: String) -> String {
    guard let start = raw.range(of: "://")?.upperBound else { return raw }
    let authorityEnd = raw[start...].firstIndex { "/?#".contains($0) } ?? raw.endIndex
    guard let at = raw[start..<authorityEnd].lastIndex(of: "@"),
      let colon = raw[start..<at].firstIndex(of: ":")
    else { return raw }
    return String(raw[..<raw.index(after: colon)]) + "***" + String(raw[at...])
  }
}
