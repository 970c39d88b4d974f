import HearthPlatform

extension HearthDatabase {
  /// Redo's tables, on whichever database the platform opened.
  public var redoStore: any RedoSyncStore { RedoSQLStore(database: self) }
}
