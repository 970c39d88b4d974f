import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// What the people of the capacity run do, each action with its share of all actions.
enum CapacityAction: String, CaseIterable, Codable, Sendable {
  case homePage = "GET / (signed-in home: what waits in every app)"
  case appPage = "GET an app's page (/softer, /redo, /auralyst, /onpu)"
  case me = "GET /api/me"
  case redoTasks = "GET /api/redo/tasks"
  case softerRooms = "GET /api/softer/rooms"
  case wordSearch = "GET /api/onpu/words?q= (word search)"
  case journalEntry = "POST an Auralyst entry (write, event)"
  case song = "POST /v1/jobs (an Onpu song: write, a job that analyses it)"

  /// Shares in percent; they add up to 100.
  var share: Int {
    switch self {
    case .homePage: 10
    case .appPage: 20
    case .me: 15
    case .redoTasks: 12
    case .softerRooms: 10
    case .wordSearch: 12
    case .journalEntry: 18
    case .song: 3
    }
  }

  static func pick(_ roll: Int) -> CapacityAction {
    var left = roll % 100
    for action in allCases {
      if left < action.share { return action }
      left -= action.share
    }
    return .me
  }

  static let pages = ["/softer", "/redo", "/auralyst", "/onpu"]
  static let words = ["sing", "うた", "ame", "空", "love", "はな", "kaze", "夜", "star", "こころ"]

  func request(for person: CapacityPerson, base: String, roll: Int) throws -> HTTPClientRequest {
    var request: HTTPClientRequest
    var cookie = false
    switch self {
    case .homePage:
      request = HTTPClientRequest(url: base + "/")
      cookie = true
    case .appPage:
      request = HTTPClientRequest(url: base + Self.pages[roll % Self.pages.count])
      cookie = true
    case .me: request = HTTPClientRequest(url: base + "/api/me")
    case .redoTasks: request = HTTPClientRequest(url: base + "/api/redo/tasks")
    case .softerRooms: request = HTTPClientRequest(url: base + "/api/softer/rooms")
    case .wordSearch:
      let word = Self.words[roll % Self.words.count]
      request = HTTPClientRequest(
        url: base + "/api/onpu/words?q="
          + (word.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed) ?? word))
    case .journalEntry:
      request = HTTPClientRequest(
        url: base + "/api/auralyst/journals/\(person.journalID ?? "none")/entries")
      request.method = .POST
      request.body = .bytes(ByteBuffer(string: #"{"severity": \#(roll % 10 + 1)}"#))
    case .song:
      request = HTTPClientRequest(url: base + "/v1/jobs")
      request.method = .POST
      let body = ["title": "Song \(roll)", "artist": "Bench", "lyrics": OnpuFirstUse.lyrics]
      request.body = .bytes(ByteBuffer(bytes: try JSONEncoder().encode(body)))
    }
    if cookie {
      request.headers.add(name: "Cookie", value: "hearth_session=\(person.cookie)")
    } else {
      request.headers.add(name: "Authorization", value: "Bearer \(person.accessToken)")
    }
    if request.method == .POST {
      request.headers.add(name: "Content-Type", value: "application/json")
    }
    request.headers.add(name: "X-Forwarded-For", value: person.address)
    return request
  }
}
