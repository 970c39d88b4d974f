/// One row of a result, by column name. Reading a column as a type it does not hold throws
/// `StoreError.unreadable`, so a bad row is never skipped in silence.
public struct SQLRow: Sendable {
  let columns: [String: SQLValue]

  package init(columns: [String: SQLValue]) { self.columns = columns }

  public subscript<Value: SQLDecodable>(_ column: String) -> Value {
    get throws {
      guard let stored = columns[column] else {
        throw StoreError.unreadable("no column \(column)")
      }
      guard let value = Value(sqlValue: stored) else {
        throw StoreError.unreadable("column \(column) holds \(stored), not \(Value.self)")
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
