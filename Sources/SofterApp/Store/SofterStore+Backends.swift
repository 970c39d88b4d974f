import HearthPlatform

extension HearthDatabase {
  /// Softer's tables, on whichever database the platform opened.
  public var softerStore: any SofterStore { SofterSQLStore(database: self) }
}
