import Foundation
import Logging
import Testing

@testable import HearthPlatform

@Suite struct TokenServiceTests {
  let tokens = TokenService(secret: String(repeating: "s", count: 40))
  let now = Date(timeIntervalSince1970: 1_800_000_000)

  @Test func anAccessTokenSaysItsSessionAndAccountUntilItExpires() throws {
    let token = tokens.accessToken(sessionID: "s1", userID: "u1", expires: now + 900)
    // The first verification checks the signature; the second answers from the memo
    for _ in 0..<2 {
      let verified = try #require(tokens.verify(accessToken: token, now: now))
      #expect(verified.sessionID == "s1" && verified.userID == "u1")
    }
    // Expiry is checked on every use, the memo's too
    #expect(tokens.verify(accessToken: token, now: now + 900) == nil)
    #expect(tokens.verify(accessToken: token, now: now + 899) != nil)
  }

  @Test func aTokenNotSignedByThisServerIsRefused() {
    let token = tokens.accessToken(sessionID: "s1", userID: "u1", expires: now + 900)
    let other = TokenService(secret: String(repeating: "o", count: 40))
    #expect(other.verify(accessToken: token, now: now) == nil)
    // A verified token's claims with another signature are not taken from the memo
    _ = tokens.verify(accessToken: token, now: now)
    let parts = token.split(separator: ".")
    let forged = "\(parts[0]).\(parts[1]).\(String(parts[2].reversed()))"
    #expect(tokens.verify(accessToken: forged, now: now) == nil)
    for malformed in ["", "hat1", "hat1..", "hat2.\(parts[1]).\(parts[2])", token + "x"] {
      #expect(tokens.verify(accessToken: malformed, now: now) == nil)
    }
  }

  @Test func logLinesReadAsStreamLogHandlersDo() {
    let line = HearthLogHandler.line(
      at: "2026-11-27T10:00:00+0000", level: .warning, label: "hearth",
      metadata: ["queue": "mail", "job": "j1"], source: "HearthPlatform", message: "Slow")
    #expect(
      line == "2026-11-27T10:00:00+0000 warning hearth: job=j1 queue=mail [HearthPlatform] Slow\n")
    let bare = HearthLogHandler.line(
      at: "t", level: .info, label: "x", metadata: [:], source: "S", message: "m")
    #expect(bare == "t info x: [S] m\n")
  }
}
