import Foundation
import HearthCore
import HearthServer
import Hummingbird
import HummingbirdTesting
import NIOConcurrencyHelpers
import Testing

@testable import HearthPlatform

/// The model client against a fake OpenAI-compatible server on loopback.
@Suite struct LLMClientTests {
  struct Seen: Sendable {
    var authorization: String?
    var model: String?
    var lastMessage: String?
  }

  static func fakeModelServer(_ seen: NIOLockedValueBox<Seen>) -> some ApplicationProtocol {
    let router = Router()
    router.post("/v1/chat/completions") { request, context -> Response in
      let body = try await request.body.collect(upTo: 1 << 20)
      let json = try JSONSerialization.jsonObject(with: Data(buffer: body)) as? [String: Any]
      let messages = json?["messages"] as? [[String: Any]] ?? []
      let last = messages.last?["content"] as? String ?? ""
      seen.withLockedValue {
        $0.authorization = request.headers[.authorization]
        $0.model = json?["model"] as? String
        $0.lastMessage = last
      }
      switch last {
      case "busy":
        return Response(status: .tooManyRequests, headers: [.retryAfter: "7"])
      case "down":
        return Response(status: .badGateway)
      case "bad":
        return Response(
          status: .badRequest, body: .init(byteBuffer: ByteBuffer(string: "no such model")))
      case "garbage":
        return Response(status: .ok, body: .init(byteBuffer: ByteBuffer(string: "{}")))
      default:
        let reply = #"{"choices":[{"message":{"role":"assistant","content":"echo: \#(last)"}}]}"#
        return Response(
          status: .ok, headers: [.contentType: "application/json"],
          body: .init(byteBuffer: ByteBuffer(string: reply)))
      }
    }
    return Application(
      router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
  }

  @Test func speaksTheChatCompletionsProtocolAndClassifiesFailures() async throws {
    let seen = NIOLockedValueBox(Seen())
    try await Self.fakeModelServer(seen).test(.live) { fake in
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
