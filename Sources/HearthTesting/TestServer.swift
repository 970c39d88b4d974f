import Foundation
import HTTPTypes
import HearthCore
import HearthEngines
import HearthHost
import HearthPlatform
import Hummingbird
import HummingbirdTesting
import Logging
import NIOConcurrencyHelpers
import NIOCore

/// A real server with the given apps on a fresh temporary SQLite file, driven through its
/// router.
public struct TestServer: Sendable {
  let directory: TemporaryDirectory
  public let env: HearthEnvironment
  public var app: HearthApplication
  /// Queues the test runs itself with `app.worker().runDue`, out of the background worker's
  /// reach, so a job falling due as the test moves the clock is not run before the test asks.
  let queuesRunByHand: Set<String>

  /// `pinned` fixes the clock at `pinnedNow` and numbers new ids in order, so whole responses
  /// can be compared with snapshots.
  /// `clock` is what the server's timers sleep on (a real-time `TestClock` lets a test see a
  /// request waiting).
  /// `now` replaces the wall clock, for tests of what happens as days pass.
  public init(
    apps: [any HearthAppModule.Type], pinned: Bool = false,
    clock: (any Clock<Duration>)? = nil, now: (@Sendable () -> Date)? = nil,
    queuesRunByHand: Set<String> = [],
    configure: (inout HearthConfig) -> Void = { _ in }
  ) async throws {
    directory = TemporaryDirectory()
    var config = HearthConfig.testing(databasePath: directory.path + "/hearth.sqlite")
    configure(&config)
    var env = try await Bootstrap.environment(config, apps: apps)
    if pinned {
      env.now = { Self.pinnedNow }
      let counter = NIOLockedValueBox(0)
      env.newID = {
        let next = counter.withLockedValue { count in
          count += 1
          return count
        }
        return "00000000-0000-4000-8000-" + String(format: "%012d", next)
      }
    }
    if let clock { env.clock = clock }
    if let now { env.now = now }
    self.env = env
    self.queuesRunByHand = queuesRunByHand
    app = HearthApplication(env: env, modules: apps)
  }

  /// 2026-01-02 03:04:05 UTC.
  public static let pinnedNow = Date(timeIntervalSince1970: 1_767_323_045)

  /// `schemaChecked: false` is for tests that send what no documented request looks like.
  /// A server may run more than once; its database stays until the last copy of it is gone.
  public func run<T>(
    _ mode: TestingSetup = .router, schemaChecked: Bool = true,
    _ body: @escaping @Sendable (any TestClientProtocol) async throws -> T
  ) async throws -> T {
    let (router, operations) = app.buildRouter()
    var background = app
    background.jobHandlers = app.jobHandlers.filter { !queuesRunByHand.contains($0.key) }
    return try await background.application(router: router).test(mode) { client in
      try await body(
        schemaChecked ? SchemaCheckedClient(inner: client, operations: operations) : client)
    }
  }
}

/// A fresh folder removed with its contents when the last server using it is gone.
final class TemporaryDirectory: Sendable {
  let path = NSTemporaryDirectory() + "hearth-test-" + UUID().uuidString

  deinit { try? FileManager.default.removeItem(atPath: path) }
}

/// A decoded JSON response.
public struct JSONReply: @unchecked Sendable {
  public var status: Int
  public var headers: HTTPFields
  public var body: [String: Any]
  public var text: String

  public subscript(_ key: String) -> Any? { body[key] }
  public var error: [String: Any]? { body["error"] as? [String: Any] }
  public var errorCode: String? { error?["code"] as? String }
  public var errorField: String? { error?["field"] as? String }
}

extension TestClientProtocol {
  public func json(
    _ method: HTTPRequest.Method, _ uri: String, _ body: [String: Any]? = nil, token: String? = nil,
    headers extra: HTTPFields = [:]
  ) async throws -> JSONReply {
    var headers = extra
    headers[.contentType] = "application/json"
    if let token { headers[.authorization] = "Bearer \(token)" }
    let data = try body.map { try JSONSerialization.data(withJSONObject: $0) }
    return try await raw(method, uri, body: data, headers: headers)
  }

  public func raw(
    _ method: HTTPRequest.Method, _ uri: String, body: Data? = nil, headers: HTTPFields = [:]
  ) async throws -> JSONReply {
    let response = try await execute(
      uri: uri, method: method, headers: headers, body: body.map { ByteBuffer(bytes: $0) })
    let text = String(buffer: response.body)
    let object = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any]
    return JSONReply(
      status: Int(response.status.code), headers: response.headers, body: object ?? [:],
      text: text)
  }

  /// Long-polls from `after` until the cursor reaches `until`, as a client resuming would.
  public func pollAll(after: Int64, until: Int64, token: String) async throws -> [[String: Any]] {
    var cursor = after
    var events: [[String: Any]] = []
    for _ in 0..<50 where cursor < until {
      let reply = try await json(.get, "/api/events/poll?after=\(cursor)&timeout=1", token: token)
      guard let next = reply["cursor"] as? Int else { throw TestFailure(reply.text) }
      events += reply["events"] as? [[String: Any]] ?? []
      cursor = Int64(next)
    }
    return events
  }

  /// Runs `check` now, and again after each event the account is sent (long-polling
  /// /api/events/poll), until it returns a value: the test waits on the server, not a clock.
  /// A change and its event commit together, so a check after the event sees the change.
  public func afterEachEvent<T>(
    token: String, until what: String, _ check: () async throws -> T?
  ) async throws -> T {
    let start = try await json(.get, "/api/events/poll?timeout=0", token: token)
    guard var cursor = start["cursor"] as? Int else { throw TestFailure(start.text) }
    for _ in 0..<60 {
      if let value = try await check() { return value }
      let reply = try await json(.get, "/api/events/poll?after=\(cursor)&timeout=5", token: token)
      guard let next = reply["cursor"] as? Int else { throw TestFailure(reply.text) }
      cursor = next
    }
    throw TestFailure("timed out waiting until \(what)")
  }

  /// Signs up a fresh account and returns its access and refresh tokens.
  public func signup(
    _ email: String, name: String = "Test Person", password: String = "correct horse"
  )
    async throws -> (access: String, refresh: String, id: String)
  {
    let reply = try await json(
      .post, "/api/auth/signup",
      ["email": email, "displayName": name, "password": password, "timeZone": "Europe/Paris"])
    guard reply.status == 201, let access = reply["accessToken"] as? String,
      let refresh = reply["refreshToken"] as? String,
      let user = reply["user"] as? [String: Any], let id = user["id"] as? String
    else { throw TestFailure("signup failed: \(reply.status) \(reply.text)") }
    return (access, refresh, id)
  }
}

public struct TestFailure: Error, CustomStringConvertible {
  public var description: String
  public init(_ description: String) { self.description = description }
}
