import AsyncHTTPClient
import Foundation
import HearthCore
import NIOCore
import NIOHTTP1

/// The platform's one client for an OpenAI-compatible chat model (HEARTH_LLM_*), for the apps
/// that want a language model. It speaks real HTTP; tests point it at a local fake server.
public struct LLMClient: Sendable {
  public struct Message: Codable, Equatable, Sendable {
    public var role: String
    public var content: String

    public init(role: String, content: String) {
      self.role = role
      self.content = content
    }

    public static func system(_ text: String) -> Message { Message(role: "system", content: text) }
    public static func user(_ text: String) -> Message { Message(role: "user", content: text) }
  }

  public enum Failure: Error, Equatable, Sendable {
    /// 429: try again after the given seconds, when the server said.
    case rateLimited(retryAfter: Int?)
    /// 5xx, a timeout or a broken connection: worth retrying.
    case unavailable(String)
    /// Any other non-2xx: retrying the same request will not help.
    case rejected(status: Int, message: String)
    /// A 2xx whose body is not a chat completion.
    case malformed(String)

    public var isRetryable: Bool {
      switch self {
      case .rateLimited, .unavailable: true
      case .rejected, .malformed: false
      }
    }
  }

  package let settings: HearthConfig.LLM
  package let http: HTTPClient
  package let timeout: TimeAmount

  public init(
    settings: HearthConfig.LLM, http: HTTPClient = .shared, timeout: TimeAmount = .seconds(120)
  ) {
    self.settings = settings
    self.http = http
    self.timeout = timeout
  }

  public var model: String { settings.model }

  package struct Request: Encodable {
    var model: String
    var messages: [Message]
    var temperature: Double?
    var maxTokens: Int?

    enum CodingKeys: String, CodingKey {
      case model, messages, temperature
      case maxTokens = "max_tokens"
    }
  }

  package struct Completion: Decodable {
    struct Choice: Decodable {
      var message: Message
    }
    var choices: [Choice]
  }

  /// Sends `messages` and returns the text of the first choice.
  public func complete(
    _ messages: [Message], temperature: Double? = nil, maxTokens: Int? = nil
  ) async throws(Failure) -> String {
    let base =
      settings.baseURL.hasSuffix("/") ? String(settings.baseURL.dropLast()) : settings.baseURL
    var request = HTTPClientRequest(url: base + "/chat/completions")
    request.method = .POST
    request.headers.add(name: "Content-Type", value: "application/json")
    if let key = settings.apiKey {
      request.headers.add(name: "Authorization", value: "Bearer \(key)")
    }
    let body = Request(
      model: settings.model, messages: messages, temperature: temperature, maxTokens: maxTokens)
    guard let encoded = try? JSONEncoder().encode(body) else {
      throw .malformed("the request could not be encoded")
    }
    request.body = .bytes(ByteBuffer(bytes: encoded))
    let data = try await Self.post(request, http: http, timeout: timeout)
    guard let completion = try? JSONDecoder().decode(Completion.self, from: Data(buffer: data)),
      let text = completion.choices.first?.message.content
    else { throw .malformed(String(buffer: data).prefix(200).description) }
    return text
  }

  /// Sends a model request and returns the body of a 2xx answer; anything else becomes the
  /// failure it stands for (429 with its Retry-After, 5xx and network errors worth retrying).
  package static func post(_ request: HTTPClientRequest, http: HTTPClient, timeout: TimeAmount)
    async throws(Failure) -> ByteBuffer
  {
    let status: Int
    let headers: HTTPHeaders
    let data: ByteBuffer
    do {
      let response = try await http.execute(request, timeout: timeout)
      status = Int(response.status.code)
      headers = response.headers
      data = try await response.body.collect(upTo: 8 << 20)
    } catch {
      throw .unavailable(String(describing: error))
    }
    switch status {
    case 200..<300:
      return data
    case 429:
      throw .rateLimited(retryAfter: headers.first(name: "Retry-After").flatMap { Int($0) })
    case 500..<600:
      throw .unavailable("HTTP \(status)")
    default:
      throw .rejected(status: status, message: String(buffer: data).prefix(200).description)
    }
  }
}
