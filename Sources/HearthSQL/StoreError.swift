/// What a store throws when a change cannot be made or read, in words the platform turns into
/// answers.
public enum StoreError: Error, Equatable, Sendable {
  /// A unique value is taken; the associated value names the field (for example "email").
  case duplicate(String)
  case notFound
  /// A condition the change depends on no longer holds; the value names what (for example
  /// "intakes"). Nothing was written.
  case conflict(String)
  /// A stored row does not decode; the value names it. Never skipped: it is a fault to fix.
  case unreadable(String)
  /// The database cannot be reached just now (PostgreSQL restarting, say); nothing was written.
  case unavailable
  /// The disk under the database is full; nothing was written.
  case storageFull
}
