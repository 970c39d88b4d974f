import HearthSQL
import Logging
import PostgresNIO

extension PostgresMigrations {
  /// Creates `schema_migrations` keyed by namespace and version, or turns the one numbering of
  /// databases from before 2026-11 into it: each recorded version becomes the namespace and
  /// version of the migration that had it, applied when it was.
  static func recordByNamespace(
    _ namespaces: [(String, [Migration])], on connection: PostgresConnection, logger: Logger
  ) async throws {
    let columns = try await connection.rows(
      """
      SELECT column_name FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name = 'schema_migrations'
      """, logger: logger
    ).map { try $0.decode(String.self) }
    if columns.contains("namespace") { return }
    if !columns.isEmpty {
      try await connection.run(
        "ALTER TABLE schema_migrations RENAME TO schema_migrations_shared", logger: logger)
    }
    try await connection.run(
      """
      CREATE TABLE schema_migrations (
        namespace text NOT NULL,
        version integer NOT NULL,
        name text NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (namespace, version)
      )
      """, logger: logger)
    guard !columns.isEmpty else { return }
    let shared = Dictionary(
      uniqueKeysWithValues: namespaces.flatMap { namespace, migrations in
        migrations.compactMap { migration in migration.shared.map { ($0, (namespace, migration)) } }
      })
    for row in try await connection.rows(
      "SELECT version FROM schema_migrations_shared", logger: logger)
    {
      let version = try row.decode(Int.self)
      guard let (namespace, migration) = shared[version] else {
        throw StoreError.unreadable(
          "schema_migrations records version \(version), which no migration of this build had")
      }
      try await connection.run(
        """
        INSERT INTO schema_migrations (namespace, version, name, applied_at)
        SELECT \(namespace), \(migration.version), \(migration.name), applied_at
        FROM schema_migrations_shared WHERE version = \(version)
        """, logger: logger)
    }
    try await connection.run("DROP TABLE schema_migrations_shared", logger: logger)
  }
}
