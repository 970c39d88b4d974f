import HearthPlatform

extension SQLiteDatabase: RedoSyncStore {}
extension HearthPlatform.PostgresDatabase: RedoSyncStore {}

extension HearthDatabase {
  /// Redo's tables, on whichever database the platform opened.
  public var redoStore: any RedoSyncStore {
    switch backend {
    case .sqlite(let database): database
    case .postgres(let database): database
    }
  }
}
