/// The extensions a server names in its EHLO reply, one per line after the first.
struct SMTPCapabilities: Equatable, Sendable {
  private var keywords: [String: [String]] = [:]

  init() {}

  init(ehloReply reply: SMTPReply) {
    for line in reply.lines.dropFirst() {
      let words = line.split(whereSeparator: { $0 == " " || $0 == "=" }).map {
        $0.uppercased()
      }
      guard let keyword = words.first else { continue }
      keywords[keyword, default: []] += words.dropFirst()
    }
  }

  func contains(_ keyword: String) -> Bool { keywords[keyword] != nil }

  var authMechanisms: [String] { keywords["AUTH"] ?? [] }
}
