import Foundation

/// A value bound to a statement or read from a row. Dates are REAL seconds on SQLite and
/// timestamptz on PostgreSQL; booleans are 0/1 on SQLite.
public enum SQLValue: Sendable, Equatable {
  case null
  case integer(Int64)
  case real(Double)
  case text(String)
  case bool(Bool)
  case date(Date)
  /// PostgreSQL's text[]; SQLite has no arrays and gets a JSON array.
  case texts([String])
}

public protocol SQLBindable: Sendable {
  var sqlValue: SQLValue { get }
}

/// A type read from one column; `nil` from `init(sqlValue:)` means the column holds something else.
public protocol SQLDecodable {
  init?(sqlValue: SQLValue)
}

extension String: SQLBindable, SQLDecodable {
  public var sqlValue: SQLValue { .text(self) }
  public init?(sqlValue: SQLValue) {
    guard case .text(let text) = sqlValue else { return nil }
    self = text
  }
}

extension Int64: SQLBindable, SQLDecodable {
  public var sqlValue: SQLValue { .integer(self) }
  public init?(sqlValue: SQLValue) {
    guard case .integer(let value) = sqlValue else { return nil }
    self = value
  }
}

extension Int: SQLBindable, SQLDecodable {
  public var sqlValue: SQLValue { .integer(Int64(self)) }
  public init?(sqlValue: SQLValue) {
    guard let value = Int64(sqlValue: sqlValue) else { return nil }
    self = Int(value)
  }
}

extension Double: SQLBindable, SQLDecodable {
  public var sqlValue: SQLValue { .real(self) }
  public init?(sqlValue: SQLValue) {
    switch sqlValue {
    case .real(let value): self = value
    case .integer(let value): self = Double(value)
    default: return nil
    }
  }
}

extension Bool: SQLBindable, SQLDecodable {
  public var sqlValue: SQLValue { .bool(self) }
  public init?(sqlValue: SQLValue) {
    switch sqlValue {
    case .bool(let value): self = value
    case .integer(let value): self = value != 0
    default: return nil
    }
  }
}

extension Date: SQLBindable, SQLDecodable {
  public var sqlValue: SQLValue { .date(self) }
  public init?(sqlValue: SQLValue) {
    switch sqlValue {
    case .date(let date): self = date
    case .real(let seconds): self.init(timeIntervalSince1970: seconds)
    case .integer(let seconds): self.init(timeIntervalSince1970: Double(seconds))
    default: return nil
    }
  }
}

extension Array: SQLBindable where Element == String {
  public var sqlValue: SQLValue { .texts(self) }
}

extension Optional: SQLBindable where Wrapped: SQLBindable {
  public var sqlValue: SQLValue { self?.sqlValue ?? .null }
}

extension Optional: SQLDecodable where Wrapped: SQLDecodable {
  public init?(sqlValue: SQLValue) {
    if sqlValue == .null {
      self = .none
    } else if let value = Wrapped(sqlValue: sqlValue) {
      self = .some(value)
    } else {
      return nil
    }
  }
}
