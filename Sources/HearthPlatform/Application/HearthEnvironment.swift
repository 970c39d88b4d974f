import Crypto
import Foundation
import HearthCore
import HearthMail
import HearthSQL
import Logging

/// Everything the server reaches outside itself, built once per process.
public struct HearthEnvironment: Sendable {
  public var config: HearthConfig
  public var database: any HearthDatabase
  public var tokens: TokenService
  public var now: @Sendable () -> Date
  /// What the server's timers sleep on (idle polls, timeouts, heartbeats); tests move it.
  public var clock: any Clock<Duration> = ContinuousClock()
  public var newID: @Sendable () -> String
  public var logger: Logger
  /// Wakes this process's idle job workers when a job is enqueued here.
  public let jobWakeup = Wakeup()
  /// Signalled each time one of this process's workers has written a job attempt's outcome.
  public let jobSettled = Wakeup()
  /// Who recent requests signed in as; the event hub keeps it current.
  public let callers = CallerCache()
  /// The shared model client, when HEARTH_LLM_BASE_URL is set.
  public var llm: LLMClient?
  /// What moves `now` forward, when HEARTH_TEST_CLOCK is on.
  public private(set) var clockShift: ClockShift?
  /// The VAPID key push messages are signed with; subscriptions are bound to its public half.
  public var vapidKey: P256.Signing.PrivateKey
  /// What mail is sent with: the configured mailer, or a recorder in tests.
  public var mailer: @Sendable (Logger) throws -> any Mailer
  /// Where requests to addresses people chose (push endpoints) may go: public addresses only
  /// in production.
  public var outbound: OutboundGuard
  public init(
    config: HearthConfig, database: any HearthDatabase, secret: String,
    vapidKey: P256.Signing.PrivateKey = .init(),
    now: @escaping @Sendable () -> Date = { Date() },
    newID: @escaping @Sendable () -> String = { UUID.random().uuidString.lowercased() },
    logger: Logger
  ) {
    self.config = config
    self.database = database
    self.tokens = TokenService(secret: secret)
    self.vapidKey = vapidKey
    self.now = now
    self.newID = newID
    self.logger = logger
    mailer = { [config] in try config.mailer(logger: $0) }
    llm = config.llm.map { LLMClient(settings: $0) }
    outbound = OutboundGuard(rule: .of(config.environment))
    if config.testClock {
      let shift = ClockShift()
      clockShift = shift
      self.now = { shift.now() }
    }
  }

  /// Enqueues a job and wakes the workers of this process; use it rather than the store's
  /// `enqueue`, so that a job starts at once instead of at the next poll.
  public func enqueue(_ job: NewJob) async throws -> Job {
    let stored = try await database.enqueue(job, id: newID(), at: now())
    await jobWakeup.signal()
    return stored
  }

  /// Enqueues many jobs in one write, for producers with many at once.
  public func enqueueMany(_ jobs: [NewJob]) async throws -> [Job] {
    let stored = try await database.enqueueMany(jobs, ids: jobs.map { _ in newID() }, at: now())
    await jobWakeup.signal()
    return stored
  }

  /// Whether the account is asked to confirm its email (HEARTH_EMAIL_VERIFICATION on, and not
  /// confirmed yet).
  public func needsEmailVerification(_ user: User) -> Bool {
    config.emailVerification && user.emailVerifiedAt == nil
  }
}
