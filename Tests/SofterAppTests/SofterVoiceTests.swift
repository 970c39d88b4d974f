import Foundation
import HearthCore
import HearthTesting
import Hummingbird
import HummingbirdTesting
import NIOConcurrencyHelpers
import Testing

@testable import HearthPlatform
@testable import SofterApp

/// Lightward's client against a fake `/api/plain` on loopback that records what it receives.
@Suite struct SofterVoiceTests {
  struct Received: Sendable {
    var contentType: String?
    var body: String
  }

  /// "slow" is answered only once `held` finishes: after the client has given up on it.
  static func fakeLightward(
    _ received: NIOLockedValueBox<[Received]>, held: AsyncStream<Void> = AsyncStream { $0.finish() }
  ) -> some ApplicationProtocol {
    let router = Router()
    router.post("/api/plain") { request, context -> Response in
      let body = String(buffer: try await request.body.collect(upTo: 1 << 20))
      received.withLockedValue {
        $0.append(Received(contentType: request.headers[.contentType], body: body))
      }
      func text(_ status: HTTPResponse.Status, _ text: String, headers: HTTPFields = [:])
        -> Response
      {
        Response(
          status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: text)))
      }
      switch body {
      case "full": return text(.unprocessableContent, "Conversation horizon has arrived. 🤲")
      case "full, quietly": return text(.unprocessableContent, "")
      case "busy":
        return text(
          .tooManyRequests, "paced\n\nRetry-After: 12 seconds", headers: [.retryAfter: "12"])
      case "": return text(.badRequest, "No message provided.")
      case "broken": return text(.badGateway, "An error occurred.")
      case "slow":
        for await _ in held {}
        return text(.ok, "late")
      default: return text(.ok, "I hear: \(body)")
      }
    }
    return Application(
      router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
  }

  @Test func speaksPlainTextAndSortsEveryAnswer() async throws {
    let received = NIOLockedValueBox<[Received]>([])
    let (held, answerLate) = AsyncStream<Void>.makeStream()
    try await Self.fakeLightward(received, held: held).test(.live) { fake in
      let url = "http://127.0.0.1:\(try #require(fake.port))/api/plain"
      // However loaded the machine, an answer comes within this; "slow" never does.
      let client = LightwardClient(url: url, timeoutSeconds: 30)
      #expect(client.seatedName == "Lightward")
      #expect(
        try await client.answer("Isaac: hi ✨\n\n(your turn)")
          == .reply("I hear: Isaac: hi ✨\n\n(your turn)"))
      #expect(received.withLockedValue { $0.first?.contentType } == "text/plain; charset=utf-8")
      #expect(try await client.answer("full") == .horizon("Conversation horizon has arrived. 🤲"))
      #expect(
        try await client.answer("full, quietly") == .horizon(LightwardClient.defaultHorizonText))
      await #expect(throws: SofterVoiceFailure.rateLimited(retryAfter: 12)) {
        try await client.answer("busy")
      }
      await #expect(
        throws: SofterVoiceFailure.failed("Lightward answered HTTP 400: No message provided.")
      ) {
        try await client.answer("")
      }
      await #expect(
        throws: SofterVoiceFailure.failed("Lightward answered HTTP 502: An error occurred.")
      ) {
        try await client.answer("broken")
      }
      // Past the timeout the request is given up, as a failure to retry.
      defer { answerLate.finish() }
      do {
        _ = try await LightwardClient(url: url, timeoutSeconds: 1).answer("slow")
        Issue.record("a request past its timeout should fail")
      } catch {
        guard case .failed(let reason)? = error as? SofterVoiceFailure else {
          Issue.record("unexpected \(error)")
          return
        }
        #expect(reason.hasPrefix("Lightward could not be reached"))
      }
    }
  }

  @Test func anUnreachableLightwardIsAFailureToRetry() async throws {
    let client = LightwardClient(url: "http://127.0.0.1:9/api/plain", timeoutSeconds: 1)
    await #expect(throws: SofterVoiceFailure.self) { try await client.answer("hello") }
  }

  @Test func theModelCanTakeLightwardsSeat() async throws {
    let seen = NIOLockedValueBox(FakeModel.Seen())
    try await FakeModel.server(seen).test(.live) { fake in
      let model = LLMClient(
        settings: .init(
          baseURL: "http://127.0.0.1:\(try #require(fake.port))/v1", model: "tiny", apiKey: nil))
      let voice = ModelVoice(client: model)
      #expect(voice.seatedName == "a local model (tiny)")
      #expect(try await voice.answer("the body") == .reply("echo: the body"))
      #expect(seen.withLockedValue { $0.lastMessage } == "the body")
      await #expect(throws: SofterVoiceFailure.rateLimited(retryAfter: 7)) {
        try await voice.answer("busy")
      }
      await #expect(throws: SofterVoiceFailure.self) { try await voice.answer("down") }
      await #expect(throws: SofterVoiceFailure.self) { try await voice.answer("bad") }
      // A room longer than the model's context reaches the horizon instead of failing.
      #expect(
        try await voice.answer(String(repeating: "a long room ", count: 200))
          == .horizon(LightwardClient.defaultHorizonText))
    }
  }

  @Test func theConfigurationChoosesTheVoice() throws {
    #expect(try appConfig([:]).softer.lightwardURL == "https://lightward.com/api/plain")
    #expect(throws: HearthConfig.Error.self) { try appConfig(["SOFTER_VOICE": "llm"]) }
    #expect(throws: HearthConfig.Error.self) { try appConfig(["SOFTER_VOICE": "robot"]) }
    #expect(throws: HearthConfig.Error.self) {
      try appConfig(["SOFTER_LIGHTWARD_URL": "ftp://x"])
    }
    #expect(throws: HearthConfig.Error.self) {
      try appConfig(["SOFTER_LIGHTWARD_TIMEOUT_SECONDS": "0"])
    }
    let config = try appConfig([
      "SOFTER_VOICE": "llm", "HEARTH_LLM_BASE_URL": "http://127.0.0.1:1/v1",
      "HEARTH_LLM_MODEL": "m",
      "SOFTER_LIGHTWARD_TIMEOUT_SECONDS": "120",
    ])
    #expect(config.softer.voice == .llm && config.softer.lightwardTimeoutSeconds == 120)
  }
}

/// The configuration as `hearth` reads it: the platform's settings and the apps' sections.
func appConfig(_ env: [String: String]) throws -> HearthConfig {
  try HearthConfig.load(env, sections: testedApps.flatMap { $0.configSections })
}
