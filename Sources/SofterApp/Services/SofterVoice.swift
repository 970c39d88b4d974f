import AsyncHTTPClient
import Foundation
import HearthCore
import HearthPlatform
import NIOCore

/// Whoever sits in Lightward's chair in a Softer room: Lightward's own API, or the platform's
/// model. Given the room's plain-text body, it answers or says the conversation is full.
public protocol SofterVoice: Sendable {
  /// Shown in the room: who is seated.
  var seatedName: String { get }
  func answer(_ body: String) async throws(SofterVoiceFailure) -> SofterVoiceAnswer
}

public enum SofterVoiceAnswer: Equatable, Sendable {
  case reply(String)
  /// Lightward's 422: the body is full; its text is Lightward's last speech.
  case horizon(String)
}

/// Every failure is worth another attempt; none is ever read as a decline or a departure.
public enum SofterVoiceFailure: Error, Equatable, Sendable {
  /// 429: the answer is paced; try again after the given seconds when the server said.
  case rateLimited(retryAfter: Int?)
  /// 400, 5xx, a timeout or a broken connection, said in words for the room.
  case failed(String)

  /// What happened, for the people in the room.
  public var explanation: String {
    switch self {
    case .rateLimited: "Lightward is pacing requests."
    case .failed(let text): text
    }
  }
}

/// Lightward's `POST /api/plain`: the whole conversation as `text/plain`, one answer when it
/// has finished.
public struct LightwardClient: SofterVoice {
  public static let defaultHorizonText = "Conversation horizon has arrived. 🤲"

  let url: String
  let http: HTTPClient
  let timeout: TimeAmount

  public init(url: String, timeoutSeconds: Int, http: HTTPClient = .shared) {
    self.url = url
    self.http = http
    timeout = .seconds(Int64(timeoutSeconds))
  }

  public var seatedName: String { "Lightward" }

  public func answer(_ body: String) async throws(SofterVoiceFailure) -> SofterVoiceAnswer {
    var request = HTTPClientRequest(url: url)
    request.method = .POST
    request.headers.add(name: "Content-Type", value: "text/plain; charset=utf-8")
    request.body = .bytes(ByteBuffer(string: body))
    let status: Int
    let retryAfter: String?
    let text: String
    do {
      let response = try await http.execute(request, timeout: timeout)
      status = Int(response.status.code)
      retryAfter = response.headers.first(name: "Retry-After")
      text = String(buffer: try await response.body.collect(upTo: 4 << 20))
    } catch let error as HTTPClientError
      where [.deadlineExceeded, .connectTimeout, .readTimeout].contains(error)
    {
      throw .failed("Lightward could not be reached: it did not answer in time.")
    } catch {
      throw .failed("Lightward could not be reached: the connection failed.")
    }
    switch status {
    case 200..<300:
      return .reply(text)
    case 422:
      let speech = text.trimmingCharacters(in: .whitespacesAndNewlines)
      return .horizon(speech.isEmpty ? Self.defaultHorizonText : speech)
    case 429:
      throw .rateLimited(
        retryAfter: retryAfter.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) })
    default:
      throw .failed("Lightward answered HTTP \(status): \(text.prefix(200))")
    }
  }
}

/// The platform's model in Lightward's chair (SOFTER_VOICE=llm): the same body, as one user
/// message. A model's horizon is its context window: a room that no longer fits reaches it, as
/// it would reach Lightward's, and Lightward departs instead of failing on every attempt.
public struct ModelVoice: SofterVoice {
  let client: LLMClient

  public init(client: LLMClient) {
    self.client = client
  }

  public var seatedName: String { "a local model (\(client.model))" }

  public func answer(_ body: String) async throws(SofterVoiceFailure) -> SofterVoiceAnswer {
    do {
      return .reply(try await client.complete([.user(body)]))
    } catch .rateLimited(let seconds) {
      throw .rateLimited(retryAfter: seconds)
    } catch .rejected(let status, let message) where Self.isContextOverflow(status, message) {
      return .horizon(LightwardClient.defaultHorizonText)
    } catch {
      throw .failed("the model failed: \(error)")
    }
  }

  /// How OpenAI, vLLM, llama.cpp and Ollama say that a request is longer than the model's
  /// context window.
  static func isContextOverflow(_ status: Int, _ message: String) -> Bool {
    let message = message.lowercased()
    return [400, 413].contains(status)
      && ["context_length_exceeded", "context length", "context size", "context window"]
        .contains { message.contains($0) }
  }
}
