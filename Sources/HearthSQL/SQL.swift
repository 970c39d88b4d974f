/// A statement written once for both databases. Each interpolated value becomes a bound
/// parameter (`?` on SQLite, `$1`, `$2`… on PostgreSQL), so values never reach the SQL text.
public struct SQL: Sendable, ExpressibleByStringInterpolation {
  enum Fragment: Sendable {
    case text(String)
    case value(SQLValue)
    case dialect(sqlite: String, postgres: String)
  }

  var fragments: [Fragment]

  init(fragments: [Fragment]) { self.fragments = fragments }

  public init(stringLiteral value: String) { fragments = [.text(value)] }

  public init(stringInterpolation: StringInterpolation) {
    fragments = stringInterpolation.fragments
  }

  /// Text that differs between the dialects, such as a row lock only PostgreSQL needs.
  public static func dialect(sqlite: String, postgres: String) -> SQL {
    SQL(fragments: [.dialect(sqlite: sqlite, postgres: postgres)])
  }

  public static func + (lhs: SQL, rhs: SQL) -> SQL { SQL(fragments: lhs.fragments + rhs.fragments) }

  public static func += (lhs: inout SQL, rhs: SQL) { lhs.fragments += rhs.fragments }

  /// `parts` separated by `separator`, for lists of rows or conditions.
  public static func joined(_ parts: [SQL], separator: String = ", ") -> SQL {
    var fragments: [Fragment] = []
    for (index, part) in parts.enumerated() {
      if index > 0 { fragments.append(.text(separator)) }
      fragments += part.fragments
    }
    return SQL(fragments: fragments)
  }

  package func rendered(for dialect: SQLDialect) -> (text: String, values: [SQLValue]) {
    var text = ""
    var values: [SQLValue] = []
    for fragment in fragments {
      switch fragment {
      case .text(let part): text += part
      case .dialect(let sqlite, let postgres): text += dialect == .sqlite ? sqlite : postgres
      case .value(let value):
        values.append(value)
        text += dialect == .sqlite ? "?" : "$\(values.count)"
      }
    }
    return (text, values)
  }

  public struct StringInterpolation: StringInterpolationProtocol {
    var fragments: [Fragment] = []

    public init(literalCapacity: Int, interpolationCount: Int) {
      fragments.reserveCapacity(interpolationCount * 2 + 1)
    }

    public mutating func appendLiteral(_ literal: String) { fragments.append(.text(literal)) }

    public mutating func appendInterpolation(_ value: some SQLBindable) {
      fragments.append(.value(value.sqlValue))
    }

    /// NULL for nil.
    public mutating func appendInterpolation<Value: SQLBindable>(_ value: Value?) {
      fragments.append(.value(value.sqlValue))
    }

    /// A parenthesised list of parameters for `IN`; an empty list matches nothing.
    public mutating func appendInterpolation<Values: Collection>(list values: Values)
    where Values.Element: SQLBindable {
      guard !values.isEmpty else { return fragments.append(.text("(NULL)")) }
      fragments.append(.text("("))
      for (index, value) in values.enumerated() {
        if index > 0 { fragments.append(.text(", ")) }
        fragments.append(.value(value.sqlValue))
      }
      fragments.append(.text(")"))
    }

    public mutating func appendInterpolation(_ sql: SQL) { fragments += sql.fragments }
  }
}

public enum SQLDialect: Sendable {
  case sqlite
  case postgres
}
