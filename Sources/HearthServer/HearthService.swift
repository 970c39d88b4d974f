import HearthCore
import HearthEngines
import HearthHost
import HearthPlatform
import Logging
import ServiceLifecycle

/// `hearth serve` or `hearth worker` as one service beside the database's pool: it brings the
/// tables up to date, checks what each app needs, then runs the HTTP server (serve only), live
/// events, the job worker and the housekeeping until the group shuts down.
struct HearthService: Service {
  enum Role { case serve, worker }

  let config: HearthConfig
  let database: any HearthDatabase
  let role: Role

  func run() async throws {
    let env = try await Bootstrap.environment(config, database: database)
    let app = HearthApplication(env: env)
    try app.prepare()
    let services: [any Service]
    switch role {
    case .serve: services = app.services()
    case .worker:
      services = [app.hub, app.worker(), Housekeeping(env: env)]
      env.logger.notice("Hearth worker started (\(env.database.kindName))")
    }
    Bootstrap.returnFreedMemory()
    try await ServiceGroup(configuration: .init(services: services, logger: env.logger)).run()
  }

  /// Runs `role` until SIGTERM or SIGINT, in one service group with the database's pool, which
  /// the group starts first and stops last.
  static func run(_ role: Role, config: HearthConfig) async throws {
    Bootstrap.raiseOpenFileLimit()
    let logger = Bootstrap.logger(config)
    let database = try Bootstrap.openDatabase(config, logger: logger, inServiceGroup: true)
    let hearth = HearthService(config: config, database: database, role: role)
    let group = ServiceGroup(
      configuration: .init(
        services: Bootstrap.services(of: database) + [hearth],
        gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
    try await group.run()
    try await database.close()
  }
}
