import Foundation
import HearthCore

/// The events a share change produces, the same on every store.
public enum ShareEvents {
  package struct Payload: Encodable {
    var app: String
    var kind: String
    var resourceID: String
    var userID: String
    var status: String
    var permission: String?
  }

  public static func participantChanged(_ participant: Participant) -> [NewEvent] {
    let payload = encode(
      Payload(
        app: participant.resource.app, kind: participant.resource.kind,
        resourceID: participant.resource.id, userID: participant.userID,
        status: participant.status.rawValue, permission: participant.permission.rawValue))
    return [
      NewEvent(
        type: "share.participant", audience: .resource(participant.resource), payload: payload),
      NewEvent(type: "share.participant", audience: .user(participant.userID), payload: payload),
    ]
  }

  public static func shareDeleted(_ share: Share, recipients: [String]) -> [NewEvent] {
    recipients.map { userID in
      NewEvent(
        type: "share.deleted", audience: .user(userID),
        payload: encode(
          Payload(
            app: share.resource.app, kind: share.resource.kind, resourceID: share.resource.id,
            userID: userID, status: "deleted", permission: nil)))
    }
  }

  package static func encode(_ payload: Payload) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    return String(decoding: (try? encoder.encode(payload)) ?? Data("{}".utf8), as: UTF8.self)
  }
}
