import HearthCore
import HearthHost
import HearthPlatform
import HearthTesting
import OnpuApp

/// The apps this target's tests run the server and the stores with.
let testedApps: [any HearthAppModule.Type] = [OnpuModule.self]

extension TestServer {
  init(
    clock: (any Clock<Duration>)? = nil, configure: (inout HearthConfig) -> Void = { _ in }
  ) async throws {
    try await self.init(apps: testedApps, clock: clock, configure: configure)
  }
}

extension StoreFactory {
  static let all = every(testedApps.map { $0.schema })
}

/// The configuration as `hearth` reads it: the platform's settings and the apps' sections.
func appConfig(_ env: [String: String]) throws -> HearthConfig {
  try HearthConfig.load(env, sections: testedApps.flatMap { $0.configSections })
}
