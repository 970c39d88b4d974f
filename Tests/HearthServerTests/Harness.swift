import HearthCore
import HearthHost
import HearthPlatform
import HearthServer
import HearthTesting

/// The apps this target's tests run the server and the stores with.
let testedApps: [any HearthAppModule.Type] = HearthServer.apps

extension TestServer {
  init(configure: (inout HearthConfig) -> Void = { _ in }) async throws {
    try await self.init(apps: testedApps, configure: configure)
  }
}
