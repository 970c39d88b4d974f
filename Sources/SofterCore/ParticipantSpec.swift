import Foundation

/// How the originator names a participant when opening a room.
public enum ParticipantIdentifier: Hashable, Codable, Sendable {
  case email(String)
  case phone(String)
  case lightward
  /// The person opening the room.
  case originator

  /// An entry with "@" is an email address, anything else a phone number.
  public init(contact: String) {
    let trimmed = contact.trimmingCharacters(in: .whitespaces)
    self = trimmed.contains("@") ? .email(trimmed.lowercased()) : .phone(trimmed)
  }

  public var isLightward: Bool { self == .lightward }

  public var displayString: String {
    switch self {
    case .email(let value), .phone(let value): value
    case .lightward: "Lightward AI"
    case .originator: "You"
    }
  }
}

/// One seat in a room: who, and the nickname the originator gave them.
public struct ParticipantSpec: Hashable, Codable, Sendable {
  public var id: String
  public var identifier: ParticipantIdentifier
  public var nickname: String

  public init(id: String, identifier: ParticipantIdentifier, nickname: String) {
    self.id = id
    self.identifier = identifier
    self.nickname = nickname
  }

  /// Lightward's nickname is "Lightward" by design.
  public static func lightward(id: String) -> ParticipantSpec {
    ParticipantSpec(id: id, identifier: .lightward, nickname: "Lightward")
  }

  public var isLightward: Bool { identifier.isLightward }
}
