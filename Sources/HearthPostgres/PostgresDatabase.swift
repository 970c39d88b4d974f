import Foundation
import HearthSQL
import Logging
import PostgresNIO
import ServiceLifecycle
import Synchronization

/// The PostgreSQL implementation of every store, on a `PostgresClient` connection pool.
///
/// The pool is a Service: `hearth serve` and `hearth worker` run it in their service group,
/// which stops it after everything that queries. Elsewhere (commands, tests) it runs in a task
/// of its own that `close()` stops. Every statement uses bound parameters; writes that must
/// happen together run in one transaction.
public final class PostgresDatabase: SQLEngine, Service {
  public let kindName = "postgresql"
  public var accountCleanup: [AccountCleanup] { learntCleanup.withLock { $0 } }

  package let client: PostgresClient
  let learntCleanup = Mutex<[AccountCleanup]>([])
  package let logger: Logger
  /// How long a statement waits for a busy pool's connection before it answers 503.
  let leaseLimit: Duration
  /// The pool's own task, when no service group runs it.
  private let runTask: Task<Void, Never>?
  private let started: AsyncStream<Void>.Continuation
  /// Done once the pool is about to run; queries wait for it, because a lease requested before
  /// `run()` makes PostgresNIO log a warning.
  package let runStarted: Task<Void, Never>
  /// False from a connection fault until a probe reaches the server again: meanwhile every
  /// statement fails at once with `StoreError.unavailable` instead of waiting for a connection.
  let reachable = Mutex(true)

  /// Parses `url` (`postgres://USER:PASSWORD@HOST:PORT/DATABASE?sslmode=disable|require`); no
  /// connection is opened until the first query. With `runsItself` the pool starts now in a
  /// task of its own; without it, it runs when a service group runs this database.
  public init(
    url: String, logger: Logger = Logger(label: "hearth.postgres"), maximumConnections: Int = 20,
    leaseLimit: Duration = .seconds(30), runsItself: Bool = true
  ) throws {
    var configuration = try PostgresURL(url).configuration
    configuration.options.maximumConnections = maximumConnections
    // A request waiting for a connection while the server goes away waits this long at most,
    // then answers 503; PostgresNIO's default of 10 s would leave the client hanging.
    configuration.options.connectTimeout = .seconds(3)
    let client = PostgresClient(configuration: configuration, backgroundLogger: logger)
    self.client = client
    self.logger = logger
    self.leaseLimit = leaseLimit
    let (stream, started) = AsyncStream<Void>.makeStream()
    self.started = started
    self.runStarted = Task { for await _ in stream {} }
    self.runTask =
      runsItself
      ? Task {
        started.finish()
        await client.run()
      } : nil
  }

  deinit { runTask?.cancel() }

  static let closePatience = Duration.seconds(10)

  /// Runs the pool until the service group shuts down.
  public func run() async throws {
    precondition(runTask == nil, "this PostgresDatabase runs its pool itself")
    started.finish()
    await cancelWhenGracefulShutdown { await self.client.run() }
  }

  public func ping() async throws {
    _ = try await queryRows("SELECT 1")
  }

  /// Stops the pool it runs itself; queries after this fail. (A service group stops its own.)
  /// A pool that has not stopped within `closePatience` is left to stop on its own, with a
  /// warning, so that a command or a test ends instead of hanging on it.
  public func close() async throws {
    let patience = Self.closePatience
    guard let runTask else { return }
    runTask.cancel()
    let stopped = await withCheckedContinuation { continuation in
      let answer = FirstAnswer(continuation)
      Task {
        await runTask.value
        answer.give(true)
      }
      Task {
        try? await Task.sleep(for: patience)
        answer.give(false)
      }
    }
    if !stopped {
      logger.warning("The PostgreSQL connection pool did not stop within \(patience); left to stop")
    }
  }

  /// Drops every table by recreating the `public` schema. For tests only.
  package func resetSchema() async throws {
    try await transaction { connection in
      try await connection.run("DROP SCHEMA public CASCADE", logger: self.logger)
      try await connection.run("CREATE SCHEMA public", logger: self.logger)
    }
  }

  // MARK: - Helpers shared by the store extensions

  /// Runs one statement outside a transaction and returns all its rows.
  package func queryRows(_ query: PostgresQuery) async throws -> [PostgresRow] {
    await runStarted.value
    guard reachable.withLock({ $0 }) else { throw StoreError.unavailable }
    do {
      return try await withLeasedConnection { connection in
        try await connection.rows(query, logger: logger)
      }
    } catch {
      throw fault(error)
    }
  }

  /// Runs `body` in a transaction: committed when it returns, rolled back when it throws. A
  /// connection that broke is closed instead, since the server drops the transaction anyway.
  package func transaction<Result: Sendable>(
    _ body: (PostgresConnection) async throws -> Result
  ) async throws -> Result {
    await runStarted.value
    guard reachable.withLock({ $0 }) else { throw StoreError.unavailable }
    do {
      return try await withLeasedConnection { connection in
        try await connection.run("BEGIN", logger: logger)
        let result: Result
        do {
          result = try await body(connection)
        } catch {
          await rollBack(connection, after: error)
          throw error
        }
        try await connection.run("COMMIT", logger: logger)
        return result
      }
    } catch {
      throw fault(error)
    }
  }

  private func rollBack(_ connection: PostgresConnection, after error: any Error) async {
    let broken =
      StoreFaults.classify(error) == .unavailable
      || ((error as? PSQLError)?.isConnectionFault ?? false)
    if !broken, (try? await connection.run("ROLLBACK", logger: logger)) != nil { return }
    try? await connection.close().get()
  }

  /// The error to throw for `error`; a broken connection also marks the server unreachable
  /// and starts probing it, once a second, until it answers.
  func fault(_ error: any Error) -> any Error {
    // Every connection busy is no outage: this statement alone is answered 503.
    if error is NoConnectionInTime { return StoreError.unavailable }
    let mapped = Self.storeError(error)
    guard StoreFaults.classify(mapped) == .unavailable else { return mapped }
    let tripped = reachable.withLock { up in
      defer { up = false }
      return up
    }
    if tripped {
      logger.warning("PostgreSQL is out of reach; answering 503 until it is back: \(error)")
      Task { [client, logger] in
        while !Task.isCancelled {
          try? await Task.sleep(for: .seconds(1))
          let answered = try? await withDeadline(.seconds(2)) {
            _ = try await client.query("SELECT 1", logger: logger).collect()
          }
          if answered != nil {
            self.reachable.withLock { $0 = true }
            logger.notice("PostgreSQL is reachable again")
            return
          }
        }
      }
    }
    return StoreError.unavailable
  }

  /// Unique-constraint names mapped to the field `StoreError.duplicate` names.
  package static let duplicateFields: [String: String] = [
    "users_pkey": "id",
    "users_email_key": "email",
    "users_phone_key": "phone",
    "sessions_pkey": "id",
    "sessions_token_hash_key": "tokenHash",
    "jobs_pkey": "id",
  ]

  /// Turns unique and foreign-key violations into `StoreError`, unwrapping transaction errors.
  package static func storeError(_ error: any Error) -> any Error {
    var underlying = error
    if let transactionError = error as? PostgresTransactionError {
      underlying =
        transactionError.closureError ?? transactionError.commitError
        ?? transactionError.beginError ?? error
    }
    guard let psqlError = underlying as? PSQLError, let info = psqlError.serverInfo else {
      return underlying
    }
    switch info[.sqlState] {
    case "23505":
      let constraint = info[.constraintName] ?? ""
      return StoreError.duplicate(duplicateFields[constraint] ?? constraint)
    case "23503":
      return StoreError.notFound
    default:
      return underlying
    }
  }
}

extension PostgresConnection {
  /// Runs one statement and returns all its rows. A statement written to a connection the
  /// server already closed is never answered (PostgresNIO writes it without a promise), so a
  /// closed connection is refused first.
  package func rows(_ query: PostgresQuery, logger: Logger) async throws -> [PostgresRow] {
    guard !isClosed else { throw StoreError.unavailable }
    return try await self.query(query, logger: logger).collect()
  }

  /// Runs one statement, ignoring any rows.
  package func run(_ query: PostgresQuery, logger: Logger) async throws {
    _ = try await rows(query, logger: logger)
  }
}

/// Resumes its continuation with the first answer given; later ones are ignored.
private final class FirstAnswer: Sendable {
  private let waiting: Mutex<CheckedContinuation<Bool, Never>?>

  init(_ continuation: CheckedContinuation<Bool, Never>) {
    waiting = Mutex(continuation)
  }

  func give(_ answer: Bool) {
    waiting.withLock { $0.take() }?.resume(returning: answer)
  }
}
