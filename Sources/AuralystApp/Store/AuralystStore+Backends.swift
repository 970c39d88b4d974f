import HearthPlatform

extension HearthDatabase {
  /// Auralyst's tables, on whichever database the platform opened.
  public var auralystStore: any AuralystStore { AuralystSQLStore(database: self) }
}
