import AsyncHTTPClient
import Foundation
import HearthCore
import HearthPlatform
import Logging
import NIOCore
import OnpuCore

/// A language model that answers one system + user exchange with text.
public protocol OnpuTranslator: Sendable {
  var name: String { get }
  func complete(system: String, user: String) async throws(LLMClient.Failure) -> String
}

extension LLMClient: OnpuTranslator {
  public var name: String { "model \(model)" }

  public func complete(system: String, user: String) async throws(LLMClient.Failure) -> String {
    try await complete([.system(system), .user(user)], temperature: 0.3)
  }
}

/// Google's Gemini generateContent API, key in x-goog-api-key, over real HTTP.
public struct GeminiClient: OnpuTranslator {
  let baseURL: String
  let model: String
  let apiKey: String
  let timeout: TimeAmount
  let http: HTTPClient

  public init(
    baseURL: String, model: String, apiKey: String, timeoutSeconds: Int,
    http: HTTPClient = .shared
  ) {
    self.baseURL = baseURL
    self.model = model
    self.apiKey = apiKey
    self.timeout = .seconds(Int64(timeoutSeconds))
    self.http = http
  }

  public var name: String { "Gemini \(model)" }

  struct Answer: Decodable {
    struct Candidate: Decodable {
      struct Content: Decodable {
        struct Part: Decodable { var text: String? }
        var parts: [Part]?
      }
      var content: Content?
    }
    var candidates: [Candidate]?
  }

  public func complete(system: String, user: String) async throws(LLMClient.Failure) -> String {
    var request = HTTPClientRequest(url: "\(baseURL)/models/\(model):generateContent")
    request.method = .POST
    request.headers.add(name: "Content-Type", value: "application/json")
    request.headers.add(name: "x-goog-api-key", value: apiKey)
    let body: [String: Any] = [
      "systemInstruction": ["parts": [["text": system]]],
      "contents": [["role": "user", "parts": [["text": user]]]],
      "generationConfig": ["temperature": 0.3, "responseMimeType": "application/json"],
    ]
    guard let encoded = try? JSONSerialization.data(withJSONObject: body) else {
      throw .malformed("the request could not be encoded")
    }
    request.body = .bytes(ByteBuffer(bytes: encoded))
    let data = try await LLMClient.post(request, http: http, timeout: timeout)
    guard let answer = try? JSONDecoder().decode(Answer.self, from: Data(buffer: data)),
      let text = answer.candidates?.first?.content?.parts?.compactMap(\.text).joined(),
      !text.isEmpty
    else { throw .malformed("Gemini returned no text: \(String(buffer: data).prefix(200))") }
    return text
  }
}

/// Translates a song's lines in numbered batches. A call that fails in a way worth retrying
/// (429, 5xx, network) is tried again after 1, 2 and 4 seconds; lines an answer leaves out are
/// asked for once more on their own; whatever is still missing stays missing, on its own line.
public struct OnpuTranslation: Sendable {
  public enum State: String, Sendable {
    case complete, partial, failed, off
  }

  public let translator: (any OnpuTranslator)?
  public var backoff: [Duration] = [.seconds(1), .seconds(2), .seconds(4)]
  public var batchSize = 40

  public init(translator: (any OnpuTranslator)?) { self.translator = translator }

  public init(config: OnpuConfig, llm: LLMClient?) {
    switch config.translator {
    case .gemini:
      self.init(
        translator: config.geminiAPIKey.map {
          GeminiClient(
            baseURL: config.geminiBaseURL, model: config.geminiModel, apiKey: $0,
            timeoutSeconds: config.geminiTimeoutSeconds)
        })
    case .llm: self.init(translator: llm)
    case .off: self.init(translator: nil)
    }
  }

  public struct Outcome: Sendable {
    public var translations: [String?]
    public var state: State
    /// The last call's failure, when one failed: why lines are missing.
    public var failure: (any Error)?
  }

  /// Throws only CancellationError: a shutdown must not store a song half translated.
  public func translate(_ lines: [String], logger: Logger) async throws -> ([String?], State) {
    let outcome = try await outcome(lines, logger: logger)
    return (outcome.translations, outcome.state)
  }

  public func outcome(_ lines: [String], logger: Logger) async throws -> Outcome {
    guard let translator else {
      return Outcome(translations: Array(repeating: nil, count: lines.count), state: .off)
    }
    var failure: (any Error)?
    var translations = [String?](repeating: nil, count: lines.count)
    for start in stride(from: 0, to: lines.count, by: batchSize) {
      var wanted = Array(start..<min(lines.count, start + batchSize))
      for round in 0..<2 where !wanted.isEmpty {
        let request = NumberedTranslation.request(wanted.map { ($0, lines[$0]) })
        do {
          let answer = try await call(translator, request)
          let found = NumberedTranslation.parse(answer, numbers: Set(wanted))
          for (number, text) in found { translations[number] = text }
          wanted.removeAll { found[$0] != nil }
          if !wanted.isEmpty {
            logger.warning(
              "The translation left out lines",
              metadata: ["round": "\(round + 1)", "lines": "\(wanted.map { $0 + 1 })"])
          }
        } catch {
          try Task.checkCancellation()
          failure = error
          logger.warning(
            "Translation failed", metadata: ["by": "\(translator.name)", "error": "\(error)"])
          break
        }
      }
    }
    let missing = translations.filter { $0 == nil }.count
    let state: State =
      missing == 0 ? .complete : missing == lines.count ? .failed : .partial
    return Outcome(translations: translations, state: state, failure: failure)
  }

  func call(_ translator: any OnpuTranslator, _ request: String) async throws(LLMClient.Failure)
    -> String
  {
    var attempt = 0
    while true {
      do {
        return try await translator.complete(
          system: NumberedTranslation.instructions, user: request)
      } catch  where error.isRetryable && attempt < backoff.count && !Task.isCancelled {
        try? await Task.sleep(for: backoff[attempt])
        attempt += 1
      }
    }
  }
}
