import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// Onpu's first use on a running server, for the memory readings around it (scripts/bench): a
/// word search, a word card and songs analysed as jobs, each checked to have worked.
struct OnpuFirstUse {
  var base: String
  var token: String
  var songs: Int

  static let lyrics = "春の風が吹いて\n君の声を聴いた\n夜空に星が光る"

  func run() async throws {
    let client = makeHTTPClient(connections: 4)
    do {
      try await use(client)
    } catch {
      try? await client.shutdown()
      throw error
    }
    try await client.shutdown()
  }

  private func use(_ client: HTTPClient) async throws {
    let search = try await json(client, .GET, "/api/onpu/words?q=sing")
    guard let words = search["words"] as? [Any], !words.isEmpty else {
      throw BenchError("the word search for \"sing\" found nothing: \(search)")
    }
    let word = "歌".addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? ""
    _ = try await json(client, .GET, "/api/onpu/words/\(word)")
    // All at once, so that while one process analyses a song the others take the rest.
    let jobs = try await withThrowingTaskGroup(of: String.self) { group in
      for index in 0..<songs {
        group.addTask {
          let body = [
            "title": "Song \(index + 1)", "artist": "Bench",
            "lyrics": Self.lyrics + "\n歌の\(index + 1)番",
          ]
          let created = try await json(client, .POST, "/v1/jobs", body: body)
          guard let id = created["jobId"] as? String else {
            throw BenchError("POST /v1/jobs answered no jobId: \(created)")
          }
          return id
        }
      }
      return try await group.reduce(into: [String]()) { $0.append($1) }
    }
    let deadline = monotonicNanos() + 120_000_000_000
    for id in jobs {
      while true {
        let job = try await json(client, .GET, "/v1/jobs/\(id)")
        let status = job["status"] as? String
        if status == "succeeded" { break }
        guard status != "failed" else { throw BenchError("song job \(id) failed: \(job)") }
        guard monotonicNanos() < deadline else {
          throw BenchError("song job \(id) did not finish within 120 s: \(job)")
        }
        try await Task.sleep(for: .milliseconds(50))
      }
    }
  }

  private func json(
    _ client: HTTPClient, _ method: HTTPMethod, _ path: String, body: [String: String]? = nil
  ) async throws -> [String: Any] {
    var request = HTTPClientRequest(url: base + path)
    request.method = method
    request.headers.add(name: "Authorization", value: "Bearer \(token)")
    if let body {
      request.headers.add(name: "Content-Type", value: "application/json")
      request.body = .bytes(ByteBuffer(bytes: try JSONEncoder().encode(body)))
    }
    return try await jsonObject(client, request)
  }
}
