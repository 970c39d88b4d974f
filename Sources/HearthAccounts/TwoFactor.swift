import Foundation
import HearthCore
import HearthNotifications
import HearthPlatform
import HearthSQL

/// Whether an account signs in with a second factor, as its owner sees it.
public struct TwoFactorStatus: Sendable, Codable, Equatable {
  public var enabled: Bool
  public var enabledAt: Date?
  public var recoveryCodesLeft: Int

  public init(enabled: Bool, enabledAt: Date? = nil, recoveryCodesLeft: Int) {
    self.enabled = enabled
    self.enabledAt = enabledAt
    self.recoveryCodesLeft = recoveryCodesLeft
  }
}

/// Two-factor sign-in for one server: each account's authenticator secret, sealed with the
/// server's key, the last time step used (a code works once), and the hashes of its recovery
/// codes.
struct TwoFactor: Sendable {
  enum Check: Sendable, Equatable {
    case authenticator
    case recoveryCode(left: Int)
    case wrong
  }

  let database: any SQLDatabase
  let tokens: TokenService

  func status(userID: String) async throws -> TwoFactorStatus {
    guard
      let row = try await database.row(
        "SELECT enabled_at FROM two_factor WHERE user_id = \(userID) AND enabled_at IS NOT NULL")
    else { return TwoFactorStatus(enabled: false, recoveryCodesLeft: 0) }
    let left: Int =
      try await database.row(
        """
        SELECT COUNT(*) AS n FROM recovery_codes WHERE user_id = \(userID) AND used_at IS NULL
        """)?["n"] ?? 0
    return TwoFactorStatus(enabled: true, enabledAt: try row["enabled_at"], recoveryCodesLeft: left)
  }

  /// Stores a new secret awaiting its first code, replacing one that never got it; false when
  /// two-factor sign-in is already on.
  func begin(userID: String, secret: [UInt8], now: Date) async throws -> Bool {
    let sealed = try tokens.seal(secret)
    return try await database.transaction { tx in
      if let row = try await tx.row(
        "SELECT enabled_at FROM two_factor WHERE user_id = \(userID)")
      {
        let enabledAt: Date? = try row["enabled_at"]
        if enabledAt != nil { return false }
        try await tx.execute("DELETE FROM two_factor WHERE user_id = \(userID)")
      }
      try await tx.execute(
        """
        INSERT INTO two_factor (user_id, sealed_secret, enabled_at, last_step, created_at)
        VALUES (\(userID), \(sealed), NULL, 0, \(now))
        """)
      return true
    }
  }

  /// The secret awaiting its first code, if any.
  func pendingSecret(userID: String) async throws -> [UInt8]? {
    guard
      let row = try await database.row(
        "SELECT sealed_secret FROM two_factor WHERE user_id = \(userID) AND enabled_at IS NULL")
    else { return nil }
    return tokens.open(try row["sealed_secret"])
  }

  /// Turns two-factor sign-in on when `code` is the pending secret's, storing the hashes of
  /// `recoveryCodes`; false for a wrong code or no pending secret.
  func confirm(userID: String, code: String, recoveryCodes: [String], now: Date) async throws
    -> Bool
  {
    try await database.transaction { tx in
      guard
        let row = try await tx.row(
          "SELECT sealed_secret FROM two_factor WHERE user_id = \(userID) AND enabled_at IS NULL"),
        let secret = tokens.open(try row["sealed_secret"]),
        let step = TOTP(secret: secret).matchingStep(code, at: now)
      else { return false }
      try await tx.execute(
        """
        UPDATE two_factor SET enabled_at = \(now), last_step = \(step) WHERE user_id = \(userID)
        """)
      try await Self.replaceRecoveryCodes(recoveryCodes, userID: userID, in: tx)
      return true
    }
  }

  /// Checks a code at sign-in: an authenticator code newer than the last one used, or an unused
  /// recovery code, each then spent.
  func check(userID: String, code: String, now: Date) async throws -> Check {
    try await database.transaction { tx in
      guard
        let row = try await tx.row(
          """
          SELECT sealed_secret, last_step FROM two_factor
          WHERE user_id = \(userID) AND enabled_at IS NOT NULL
          """)
      else { return .wrong }
      let lastStep: Int64 = try row["last_step"]
      if let secret = tokens.open(try row["sealed_secret"]),
        let step = TOTP(secret: secret).matchingStep(code, at: now), step > lastStep
      {
        try await tx.execute(
          "UPDATE two_factor SET last_step = \(step) WHERE user_id = \(userID)")
        return .authenticator
      }
      let hash = TokenService.hash(RecoveryCodes.normalize(code))
      guard
        try await tx.row(
          """
          SELECT code_hash FROM recovery_codes
          WHERE user_id = \(userID) AND code_hash = \(hash) AND used_at IS NULL
          """) != nil
      else { return .wrong }
      try await tx.execute(
        """
        UPDATE recovery_codes SET used_at = \(now) WHERE user_id = \(userID) AND code_hash = \(hash)
        """)
      let left: Int =
        try await tx.row(
          """
          SELECT COUNT(*) AS n FROM recovery_codes WHERE user_id = \(userID) AND used_at IS NULL
          """)?["n"] ?? 0
      return .recoveryCode(left: left)
    }
  }

  /// New recovery codes in place of the old ones; false when two-factor sign-in is off.
  func renewRecoveryCodes(userID: String, codes: [String]) async throws -> Bool {
    try await database.transaction { tx in
      guard
        try await tx.row(
          "SELECT user_id FROM two_factor WHERE user_id = \(userID) AND enabled_at IS NOT NULL")
          != nil
      else { return false }
      try await Self.replaceRecoveryCodes(codes, userID: userID, in: tx)
      return true
    }
  }

  func disable(userID: String) async throws {
    try await database.transaction { tx in
      try await tx.execute("DELETE FROM recovery_codes WHERE user_id = \(userID)")
      try await tx.execute("DELETE FROM two_factor WHERE user_id = \(userID)")
    }
  }

  static func replaceRecoveryCodes(_ codes: [String], userID: String, in tx: any SQLTransaction)
    async throws
  {
    try await tx.execute("DELETE FROM recovery_codes WHERE user_id = \(userID)")
    for code in codes {
      try await tx.execute(
        """
        INSERT INTO recovery_codes (user_id, code_hash, used_at)
        VALUES (\(userID), \(TokenService.hash(RecoveryCodes.normalize(code))), NULL)
        """)
    }
  }
}
