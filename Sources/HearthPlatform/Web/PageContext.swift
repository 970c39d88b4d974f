import Foundation

/// A one-time message shown at the top of the next page.
public struct Flash: Equatable, Sendable {
  public enum Kind: String, Equatable, Sendable {
    case info, success, error
  }

  public var kind: Kind
  public var message: String

  public init(kind: Kind, message: String) {
    self.kind = kind
    self.message = message
  }
}

/// What every page needs to know about the request it answers.
public struct PageContext: Equatable, Sendable {
  /// The signed-in person's display name; nil for visitors.
  public var userName: String?
  /// The signed-in person's account id, for scripts that keep data per account in the browser.
  public var userID: String?
  /// The CSRF token of the browser session; every POST form carries it as `_csrf`.
  public var csrfToken: String?
  public var flash: Flash?
  /// Pending invitations, shown as a badge in the header (hidden at 0).
  public var invitationCount: Int
  /// Unread notifications, shown on the bell in the header.
  public var unreadNotifications: Int
  /// The path of the request, for marking the current navigation item.
  public var path: String
  /// The zone dates are shown in: the person's own, never the server's.
  public var timeZone: TimeZone
  /// The apps this server hosts, in the order the header lists them.
  public var apps: [HearthApp]
  /// Administrators see the server's configuration state (what is set up, what is missing).
  public var isAdmin: Bool
  /// The signed-in account has not confirmed its email while verification is on: a banner asks.
  public var emailUnverified: Bool
  /// The newest event this process had read when the page was asked for: its live stream
  /// starts there, so a change made before the stream connects still reaches the page.
  public var eventsAfter: Int64?

  public init(
    userName: String? = nil, userID: String? = nil, csrfToken: String? = nil, flash: Flash? = nil,
    invitationCount: Int = 0, unreadNotifications: Int = 0, path: String = "/",
    timeZone: TimeZone = TimeZone(identifier: "UTC")!,
    apps: [HearthApp] = [], isAdmin: Bool = false, emailUnverified: Bool = false,
    eventsAfter: Int64? = nil
  ) {
    self.userName = userName
    self.userID = userID
    self.csrfToken = csrfToken
    self.flash = flash
    self.invitationCount = invitationCount
    self.unreadNotifications = unreadNotifications
    self.path = path
    self.timeZone = timeZone
    self.apps = apps
    self.isAdmin = isAdmin
    self.emailUnverified = emailUnverified
    self.eventsAfter = eventsAfter
  }

  public var isSignedIn: Bool { userName != nil }
}
