import Foundation
import Hummingbird
import NIOConcurrencyHelpers

/// A fake OpenAI-compatible chat completions server on loopback, recording what it was asked.
public enum FakeModel {
  public struct Seen: Sendable {
    public var authorization: String?
    public var model: String?
    public var lastMessage: String?
    public init() {}
  }

  /// Answers "busy" with 429, "down" with 502, "bad" with 400, "garbage" with an empty
  /// object, a message over 2,000 characters with OpenAI's context_length_exceeded, and
  /// anything else with "echo: " and the last message.
  public static func server(_ seen: NIOLockedValueBox<Seen>) -> some ApplicationProtocol {
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
      if last.count > 2000 {
        let overflow =
          #"{"error":{"message":"This model's maximum context length is 512 tokens.","code":"context_length_exceeded"}}"#
        return Response(
          status: .badRequest, headers: [.contentType: "application/json"],
          body: .init(byteBuffer: ByteBuffer(string: overflow)))
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
}
