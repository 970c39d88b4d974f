import HearthPlatform

extension HearthDatabase {
  /// Onpu's tables, on whichever database the platform opened.
  public var onpuStore: any OnpuStore { OnpuSQLStore(database: self) }
}
