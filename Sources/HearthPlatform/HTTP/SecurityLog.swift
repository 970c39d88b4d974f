import Foundation
import HearthCore
import HearthSQL
import Hummingbird

/// Where a request came from, as the security log records it.
public struct RequestOrigin: Sendable, Equatable {
  public var address: String
  /// The browser or client, from its User-Agent.
  public var device: String

  public init(address: String, device: String) {
    self.address = address
    self.device = String(device.prefix(160))
  }

  /// An administrator at the server's command line.
  public static let commandLine = RequestOrigin(address: "local", device: "hearth command line")

  /// The request's client address (as `address` finds it behind trusted proxies) and browser.
  package init(
    _ request: Request, _ context: AppRequestContext,
    address: (Request, AppRequestContext) -> String
  ) {
    self.init(
      address: address(request, context), device: request.headers[.userAgent] ?? "Unknown device")
  }
}

/// What happened to an account's security, for its owner to read: sign-ins and failed ones,
/// password and email changes, two-factor changes and ended sessions. Kept a year.
public struct SecurityLog: Sendable {
  public enum Kind: String, Codable, Sendable, CaseIterable {
    case accountCreated = "account_created"
    case signedIn = "signed_in"
    case signInFailed = "sign_in_failed"
    case passwordChanged = "password_changed"
    case passwordReset = "password_reset"
    case emailChanged = "email_changed"
    case twoFactorEnabled = "two_factor_enabled"
    case twoFactorDisabled = "two_factor_disabled"
    case recoveryCodeUsed = "recovery_code_used"
    case recoveryCodesRenewed = "recovery_codes_renewed"
    case sessionRevoked = "session_revoked"
    case refreshTokenReused = "refresh_token_reused"

    /// How the account page names it.
    public var title: String {
      switch self {
      case .accountCreated: "Account created"
      case .signedIn: "Signed in"
      case .signInFailed: "Failed sign-in"
      case .passwordChanged: "Password changed"
      case .passwordReset: "Password reset"
      case .emailChanged: "Email changed"
      case .twoFactorEnabled: "Two-factor sign-in turned on"
      case .twoFactorDisabled: "Two-factor sign-in turned off"
      case .recoveryCodeUsed: "Recovery code used"
      case .recoveryCodesRenewed: "New recovery codes"
      case .sessionRevoked: "Session ended"
      case .refreshTokenReused: "Stolen sign-in detected"
      }
    }
  }

  public struct Entry: Sendable, Codable, Equatable {
    public var at: Date
    public var kind: Kind
    public var address: String
    public var device: String
    public var detail: String

    public init(at: Date, kind: Kind, address: String, device: String, detail: String) {
      self.at = at
      self.kind = kind
      self.address = address
      self.device = device
      self.detail = detail
    }
  }

  static let kept: TimeInterval = 365 * 24 * 3600

  let database: any SQLDatabase
  let newID: @Sendable () -> String

  package init(database: any SQLDatabase, newID: @escaping @Sendable () -> String) {
    self.database = database
    self.newID = newID
  }

  package func record(
    _ kind: Kind, userID: String, origin: RequestOrigin, detail: String = "", at now: Date
  ) async throws {
    try await database.transaction { tx in
      try await tx.execute(
        """
        INSERT INTO security_log (id, user_id, at, kind, address, device, detail)
        VALUES (\(newID()), \(userID), \(now), \(kind.rawValue), \(origin.address),
          \(origin.device), \(detail))
        """)
    }
  }

  /// The newest first.
  package func entries(userID: String, limit: Int = 200) async throws -> [Entry] {
    try await database.rows(
      """
      SELECT at, kind, address, device, detail FROM security_log
      WHERE user_id = \(userID) ORDER BY at DESC, id DESC LIMIT \(limit)
      """
    ).map {
      Entry(
        at: try $0["at"], kind: try $0.decode(Kind.self, "kind"), address: try $0["address"],
        device: try $0["device"], detail: try $0["detail"])
    }
  }
}
