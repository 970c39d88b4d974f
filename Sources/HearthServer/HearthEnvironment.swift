import Foundation
import HearthCore
import HearthStore
import Logging

/// Everything the server reaches outside itself, built once per process.
public struct HearthEnvironment: Sendable {
  public var config: HearthConfig
  public var database: any HearthDatabase
  public var tokens: TokenService
  public var now: @Sendable () -> Date
  public var newID: @Sendable () -> String
  public var logger: Logger
  /// The shared model client, when HEARTH_LLM_BASE_URL is set.
  public var llm: LLMClient?

  public init(
    config: HearthConfig, database: any HearthDatabase, secret: String,
    now: @escaping @Sendable () -> Date = { Date() },
    newID: @escaping @Sendable () -> String = { UUID().uuidString.lowercased() },
    logger: Logger
  ) {
    self.config = config
    self.database = database
    self.tokens = TokenService(secret: secret)
    self.now = now
    self.newID = newID
    self.logger = logger
    self.llm = config.llm.map { LLMClient(settings: $0) }
  }
}
