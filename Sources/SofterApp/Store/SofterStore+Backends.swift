import HearthPlatform

extension SQLiteDatabase: SofterStore {}
extension HearthPlatform.PostgresDatabase: SofterStore {}

extension HearthDatabase {
  /// Softer's tables, on whichever database the platform opened.
  public var softerStore: any SofterStore {
    switch backend {
    case .sqlite(let database): database
    case .postgres(let database): database
    }
  }
}
