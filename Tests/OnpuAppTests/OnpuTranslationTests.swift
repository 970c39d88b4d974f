import Foundation
import HearthCore
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import OnpuCore
import Testing

@testable import HearthPlatform
@testable import OnpuApp

/// Translation through the real Gemini client against a fake Gemini on loopback: whatever the
/// model answers, line N's translation is line N's or missing, never a neighbour's.
@Suite struct OnpuTranslationTests {
  static let lines = ["夏草や", "兵どもが", "夢の跡"]
  static let logger = Logger(label: "test")

  func translation(port: Int) -> OnpuTranslation {
    var translation = OnpuTranslation(
      translator: GeminiClient(
        baseURL: "http://127.0.0.1:\(port)/v1beta", model: "fake", apiKey: "key-1",
        // Long enough that a loaded machine's slow answer is never taken for a lost one.
        timeoutSeconds: 60))
    translation.backoff = [.milliseconds(10), .milliseconds(20), .milliseconds(40)]
    return translation
  }

  @Test func aSkippedLineIsAskedForAgainAndLandsOnItsOwnLine() async throws {
    let fake = FakeGemini { lines, number in
      // The first answer leaves line 1 out.
      number == 1
        ? .text(FakeGemini.json(["0": "EN(夏草や)", "2": "EN(夢の跡)"]))
        : FakeGemini.translateAll(lines, number)
    }
    try await fake.application.test(.live) { client in
      let (translations, state) = try await translation(port: try #require(client.port))
        .translate(Self.lines, logger: Self.logger)
      #expect(translations == ["EN(夏草や)", "EN(兵どもが)", "EN(夢の跡)"])
      #expect(state == .complete)
      #expect(fake.asked.withLockedValue { $0.map(\.lines.keys.count) } == [3, 1])
      #expect(fake.asked.withLockedValue { $0.first?.key } == "key-1")
    }
  }

  @Test func aLineNeverAnsweredStaysMissing() async throws {
    let fake = FakeGemini { lines, _ in
      var answer = lines.filter { $0.key != "1" }.mapValues { "EN(\($0))" }
      answer["note"] = "not a line number"
      return .text("```json\n" + FakeGemini.json(answer) + "\n```")
    }
    try await fake.application.test(.live) { client in
      let (translations, state) = try await translation(port: try #require(client.port))
        .translate(Self.lines, logger: Self.logger)
      #expect(translations == ["EN(夏草や)", nil, "EN(夢の跡)"])
      #expect(state == .partial)
    }
  }

  /// A model that numbers from 1 shifts every line by one; the answer names a line that was
  /// not asked for, so it is thrown away whole rather than taken shifted.
  @Test func aRenumberedAnswerIsNeverTakenShifted() async throws {
    let fake = FakeGemini { lines, _ in
      let shifted = Dictionary(
        uniqueKeysWithValues: lines.map { ("\(Int($0.key)! + 1)", "EN(\($0.value))") })
      return .text(FakeGemini.json(shifted))
    }
    try await fake.application.test(.live) { client in
      let (translations, state) = try await translation(port: try #require(client.port))
        .translate(Self.lines, logger: Self.logger)
      #expect(translations == [nil, nil, nil])
      #expect(state == .failed)
      // Asked twice: once for all, once more for the ones still missing.
      #expect(fake.asked.withLockedValue { $0.count } == 2)
    }
  }

  @Test func linesAreAskedInTheSongsOrder() {
    let request = NumberedTranslation.request((0..<12).map { ($0, "line \($0)") })
    #expect(request.hasPrefix(#"{"0":"line 0","1":"line 1","2":"line 2""#))
    #expect(request.hasSuffix(#""10":"line 10","11":"line 11"}"#))
  }

  @Test func busyAndFailingServersAreRetriedThenGivenUp() async throws {
    let fake = FakeGemini { lines, number in
      number <= 2 ? .status(number == 1 ? 429 : 503) : FakeGemini.translateAll(lines, number)
    }
    try await fake.application.test(.live) { client in
      let (translations, state) = try await translation(port: try #require(client.port))
        .translate(Self.lines, logger: Self.logger)
      #expect(state == .complete && translations.allSatisfy { $0 != nil })
      #expect(fake.asked.withLockedValue { $0.count } == 3)
    }
    let rejecting = FakeGemini { _, _ in .status(400) }
    try await rejecting.application.test(.live) { client in
      let (translations, state) = try await translation(port: try #require(client.port))
        .translate(Self.lines, logger: Self.logger)
      #expect(state == .failed && translations == [nil, nil, nil])
      // A 400 is not retried.
      #expect(rejecting.asked.withLockedValue { $0.count } == 1)
    }
    let down = FakeGemini { _, _ in .status(502) }
    try await down.application.test(.live) { client in
      _ = try await translation(port: try #require(client.port)).translate(
        Self.lines, logger: Self.logger)
      // The first try and three retries.
      #expect(down.asked.withLockedValue { $0.count } == 4)
    }
  }

  /// The platform's model client (HEARTH_LLM_*) as the translator, against a fake
  /// OpenAI-compatible server that answers the numbered lines in the reverse order of keys.
  @Test func thePlatformModelTranslatesTheSameWay() async throws {
    let router = Router()
    router.post("/v1/chat/completions") { request, _ -> Response in
      let body = try await request.body.collect(upTo: 1 << 20)
      let json = try JSONSerialization.jsonObject(with: Data(buffer: body)) as? [String: Any]
      let messages = json?["messages"] as? [[String: Any]] ?? []
      let asked =
        (messages.last?["content"] as? String).flatMap {
          try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: String]
        } ?? [:]
      let answer = FakeGemini.json(asked.mapValues { "EN(\($0))" })
      let reply: [String: Any] = [
        "choices": [["message": ["role": "assistant", "content": answer]]]
      ]
      return Response(
        status: .ok, headers: [.contentType: "application/json"],
        body: .init(
          byteBuffer: ByteBuffer(bytes: try JSONSerialization.data(withJSONObject: reply))))
    }
    let fake = Application(
      router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
    try await fake.test(.live) { client in
      let llm = LLMClient(
        settings: .init(
          baseURL: "http://127.0.0.1:\(try #require(client.port))/v1", model: "tiny", apiKey: nil))
      let (translations, state) = try await OnpuTranslation(translator: llm).translate(
        Self.lines, logger: Self.logger)
      #expect(state == .complete)
      #expect(translations == ["EN(夏草や)", "EN(兵どもが)", "EN(夢の跡)"])
    }
  }

  @Test func theDefaultBackoffIsOneTwoFourSeconds() {
    #expect(OnpuTranslation(translator: nil).backoff == [.seconds(1), .seconds(2), .seconds(4)])
  }

  @Test func withoutATranslatorTranslationsAreOff() async throws {
    let (translations, state) = try await OnpuTranslation(translator: nil).translate(
      Self.lines, logger: Self.logger)
    #expect(state == .off && translations == [nil, nil, nil])
  }

  @Test func theConfigurationChoosesTheTranslator() throws {
    let gemini = try appConfig(["GEMINI_API_KEY": "k"])
    #expect(gemini.onpu.translator == .gemini)
    let model = try appConfig([
      "HEARTH_LLM_BASE_URL": "http://127.0.0.1:1/v1", "HEARTH_LLM_MODEL": "m",
    ])
    #expect(model.onpu.translator == .llm)
    #expect(try appConfig([:]).onpu.translator == .off)
    #expect(throws: HearthConfig.Error.self) {
      try appConfig(["ONPU_TRANSLATOR": "gemini"])
    }
    // A setting of false means false: the gates stay off.
    let off = try appConfig(["ONPU_APP_HEADER": "false", "ONPU_DEV_BYPASS_TOKEN": "FALSE"])
    #expect(off.onpu.appHeader == nil && off.onpu.devBypassToken == nil)
    #expect(throws: HearthConfig.Error.self) {
      try appConfig([
        "HEARTH_ENV": "production", "ONPU_DEV_BYPASS_TOKEN": "0123456789abcdef",
      ])
    }
  }
}
