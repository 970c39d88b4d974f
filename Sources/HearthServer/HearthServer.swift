import AuralystApp
import HearthCore
import HearthEngines
import HearthHost
import HearthPlatform
import HearthSQL
import OnpuApp
import RedoApp
import SofterApp

/// The composition root: the apps this server hosts, in the order the header lists them.
public enum HearthServer {
  public static let apps: [any HearthAppModule.Type] = [
    SofterModule.self,
    RedoModule.self,
    AuralystModule.self,
    OnpuModule.self,
  ]

  /// Every app's configuration section, read beside the platform's settings.
  public static var configSections: [any ConfigSection.Type] {
    [PushConfig.self] + apps.flatMap { $0.configSections }
  }
}

extension HearthApplication {
  /// The server with every app.
  public init(env: HearthEnvironment) {
    self.init(env: env, modules: HearthServer.apps)
  }
}

extension Bootstrap {
  /// The environment with every app's tables up to date.
  public static func environment(
    _ config: HearthConfig, database: (any HearthDatabase)? = nil
  ) async throws -> HearthEnvironment {
    try await environment(
      config, apps: HearthServer.apps,
      database: database ?? openDatabase(config, logger: logger(config)))
  }
}

extension HearthServer {
  /// Every app's tables, for `HearthDatabase.migrate`.
  public static var schemas: [AppSchema] { apps.map { $0.schema } }
}
