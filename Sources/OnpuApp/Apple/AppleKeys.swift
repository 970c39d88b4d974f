import AsyncHTTPClient
import Foundation
import HearthCore
import Logging
import NIOCore
import _CryptoExtras

/// Apple's signing keys (a JWKS), fetched once and kept; a token naming a key not among them
/// fetches them again, at most once a minute, so that a stream of made-up key ids cannot make
/// the server hammer Apple.
actor AppleKeys {
  typealias Key = _RSA.Signing.PublicKey

  static let refetchInterval: TimeInterval = 60
  /// After a failed fetch, requests wait this long before the next one tries again.
  static let retryInterval: TimeInterval = 10

  let url: String
  let http: HTTPClient
  let logger: Logger
  private var keys: [String: Key] = [:]
  private var nextFetch = Date.distantPast
  private var lastFetchFailed = false
  /// The fetch under way: requests that need it wait for it rather than start another.
  private var inFlight: Task<[String: Key], any Error>?

  init(url: String, http: HTTPClient = .shared, logger: Logger) {
    self.url = url
    self.http = http
    self.logger = logger
  }

  /// The keys, with `kid` among them if Apple publishes it: fetched again when it is missing
  /// and the last fetch is a minute old.
  func keys(having kid: String, now: Date) async throws(APIError) -> [String: Key] {
    if keys[kid] == nil, let fetching = inFlight {
      _ = try? await fetching.value
    } else if keys[kid] == nil, now >= nextFetch {
      nextFetch = now.addingTimeInterval(Self.refetchInterval)
      let fetching = Task { try await fetch() }
      inFlight = fetching
      do {
        keys = try await fetching.value
        lastFetchFailed = false
      } catch {
        nextFetch = now.addingTimeInterval(Self.retryInterval)
        lastFetchFailed = true
        logger.warning("Apple's keys could not be fetched from \(url): \(error)")
      }
      inFlight = nil
    }
    guard keys[kid] != nil || !lastFetchFailed else {
      throw APIError(
        status: 503, code: "apple_keys_unavailable",
        message: "Apple's signing keys cannot be fetched just now; try again in a minute.")
    }
    return keys
  }

  private nonisolated func fetch() async throws -> [String: Key] {
    let response = try await http.execute(HTTPClientRequest(url: url), timeout: .seconds(10))
    let body = try await response.body.collect(upTo: 1 << 20)
    guard response.status.code == 200 else {
      throw AppleKeySetError("HTTP \(response.status.code)")
    }
    return try Self.parse(Data(body.readableBytesView))
  }

  private struct KeySet: Decodable {
    struct Key: Decodable {
      var kty: String
      var kid: String?
      var n: String?
      var e: String?
      var use: String?
    }
    var keys: [Key]
  }

  /// The RSA signing keys of a JWKS document, by key id; other kinds of key are left out.
  static func parse(_ data: Data) throws -> [String: Key] {
    let set = try JSONDecoder().decode(KeySet.self, from: data)
    var keys: [String: Key] = [:]
    for key in set.keys where key.kty == "RSA" && (key.use ?? "sig") == "sig" {
      guard let kid = key.kid, let n = key.n.flatMap({ Data(base64URL: $0) }),
        let e = key.e.flatMap({ Data(base64URL: $0) }),
        let publicKey = try? _RSA.Signing.PublicKey(n: n, e: e)
      else { continue }
      keys[kid] = publicKey
    }
    guard !keys.isEmpty else { throw AppleKeySetError("no RSA signing keys") }
    return keys
  }
}

struct AppleKeySetError: Error, CustomStringConvertible {
  var description: String

  init(_ description: String) { self.description = description }
}
