/// One row of a result, by column name. Reading a column as a type it does not hold throws
/// `StoreError.unreadable`, so a bad row is never skipped in silence.
public struct SQLRow: Sendable {
  let columns: SQLColumns
  let values: [SQLValue]

  package init(columns: SQLColumns, values: [SQLValue]) {
    self.columns = columns
    self.values = values
  }

  public subscript<Value: SQLDecodable>(_ column: String) -> Value {
    get throws {
      guard let index = columns.index[column] else {
        throw StoreError.unreadable("no column \(column)")
      }
      guard let value = Value(sqlValue: values[index]) else {
        throw StoreError.unreadable("column \(column) holds \(values[index]), not \(Value.self)")
      }
      return value
    }
  }

  /// The column holding a value of a `RawRepresentable` type, such as a stored enum case.
  public func decode<Value: RawRepresentable>(_ type: Value.Type, _ column: String) throws -> Value
  where Value.RawValue: SQLDecodable {
    let raw: Value.RawValue = try self[column]
    guard let value = Value(rawValue: raw) else {
      throw StoreError.unreadable("column \(column) holds \(raw), not a \(Value.self)")
    }
    return value
  }
}

/// The column names of one result, shared by all its rows.
package final class SQLColumns: Sendable {
  let index: [String: Int]

  package init(_ names: [String]) {
    var index: [String: Int] = [:]
    for (position, name) in names.enumerated() where index[name] == nil {
      index[name] = position
    }
    self.index = index
  }
}
