import AsyncHTTPClient
import CanonicalJSON
import Foundation
import NIOCore
import NIOHTTP1

/// The Hearth JSON API as the redo CLI uses it. Only `login`, `sync` and sharing reach it.
struct HearthClient {
  let baseURL: String
  var accessToken: String?

  init(baseURL: String, accessToken: String? = nil) {
    self.baseURL = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
    self.accessToken = accessToken
  }

  func get(_ path: String) async throws -> JSON {
    try await send(.GET, path, body: nil)
  }

  func post(_ path: String, _ body: JSON) async throws -> JSON {
    try await send(.POST, path, body: try body.canonicalBytes())
  }

  func delete(_ path: String) async throws -> JSON {
    try await send(.DELETE, path, body: nil)
  }

  func post(_ path: String, rawBody: [UInt8]) async throws -> JSON {
    try await send(.POST, path, body: rawBody)
  }

  /// Calls `onOpen` once the stream is open (the server has fixed where it starts), then
  /// `onEvent` with the type of each live event until the server ends the stream.
  func streamEvents(
    maxSeconds: Int, onOpen: () async throws -> Void,
    onEvent: (String) async throws -> Void
  ) async throws {
    var request = HTTPClientRequest(url: baseURL + "/api/events?maxSeconds=\(maxSeconds)")
    request.headers.add(name: "Accept", value: "text/event-stream")
    if let accessToken {
      request.headers.add(name: "Authorization", value: "Bearer \(accessToken)")
    }
    let response = try await HTTPClient.shared.execute(
      request, timeout: .seconds(Int64(maxSeconds + 60)))
    guard response.status.code == 200 else {
      throw CLIError("\(baseURL) answered \(response.status.code) to the event stream")
    }
    try await onOpen()
    var pending: [UInt8] = []
    for try await chunk in response.body {
      pending += Array(buffer: chunk)
      while let newline = pending.firstIndex(of: 0x0A) {
        let line = pending[..<newline]
        pending.removeSubrange(...newline)
        guard line.starts(with: Array("data:".utf8)),
          let event = try? JSONParser.parse(Array(line.dropFirst(5).drop { $0 == 0x20 })),
          let type = event["type"]?.stringValue
        else { continue }
        try await onEvent(type)
      }
    }
  }

  private func send(_ method: HTTPMethod, _ path: String, body: [UInt8]?) async throws -> JSON {
    var request = HTTPClientRequest(url: baseURL + path)
    request.method = method
    request.headers.add(name: "Accept", value: "application/json")
    request.headers.add(name: "User-Agent", value: "redo-cli")
    if let accessToken {
      request.headers.add(name: "Authorization", value: "Bearer \(accessToken)")
    }
    if let body {
      request.headers.add(name: "Content-Type", value: "application/json")
      request.body = .bytes(ByteBuffer(bytes: body))
    }
    let response: HTTPClientResponse
    do {
      response = try await HTTPClient.shared.execute(request, timeout: .seconds(60))
    } catch {
      throw CLIError("cannot reach \(baseURL): \(error)")
    }
    let bytes = Array(buffer: try await response.body.collect(upTo: 256 << 20))
    let json = try? JSONParser.parse(bytes)
    guard (200..<300).contains(response.status.code) else {
      let message = json?["error"]?["message"]?.stringValue ?? "HTTP \(response.status.code)"
      throw CLIError("\(baseURL) answered \(response.status.code): \(message)")
    }
    guard let json else { throw CLIError("\(baseURL)\(path) did not answer with JSON") }
    return json
  }
}
