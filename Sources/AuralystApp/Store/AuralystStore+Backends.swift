import HearthPlatform

extension SQLiteDatabase: AuralystStore {}
extension HearthPlatform.PostgresDatabase: AuralystStore {}

extension HearthDatabase {
  /// Auralyst's tables, on whichever database the platform opened.
  public var auralystStore: any AuralystStore {
    switch backend {
    case .sqlite(let database): database
    case .postgres(let database): database
    }
  }
}
