import HearthPlatform

/// A sign-in an app links to the account beside its password (an Apple ID for the app's iPhone
/// client, say). The account page lists each with its state and the app's page that manages it.
public struct AccountLink: Equatable, Sendable {
  /// What is linked: "Apple ID for the app's iPhone client".
  public var title: String
  /// Its state in words: "Linked on 29 November 2026." or "Not linked."
  public var state: String
  /// The app's page that links or unlinks it, and the words of the link to it.
  public var manage: (label: String, href: String)

  public init(title: String, state: String, manage: (label: String, href: String)) {
    self.title = title
    self.state = state
    self.manage = manage
  }

  public static func == (lhs: AccountLink, rhs: AccountLink) -> Bool {
    lhs.title == rhs.title && lhs.state == rhs.state && lhs.manage == rhs.manage
  }
}
