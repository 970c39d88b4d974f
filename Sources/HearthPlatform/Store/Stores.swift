import Foundation
import HearthCore
import HearthSQL

public protocol AccountStore: Sendable {
  /// Throws `StoreError.duplicate("email")` or `("phone")` when taken.
  func createUser(_ user: User) async throws
  func user(id: String) async throws -> User?
  func user(email: String) async throws -> User?
  func user(phone: String) async throws -> User?
  func users() async throws -> [User]
  /// Saves the fields of `user` that differ from `original`, each column alone, so that a change
  /// someone else made meanwhile to another field (a disable, a password reset) stays; throws
  /// `StoreError.duplicate` like `createUser`, `StoreError.notFound` when the account is gone.
  func updateUser(_ user: User, from original: User) async throws
  /// Removes the person and everything that belongs to them, including the events and jobs
  /// that name `formerlyOwned`: resources they owned that their apps already ended.
  func deleteUser(id: String, formerlyOwned: [ResourceRef]) async throws
}

extension AccountStore {
  public func deleteUser(id: String) async throws {
    try await deleteUser(id: id, formerlyOwned: [])
  }
}

public protocol SessionStore: Sendable {
  func createSession(_ session: Session) async throws
  func session(id: String) async throws -> Session?
  func session(tokenHash: String) async throws -> Session?
  func sessions(userID: String) async throws -> [Session]
  func touchSession(id: String, at: Date) async throws
  /// Returns false when the session was not live (already revoked, or not theirs).
  func revokeSession(id: String, userID: String, at: Date) async throws -> Bool
  func revokeSessions(userID: String, kind: SessionKind?, at: Date) async throws
}

public protocol ShareStore: Sendable {
  /// Makes a resource shareable; idempotent.
  func createShare(_ share: Share) async throws
  func share(_ resource: ResourceRef) async throws -> Share?
  /// Removes the share and its participants, telling the owner and each participant.
  func deleteShare(_ resource: ResourceRef, at: Date) async throws
  /// Inserts or replaces the participant row and appends an event for the resource and the person.
  func putParticipant(_ participant: Participant) async throws
  func participants(_ resource: ResourceRef) async throws -> [Participant]
  func participant(_ resource: ResourceRef, userID: String) async throws -> Participant?
  func pendingInvitations(userID: String) async throws -> [Invitation]
  func access(_ resource: ResourceRef, userID: String) async throws -> Access
}

public protocol EventStore: Sendable {
  @discardableResult
  func appendEvent(_ event: NewEvent, at: Date) async throws -> Int64
  /// Committed events after `cursor`, oldest first, in a gap-free order: a reader that keeps the
  /// last sequence it saw as its cursor sees every event exactly once.
  func events(after cursor: Int64, limit: Int) async throws -> [Event]
  func latestSequence() async throws -> Int64
}

public protocol JobStore: Sendable {
  /// Stores `jobs` with the matching `ids`, in one statement per thousand jobs, and returns them
  /// in order. A job whose `idempotencyKey` was used before in its
  /// queue, in this call or earlier, comes back as the job stored first.
  func enqueueMany(_ jobs: [NewJob], ids: [String], at: Date) async throws -> [Job]
  /// Takes up to `limit` due jobs of the given queues, all under `token`: first those whose
  /// worker's lease ran out, then the oldest queued ones, skipping jobs another claimer holds.
  func claim(queues: [String], limit: Int, token: String, leaseUntil: Date, at: Date)
    async throws -> [Job]
  func heartbeat(id: String, token: String, leaseUntil: Date, at: Date) async throws -> Bool
  /// Marks each job done and appends its events in one transaction, only for the holder of its
  /// current token, so a job's announced effect happens exactly once. Returns the ids marked.
  func complete(_ completions: [JobCompletion], at: Date) async throws -> Set<String>
  /// With `retryAt` the job waits for another attempt; without it the job is dead.
  func fail(id: String, token: String, error: String, retryAt: Date?, at: Date) async throws
    -> Bool
  /// Puts a running job back in the queue without counting an attempt (graceful shutdown).
  func release(id: String, token: String, at: Date) async throws -> Bool
  func cancel(id: String, at: Date) async throws -> Bool
  func job(id: String) async throws -> Job?
  func jobCounts() async throws -> [JobStatus: Int]
}

/// One finished attempt: the job, the token it was claimed with, and what it announces.
public struct JobCompletion: Sendable, Equatable {
  public var id: String
  public var token: String
  public var events: [NewEvent]

  public init(id: String, token: String, events: [NewEvent] = []) {
    self.id = id
    self.token = token
    self.events = events
  }
}

extension JobStore {
  /// Returns the existing job when `idempotencyKey` was used before in the same queue.
  public func enqueue(_ job: NewJob, id: String, at: Date) async throws -> Job {
    guard let stored = try await enqueueMany([job], ids: [id], at: at).first else {
      throw StoreError.notFound
    }
    return stored
  }

  public func claim(queues: [String], token: String, leaseUntil: Date, at: Date) async throws
    -> Job?
  {
    try await claim(queues: queues, limit: 1, token: token, leaseUntil: leaseUntil, at: at).first
  }

  public func complete(id: String, token: String, at: Date, events: [NewEvent] = [])
    async throws -> Bool
  {
    try await complete([JobCompletion(id: id, token: token, events: events)], at: at).contains(id)
  }
}

/// The platform's database: an engine (SQLite or PostgreSQL) with the platform's stores
/// written on it once. Each app keeps its own tables in it, through its own store over
/// `SQLDatabase`.
public protocol HearthDatabase: SQLEngine, AccountStore, SessionStore, ShareStore, EventStore,
  JobStore
{}
