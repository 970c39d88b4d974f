import Foundation
import HearthCore
import HearthSQL
import NIOConcurrencyHelpers

/// The sessions and accounts that recent requests signed in with, so that most requests are
/// authenticated without reading the database. Every change to an account or a session appends
/// one of `AccountEvents` in its own transaction; the event hub reads every event any process
/// commits and hands them here, and this process's own changes are forgotten at once. Until the
/// hub has read recently (`trust`) the cache answers nothing and keeps nothing, so a hub cut
/// off from the database cannot leave a revoked session working.
public final class CallerCache: EventFollower {
  package struct Entry: Sendable {
    package var session: Session
    package var user: User
  }

  private struct State {
    var entries: [String: Entry] = [:]
    var sessionByTokenHash: [String: String] = [:]
    var sessionsOfUser: [String: Set<String>] = [:]
    /// Account ids by `AccountEvents.digest`, which is all a deletion's event names.
    var userByDigest: [String: String] = [:]
    /// Moves on every forget, so that a read begun before a change is not kept after it.
    var generation: UInt64 = 0
    var trustedUntil: ContinuousClock.Instant?

    mutating func removeAll() {
      entries = [:]
      sessionByTokenHash = [:]
      sessionsOfUser = [:]
      userByDigest = [:]
    }
  }

  private let state = NIOLockedValueBox(State())
  package let capacity: Int
  package let trust: Duration
  private let now: @Sendable () -> ContinuousClock.Instant

  public init(
    capacity: Int = 10_000, trust: Duration = .seconds(3),
    now: @escaping @Sendable () -> ContinuousClock.Instant = { .now }
  ) {
    self.capacity = capacity
    self.trust = trust
    self.now = now
  }

  /// The session `id` and its account, from memory when it can, else from `database`.
  @inline(never)  // As EventFeed.next: a live stream's loop calls it only on a miss.
  package func session(id: String, in database: any HearthDatabase) async throws -> Entry? {
    if let hit = cachedSession(id: id) { return hit }
    let generation = currentGeneration()
    guard let session = try await database.session(id: id) else { return nil }
    return try await load(session, in: database, generation: generation)
  }

  /// The session `id` and its account from memory alone, without an await.
  package func cachedSession(id: String) -> Entry? {
    cached { $0.entries[id] }
  }

  /// The web session whose secret hashes to `tokenHash`, and its account.
  package func session(tokenHash: String, in database: any HearthDatabase) async throws -> Entry? {
    let hit = cached { state in
      state.sessionByTokenHash[tokenHash].flatMap { state.entries[$0] }
    }
    if let hit { return hit }
    let generation = currentGeneration()
    guard let session = try await database.session(tokenHash: tokenHash) else { return nil }
    return try await load(session, in: database, generation: generation)
  }

  private func load(
    _ session: Session, in database: any HearthDatabase, generation: UInt64?
  ) async throws -> Entry? {
    guard let user = try await database.user(id: session.userID) else { return nil }
    let entry = Entry(session: session, user: user)
    if let generation { keep(entry, readAt: generation) }
    return entry
  }

  private func cached(_ find: (State) -> Entry?) -> Entry? {
    state.withLockedValue { state in
      guard trusted(&state) else { return nil }
      return find(state)
    }
  }

  /// Nil when the cache is not trusted now: what is read then is not kept.
  private func currentGeneration() -> UInt64? {
    state.withLockedValue { state in trusted(&state) ? state.generation : nil }
  }

  private func trusted(_ state: inout State) -> Bool {
    guard let until = state.trustedUntil else { return false }
    if now() < until { return true }
    state.trustedUntil = nil
    state.removeAll()
    return false
  }

  private func keep(_ entry: Entry, readAt generation: UInt64) {
    state.withLockedValue { state in
      guard state.generation == generation, trusted(&state) else { return }
      if state.entries.count >= capacity { state.removeAll() }
      let id = entry.session.id
      state.entries[id] = entry
      if state.sessionsOfUser[entry.user.id] == nil {
        state.userByDigest[AccountEvents.digest(entry.user.id)] = entry.user.id
      }
      state.sessionsOfUser[entry.user.id, default: []].insert(id)
      state.sessionByTokenHash[entry.session.tokenHash] = id
    }
  }

  /// Notes a session's new last-seen time, so that it is not written again at every request.
  package func touched(sessionID: String, at date: Date) {
    state.withLockedValue { $0.entries[sessionID]?.session.lastSeenAt = date }
  }

  /// Drops the account (named by its id or its digest) and every session of it; the next
  /// request reads them again.
  package func forget(userID account: String) {
    state.withLockedValue { state in
      state.generation &+= 1
      let userID = state.userByDigest[account] ?? account
      state.userByDigest.removeValue(forKey: AccountEvents.digest(userID))
      for id in state.sessionsOfUser.removeValue(forKey: userID) ?? [] {
        if let tokenHash = state.entries.removeValue(forKey: id)?.session.tokenHash {
          state.sessionByTokenHash.removeValue(forKey: tokenHash)
        }
      }
    }
  }

  public func hubRead(_ events: [Event]) {
    for event in events where AccountEvents.all.contains(event.type) {
      if let account = AccountEvents.account(of: event.audience) { forget(userID: account) }
    }
    let until = now() + trust
    state.withLockedValue { $0.trustedUntil = until }
  }

  public func hubNotified(_ payload: String) {
    if let userID = AccountEvents.userID(notified: payload) { forget(userID: userID) }
  }

  package var count: Int { state.withLockedValue { $0.entries.count } }
}
