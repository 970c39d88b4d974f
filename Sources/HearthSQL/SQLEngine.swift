/// A database engine the server opens: the SQL idiom plus what the server does with the
/// engine itself (migrate, probe, close).
public protocol SQLEngine: SQLDatabase {
  var kindName: String { get }
  /// What deleting an account must remove from each schema's tables, learnt when they migrate.
  var accountCleanup: [AccountCleanup] { get }
  /// Applies the migrations not yet applied, schema by schema in the order given.
  func migrate(schemas: [AppSchema]) async throws
  func ping() async throws
  func close() async throws
}
