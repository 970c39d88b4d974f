import Foundation
import HearthPlatform

/// One Apple ID linked to one Hearth account, each at most once.
public struct OnpuAppleLink: Equatable, Sendable {
  /// Apple's stable id of the person for this app (the identity token's `sub`).
  public var subject: String
  public var userID: String
  /// The address Apple gave when the link was made (maybe a private relay address).
  public var email: String?
  public var createdAt: Date

  public init(subject: String, userID: String, email: String?, createdAt: Date) {
    self.subject = subject
    self.userID = userID
    self.email = email
    self.createdAt = createdAt
  }
}

/// The links from Apple IDs to accounts, on both databases.
public protocol OnpuAppleStore: Sendable {
  func appleLink(subject: String) async throws -> OnpuAppleLink?
  func appleLink(userID: String) async throws -> OnpuAppleLink?
  /// Saves the link unless its Apple ID or its account has one already; returns the link that
  /// holds then (the new one, or the one in the way).
  func linkApple(_ link: OnpuAppleLink) async throws -> OnpuAppleLink
  /// False when the account had none.
  func unlinkApple(userID: String) async throws -> Bool
}

extension HearthDatabase {
  /// Onpu's Apple ID links, on whichever database the platform opened.
  public var onpuAppleStore: any OnpuAppleStore { OnpuSQLStore(database: self) }
}
