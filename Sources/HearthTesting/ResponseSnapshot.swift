import Foundation
import HTTPTypes

/// A whole response as text, for snapshot tests: the status, the content type and the body
/// (JSON with sorted keys and indentation), with values that change from run to run replaced
/// by their names.
public enum ResponseSnapshot {
  public static func text(_ reply: JSONReply, redacting: [String: String] = [:]) -> String {
    var body = reply.text
    if let object = try? JSONSerialization.jsonObject(with: Data(reply.text.utf8)),
      let pretty = try? JSONSerialization.data(
        withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
    {
      body = String(decoding: pretty, as: UTF8.self)
    }
    for (value, name) in redacting where !value.isEmpty {
      body = body.replacingOccurrences(of: value, with: "<\(name)>")
    }
    for (pattern, replacement) in perSession {
      body = body.replacingOccurrences(
        of: pattern, with: replacement, options: .regularExpression)
    }
    let contentType = reply.headers[.contentType] ?? "none"
    return "HTTP \(reply.status)\ncontent-type: \(contentType)\n\n\(body)\n"
  }

  /// Each session's CSRF token, in the page's meta tag and in its forms; the assets' hashes;
  /// and the event position the page was rendered at, which the hub may not have read yet.
  static let perSession = [
    (#"/static/([a-z-]+)\.[0-9a-f]{12}\.(mjs|js|css|svg)"#, "/static/$1.<hash>.$2"),
    (#" data-events-after="[0-9]+""#, ""),
    (#"<meta name="csrf-token" content="[^"]+">"#, #"<meta name="csrf-token" content="<csrf>">"#),
    (#"name="_csrf" value="[^"]+""#, #"name="_csrf" value="<csrf>""#),
  ]
}
