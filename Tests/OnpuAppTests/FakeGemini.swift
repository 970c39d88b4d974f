import Foundation
import HTTPTypes
import Hummingbird
import NIOConcurrencyHelpers
import NIOCore

/// A stand-in for Gemini's generateContent on loopback. Each request is answered by `reply`,
/// which sees the numbered lines asked for and the request's number; `hold` keeps answers back
/// until `release()`.
final class FakeGemini: Sendable {
  struct Asked: Sendable {
    var key: String?
    var lines: [String: String]
  }

  enum Reply: Sendable {
    case text(String)
    case status(Int)
  }

  let asked = NIOLockedValueBox<[Asked]>([])
  let held = NIOLockedValueBox<Bool>(false)
  let waiting = NIOLockedValueBox<[CheckedContinuation<Void, Never>]>([])
  let reply: @Sendable (_ lines: [String: String], _ request: Int) -> Reply

  init(
    hold: Bool = false,
    reply: @escaping @Sendable ([String: String], Int) -> Reply = FakeGemini.translateAll
  ) {
    held.withLockedValue { $0 = hold }
    self.reply = reply
  }

  /// "EN(line)" for every line asked, as a well-behaved model would answer.
  static func translateAll(_ lines: [String: String], _: Int) -> Reply {
    .text(json(lines.mapValues { "EN(\($0))" }))
  }

  static func json(_ object: [String: String]) -> String {
    let data = try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
    return String(decoding: data, as: UTF8.self)
  }

  func release() {
    held.withLockedValue { $0 = false }
    for continuation in waiting.withLockedValue({ list in
      defer { list = [] }
      return list
    }) {
      continuation.resume()
    }
  }

  func waitWhileHeld() async {
    await withCheckedContinuation { continuation in
      let hold = held.withLockedValue { held in
        if held { waiting.withLockedValue { $0.append(continuation) } }
        return held
      }
      if !hold { continuation.resume() }
    }
  }

  var application: some ApplicationProtocol {
    let router = Router()
    router.post("/v1beta/models/:call") { request, _ -> Response in
      let body = try await request.body.collect(upTo: 1 << 20)
      let json = try JSONSerialization.jsonObject(with: Data(buffer: body)) as? [String: Any]
      let contents = json?["contents"] as? [[String: Any]]
      let parts = contents?.first?["parts"] as? [[String: Any]]
      let text = parts?.first?["text"] as? String ?? "{}"
      let lines =
        (try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: String]) ?? [:]
      let number = self.asked.withLockedValue { asked in
        asked.append(Asked(key: request.headers[HTTPField.Name("x-goog-api-key")!], lines: lines))
        return asked.count
      }
      await self.waitWhileHeld()
      switch self.reply(lines, number) {
      case .status(let code):
        return Response(status: HTTPResponse.Status(code: code))
      case .text(let answer):
        let envelope: [String: Any] = [
          "candidates": [["content": ["parts": [["text": answer]], "role": "model"]]]
        ]
        let data = try JSONSerialization.data(withJSONObject: envelope)
        return Response(
          status: .ok, headers: [.contentType: "application/json"],
          body: .init(byteBuffer: ByteBuffer(bytes: data)))
      }
    }
    return Application(
      router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
  }
}
