import GRDB
import HearthSQL

/// Registers each schema's SQLite migrations under their identifiers.
package enum SQLiteMigrations {
  /// Every epoch in turn: in each, the schemas' migrations in the order the schemas are listed
  /// (the platform's first). An app's first tables (epoch 1) refer to the platform's old names,
  /// so the platform renames its tables only after every app's epoch 1.
  package static func migrator(_ schemas: [AppSchema]) -> DatabaseMigrator {
    var migrator = DatabaseMigrator()
    let all = schemas.flatMap(\.sqlite)
    for epoch in Set(all.map(\.epoch)).sorted() {
      for migration in all where migration.epoch == epoch {
        migrator.registerMigration(migration.identifier) { db in
          try db.execute(sql: migration.sql)
        }
      }
    }
    return migrator
  }
}
