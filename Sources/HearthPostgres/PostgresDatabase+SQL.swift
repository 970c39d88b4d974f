import Foundation
import HearthSQL
import PostgresNIO

extension PostgresDatabase {
  public var dialect: SQLDialect { .postgres }

  public func transaction<Result: Sendable>(
    _ body: @Sendable (any SQLTransaction) async throws -> Result
  ) async throws -> Result {
    try await transaction { connection in
      try await body(PostgresTransaction(connection: connection, logger: self.logger))
    }
  }

  public func rows(_ sql: SQL) async throws -> [SQLRow] {
    try PostgresTransaction.rows(try await queryRows(PostgresTransaction.query(sql)))
  }

  @discardableResult
  public func write(_ sql: SQL) async throws -> [SQLRow] { try await rows(sql) }
}

struct PostgresTransaction: SQLTransaction {
  let connection: PostgresConnection
  let logger: Logger
  var dialect: SQLDialect { .postgres }

  func rows(_ sql: SQL) async throws -> [SQLRow] {
    try Self.rows(try await connection.rows(Self.query(sql), logger: logger))
  }

  func execute(_ sql: SQL) async throws {
    try await connection.run(Self.query(sql), logger: logger)
  }

  static func query(_ sql: SQL) -> PostgresQuery {
    let (text, values) = sql.rendered(for: .postgres)
    var binds = PostgresBindings(capacity: values.count)
    for value in values {
      switch value {
      case .null: binds.appendNull()
      case .integer(let integer): binds.append(integer)
      case .real(let real): binds.append(real)
      case .text(let text): binds.append(text)
      case .bool(let bool): binds.append(bool)
      case .date(let date): binds.append(date)
      case .texts(let texts): binds.append(texts)
      }
    }
    return PostgresQuery(unsafeSQL: text, binds: binds)
  }

  static func rows(_ rows: [PostgresRow]) throws -> [SQLRow] {
    guard let first = rows.first else { return [] }
    let columns = SQLColumns(first.map(\.columnName))
    return try rows.map { row in SQLRow(columns: columns, values: try row.map(value)) }
  }

  static func value(_ cell: PostgresCell) throws -> SQLValue {
    guard cell.bytes != nil else { return .null }
    switch cell.dataType {
    case .bool: return .bool(try cell.decode(Bool.self))
    case .int2, .int4, .int8: return .integer(try cell.decode(Int64.self))
    case .float4, .float8: return .real(try cell.decode(Double.self))
    case .timestamptz, .timestamp, .date: return .date(try cell.decode(Date.self))
    default: return .text(try cell.decode(String.self))
    }
  }
}
