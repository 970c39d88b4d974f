/// Why a message cannot be written: each case names the part at fault.
public enum MailError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A header value holds CR or LF: written out, it would start a header of its own.
  case lineBreakInHeader(String)
  case invalidHeaderName(String)
  case invalidAddress(String)
  case noRecipients
  /// The caller's unique id must be letters and digits, as it goes into Message-ID.
  case invalidUniqueID(String)

  public var description: String {
    switch self {
    case .lineBreakInHeader(let name): "the \(name) header contains a line break"
    case .invalidHeaderName(let name): "\(name.debugDescription) is not a header name"
    case .invalidAddress(let address): "\(address.debugDescription) is not an email address"
    case .noRecipients: "the message has no recipient"
    case .invalidUniqueID(let id): "\(id.debugDescription) is not letters and digits"
    }
  }
}

extension String {
  var hasLineBreak: Bool { unicodeScalars.contains { $0 == "\r" || $0 == "\n" } }
}
