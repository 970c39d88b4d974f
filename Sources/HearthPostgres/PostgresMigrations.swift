import HearthSQL
import Logging
import PostgresNIO

/// Applies each schema's PostgreSQL migrations, numbered in its own namespace.
package enum PostgresMigrations {
  package typealias Migration = PostgresMigration

  /// Any constant: every process that migrates takes this transaction-scoped advisory lock.
  package static let advisoryLockKey = 4_852_873_001

  /// Every namespace's migrations, in the order of the schemas given.
  package static func namespaces(_ schemas: [AppSchema]) -> [(String, [Migration])] {
    schemas.map { ($0.namespace, $0.postgres) }
  }
}

extension PostgresDatabase {
  /// Applies the migrations not yet recorded in `schema_migrations`, all in one transaction
  /// under an advisory lock, so processes starting together migrate one after the other.
  public func migrate(schemas: [AppSchema]) async throws {
    learntCleanup.withLock { $0 = schemas.map(\.accountCleanup) }
    let namespaces = PostgresMigrations.namespaces(schemas)
    try await transaction { connection in
      let logger = self.logger
      try await connection.run(
        "SELECT pg_advisory_xact_lock(\(PostgresMigrations.advisoryLockKey))", logger: logger)
      try await PostgresMigrations.recordByNamespace(namespaces, on: connection, logger: logger)
      var applied = Set<String>()
      for row in try await connection.rows(
        "SELECT namespace, version FROM schema_migrations", logger: logger)
      {
        let (namespace, version) = try row.decode((String, Int).self)
        applied.insert("\(namespace) \(version)")
      }
      var newlyApplied: [String] = []
      for (namespace, migrations) in namespaces {
        for migration in migrations.sorted(by: { $0.version < $1.version })
        where !applied.contains("\(namespace) \(migration.version)") {
          for statement in migration.statements {
            try await connection.run(PostgresQuery(unsafeSQL: statement), logger: logger)
          }
          try await connection.run(
            """
            INSERT INTO schema_migrations (namespace, version, name)
            VALUES (\(namespace), \(migration.version), \(migration.name))
            """, logger: logger)
          newlyApplied.append("\(namespace) \(migration.version)")
        }
      }
      if !newlyApplied.isEmpty {
        logger.info(
          "Applied PostgreSQL migrations",
          metadata: ["migrations": "\(newlyApplied.joined(separator: ", "))"])
      }
    }
  }
}
