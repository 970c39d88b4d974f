import HearthPlatform

extension SQLiteDatabase: OnpuStore {}
extension HearthPlatform.PostgresDatabase: OnpuStore {}

extension HearthDatabase {
  /// Onpu's tables, on whichever database the platform opened.
  public var onpuStore: any OnpuStore {
    switch backend {
    case .sqlite(let database): database
    case .postgres(let database): database
    }
  }
}
