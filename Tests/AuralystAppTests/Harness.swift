import AuralystApp
import HearthCore
import HearthHost
import HearthPlatform
import HearthTesting

/// The apps this target's tests run the server and the stores with.
let testedApps: [any HearthAppModule.Type] = [AuralystModule.self]

extension TestServer {
  init(configure: (inout HearthConfig) -> Void = { _ in }) async throws {
    try await self.init(apps: testedApps, configure: configure)
  }
}

extension StoreFactory {
  static let all = every(testedApps.map { $0.schema })
}
