import HearthCore
import HearthNotifications
import HearthPlatform

/// What a module tells accounts: whose invitations it answers, what an account's export holds
/// of it, and what it ends before an account is deleted. `HearthAppModule` refines it.
public protocol AccountModule: NotifyingModule {
  /// How the shell presents the app; its slug names its routes and shared resources.
  static var app: HearthApp { get }
  /// Answers an invitation to one of the app's resources when the app has rules for it;
  /// returns false to let the platform record the answer.
  func answerInvitation(_ resource: ResourceRef, accept: Bool, by user: User) async throws -> Bool
  /// What the person's account export holds of this app, under the app's slug.
  func export(for user: User) async throws -> (any Encodable & Sendable)?
  /// Before an account is deleted: ends or hands over what the app's own rules govern (the
  /// person leaves the rooms they are in, say); the schema's `AccountCleanup` then removes the
  /// rest with the account.
  func accountWillBeDeleted(_ user: User) async throws
  /// After the person changed their account's time zone (they travel, say): reminders that
  /// follow them move.
  func accountZoneChanged(_ user: User) async throws
  /// The sign-ins the app links to the account (an Apple ID, say), for the account page.
  func accountLinks(for user: User) async throws -> [AccountLink]
  /// What needs the person in the app now (their turn, a task due, a dose, reviews), for their
  /// home page: each a link to the thing.
  func waiting(for user: User) async throws -> [WaitingItem]
}

extension AccountModule {
  public func answerInvitation(_ resource: ResourceRef, accept: Bool, by user: User) async throws
    -> Bool
  { false }
  public func export(for user: User) async throws -> (any Encodable & Sendable)? { nil }
  public func accountWillBeDeleted(_ user: User) async throws {}
  public func accountZoneChanged(_ user: User) async throws {}
  public func accountLinks(for user: User) async throws -> [AccountLink] { [] }
  public func waiting(for user: User) async throws -> [WaitingItem] { [] }
}
