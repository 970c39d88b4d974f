import HearthAccounts
import HearthCore
import HearthPlatform
import SofterCore

extension SofterModule {
  /// Rooms where it is the person's turn, and rooms that wait for their answer.
  public func waiting(for user: User) async throws -> [WaitingItem] {
    try await rooms.listings(for: user).compactMap { listing in
      let room = listing.summary
      let me = listing.participantID(ofUser: user.id) ?? ""
      let title = RoomPresentation.title(room.spec, for: me)
      let href = "/softer/rooms/\(room.id)"
      if room.isTurn(of: me) { return WaitingItem("Your turn: \(title)", href: href) }
      if room.awaitsAnswer(from: me) { return WaitingItem("Invited: \(title)", href: href) }
      return nil
    }
  }
}
