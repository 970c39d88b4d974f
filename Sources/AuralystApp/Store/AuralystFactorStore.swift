import AuralystCore
import Foundation
import HearthCore
import HearthPlatform
import HearthSQL

/// A journal's factors and their daily values, on either database.
public protocol AuralystFactorStore: Sendable {
  /// The journal's factors, by name.
  func factors(journalID: String) async throws -> [Factor]
  func factor(id: String) async throws -> Factor?
  /// Adds the factor, or renames the one with its id in its journal (kind and author stay).
  /// A name another factor of the journal has (ignoring case), or an id taken, throws
  /// `StoreError.duplicate("name")` / `("id")`; a factor gone throws `StoreError.notFound`.
  func saveFactor(_ factor: Factor, isNew: Bool, events: [NewEvent], at: Date) async throws
  /// Removes the factor with its values; false when it was not in the journal.
  @discardableResult
  func deleteFactor(id: String, journalID: String, events: [NewEvent], at: Date) async throws
    -> Bool
  /// The journal's values from `from` to `until` (days, inclusive), by day then factor.
  func factorValues(journalID: String, from: String?, until: String?) async throws
    -> [FactorValue]
  func factorValue(factorID: String, day: String) async throws -> FactorValue?
  /// Sets the factor's value for its day; `StoreError.notFound` when the factor is not in the
  /// journal (deleted meanwhile, say).
  func putFactorValue(_ value: FactorValue, journalID: String, events: [NewEvent], at: Date)
    async throws
  /// Clears a day's value; false when there was none.
  @discardableResult
  func deleteFactorValue(
    factorID: String, day: String, journalID: String, events: [NewEvent], at: Date
  ) async throws -> Bool
}

extension HearthDatabase {
  public var auralystFactorStore: any AuralystFactorStore { AuralystFactorSQLStore(database: self) }
}

struct AuralystFactorSQLStore: AuralystFactorStore {
  let database: any SQLDatabase

  func factors(journalID: String) async throws -> [Factor] {
    try await database.rows(
      """
      SELECT \(Self.factorColumns) FROM auralyst_factors WHERE journal_id = \(journalID)
      ORDER BY name_key, id
      """
    ).map(Self.factor)
  }

  func factor(id: String) async throws -> Factor? {
    try await database.row("SELECT \(Self.factorColumns) FROM auralyst_factors WHERE id = \(id)")
      .map(Self.factor)
  }

  func saveFactor(_ factor: Factor, isNew: Bool, events: [NewEvent], at: Date) async throws {
    try await database.transaction { tx in
      let named = try await tx.row(
        """
        SELECT id FROM auralyst_factors
        WHERE journal_id = \(factor.journalID) AND name_key = \(factor.nameKey)
          AND id <> \(factor.id)
        """)
      guard named == nil else { throw StoreError.duplicate("name") }
      if isNew {
        let written = try await tx.rows(
          """
          INSERT INTO auralyst_factors (id, journal_id, name, name_key, kind, unit, author_id,
            created_at, updated_at)
          VALUES (\(factor.id), \(factor.journalID), \(factor.name), \(factor.nameKey),
            \(factor.kind.rawValue), \(factor.unit), \(factor.authorID), \(factor.createdAt), \(at))
          ON CONFLICT DO NOTHING
          RETURNING id
          """)
        // The name was free a moment ago, so a conflict is the id (or a name taken since).
        guard !written.isEmpty else { throw StoreError.duplicate("id") }
      } else {
        let updated = try await tx.rows(
          """
          UPDATE auralyst_factors SET name = \(factor.name), name_key = \(factor.nameKey),
            unit = \(factor.unit), updated_at = \(at)
          WHERE id = \(factor.id) AND journal_id = \(factor.journalID)
          RETURNING id
          """)
        guard !updated.isEmpty else { throw StoreError.notFound }
      }
      try await tx.appendEvents(events, at: at)
    }
  }

  func deleteFactor(id: String, journalID: String, events: [NewEvent], at: Date) async throws
    -> Bool
  {
    try await database.transaction { tx in
      let deleted = try await tx.rows(
        "DELETE FROM auralyst_factors WHERE id = \(id) AND journal_id = \(journalID) RETURNING id")
      guard !deleted.isEmpty else { return false }
      // The foreign key takes the values; said here too, for a connection without it enforced.
      try await tx.execute("DELETE FROM auralyst_factor_values WHERE factor_id = \(id)")
      try await tx.appendEvents(events, at: at)
      return true
    }
  }

  func factorValues(journalID: String, from: String?, until: String?) async throws
    -> [FactorValue]
  {
    var sql: SQL = """
      SELECT \(Self.valueColumns) FROM auralyst_factor_values WHERE journal_id = \(journalID)
      """
    if let from { sql += " AND day >= \(from)" }
    if let until { sql += " AND day <= \(until)" }
    sql += " ORDER BY day, factor_id"
    return try await database.rows(sql).map(Self.value)
  }

  func factorValue(factorID: String, day: String) async throws -> FactorValue? {
    try await database.row(
      """
      SELECT \(Self.valueColumns) FROM auralyst_factor_values
      WHERE factor_id = \(factorID) AND day = \(day)
      """
    ).map(Self.value)
  }

  func putFactorValue(_ value: FactorValue, journalID: String, events: [NewEvent], at: Date)
    async throws
  {
    try await database.transaction { tx in
      let lock: SQL = .dialect(sqlite: "", postgres: " FOR UPDATE")
      guard
        try await tx.row(
          """
          SELECT id FROM auralyst_factors WHERE id = \(value.factorID)
            AND journal_id = \(journalID)\(lock)
          """) != nil
      else { throw StoreError.notFound }
      let tags = value.tags.map { StoreJSON.encode($0) }
      try await tx.execute(
        """
        INSERT INTO auralyst_factor_values (factor_id, journal_id, day, number, tags, author_id,
          updated_at)
        VALUES (\(value.factorID), \(journalID), \(value.day), \(value.number), \(tags),
          \(value.authorID), \(at))
        ON CONFLICT (factor_id, day) DO UPDATE SET number = excluded.number,
          tags = excluded.tags, author_id = excluded.author_id, updated_at = excluded.updated_at
        """)
      try await tx.appendEvents(events, at: at)
    }
  }

  func deleteFactorValue(
    factorID: String, day: String, journalID: String, events: [NewEvent], at: Date
  ) async throws -> Bool {
    try await database.transaction { tx in
      let deleted = try await tx.rows(
        """
        DELETE FROM auralyst_factor_values
        WHERE factor_id = \(factorID) AND day = \(day) AND journal_id = \(journalID)
        RETURNING factor_id
        """)
      guard !deleted.isEmpty else { return false }
      try await tx.appendEvents(events, at: at)
      return true
    }
  }

  /// Factors and values a journal change brings (an import), in its transaction.
  static func write(
    _ factors: [Factor], _ values: [FactorValue], into journalID: String, at: Date,
    _ tx: any SQLTransaction
  ) async throws {
    for factor in factors {
      try await tx.execute(
        """
        INSERT INTO auralyst_factors (id, journal_id, name, name_key, kind, unit, author_id,
          created_at, updated_at)
        VALUES (\(factor.id), \(journalID), \(factor.name), \(factor.nameKey),
          \(factor.kind.rawValue), \(factor.unit), \(factor.authorID), \(factor.createdAt), \(at))
        """)
    }
    for value in values {
      try await tx.execute(
        """
        INSERT INTO auralyst_factor_values (factor_id, journal_id, day, number, tags, author_id,
          updated_at)
        SELECT \(value.factorID), \(journalID), \(value.day), \(value.number),
          \(value.tags.map { StoreJSON.encode($0) }), \(value.authorID), \(at)
        WHERE EXISTS (
          SELECT 1 FROM auralyst_factors WHERE id = \(value.factorID) AND journal_id = \(journalID))
        ON CONFLICT (factor_id, day) DO NOTHING
        """)
    }
  }

  private static let factorColumns: SQL =
    "id, journal_id, name, kind, unit, author_id, created_at"
  private static let valueColumns: SQL = "factor_id, day, number, tags, author_id"

  private static func factor(_ row: SQLRow) throws -> Factor {
    Factor(
      id: try row["id"], journalID: try row["journal_id"], name: try row["name"],
      kind: try row.decode(Factor.Kind.self, "kind"), unit: try row["unit"],
      authorID: try row["author_id"], createdAt: try row["created_at"])
  }

  private static func value(_ row: SQLRow) throws -> FactorValue {
    let tags: String? = try row["tags"]
    return FactorValue(
      factorID: try row["factor_id"], day: try row["day"], number: try row["number"],
      tags: try tags.map { try StoreJSON.decode([String].self, $0) },
      authorID: try row["author_id"])
  }
}
