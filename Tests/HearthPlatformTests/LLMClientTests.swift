import Foundation
import HearthCore
import HearthTesting
import Hummingbird
import HummingbirdTesting
import NIOConcurrencyHelpers
import Testing

@testable import HearthPlatform

/// The model client against a fake OpenAI-compatible server on loopback.
@Suite struct LLMClientTests {
  @Test func speaksTheChatCompletionsProtocolAndClassifiesFailures() async throws {
    let seen = NIOLockedValueBox(FakeModel.Seen())
    try await FakeModel.server(seen).test(.live) { fake in
      let port = try #require(fake.port)
      let client = LLMClient(
        settings: .init(baseURL: "http://127.0.0.1:\(port)/v1/", model: "tiny", apiKey: "k-1"))

      let text = try await client.complete([.system("Be brief."), .user("hello")])
      #expect(text == "echo: hello")
      #expect(seen.withLockedValue { $0.authorization } == "Bearer k-1")
      #expect(seen.withLockedValue { $0.model } == "tiny")

      await #expect(throws: LLMClient.Failure.rateLimited(retryAfter: 7)) {
        try await client.complete([.user("busy")])
      }
      await #expect(throws: LLMClient.Failure.unavailable("HTTP 502")) {
        try await client.complete([.user("down")])
      }
      await #expect(throws: LLMClient.Failure.rejected(status: 400, message: "no such model")) {
        try await client.complete([.user("bad")])
      }
      await #expect(throws: LLMClient.Failure.malformed("{}")) {
        try await client.complete([.user("garbage")])
      }
    }
  }

  @Test func anUnreachableServerIsRetryable() async throws {
    let client = LLMClient(
      settings: .init(baseURL: "http://127.0.0.1:9", model: "m", apiKey: nil), timeout: .seconds(1))
    do {
      _ = try await client.complete([.user("hi")])
      Issue.record("expected a failure")
    } catch {
      #expect(error.isRetryable)
    }
  }

  @Test func theEnvironmentBuildsItFromConfiguration() async throws {
    let server = try await TestServer { config in
      config.llm = .init(baseURL: "http://127.0.0.1:1/v1", model: "local", apiKey: nil)
    }
    #expect(server.env.llm?.model == "local")
  }
}
