import HearthCore
import NIOPosix

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#else
  import Darwin
#endif

/// Turns a host name into the addresses a connection may go to. The server uses
/// `SystemResolver`; tests give names the addresses their scenario needs.
public protocol OutboundResolver: Sendable {
  /// Every address of `host`; throws `ResolveFailure` when it has none.
  func addresses(of host: String) async throws -> [IPAddress]
}

public struct ResolveFailure: Error, CustomStringConvertible {
  public var host: String
  public var reason: String
  public var description: String { "\(host) could not be resolved: \(reason)" }
}

/// The C library's resolver (getaddrinfo), on NIO's blocking-I/O threads.
public struct SystemResolver: OutboundResolver {
  public init() {}

  public func addresses(of host: String) async throws -> [IPAddress] {
    try await NIOThreadPool.singleton.runIfActive { try Self.lookup(host) }
  }

  static func lookup(_ host: String) throws -> [IPAddress] {
    var hints = addrinfo()
    hints.ai_family = AF_UNSPEC
    #if os(Linux)
      hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    #else
      hints.ai_socktype = SOCK_STREAM
    #endif
    var first: UnsafeMutablePointer<addrinfo>?
    let status = getaddrinfo(host, nil, &hints, &first)
    guard status == 0 else {
      throw ResolveFailure(host: host, reason: String(cString: gai_strerror(status)))
    }
    defer { freeaddrinfo(first) }
    var addresses: [IPAddress] = []
    var next = first
    while let info = next?.pointee {
      next = info.ai_next
      guard let socket = info.ai_addr else { continue }
      switch Int32(socket.pointee.sa_family) {
      case AF_INET:
        socket.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
          addresses.append(.v4(UInt32(bigEndian: $0.pointee.sin_addr.s_addr)))
        }
      case AF_INET6:
        socket.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
          let bytes = withUnsafeBytes(of: $0.pointee.sin6_addr) { Array($0) }
          addresses.append(.v6(bytes))
        }
      default: continue
      }
    }
    guard !addresses.isEmpty else { throw ResolveFailure(host: host, reason: "no address") }
    return addresses
  }
}
