import Foundation
import HearthCore
import Testing

@Suite struct TOTPTests {
  /// RFC 6238 Appendix B, the SHA-1 rows (eight digits, the RFC's seed).
  @Test func theRFCVectorsHold() {
    let totp = TOTP(secret: Array("12345678901234567890".utf8), digits: 8)
    let vectors: [(TimeInterval, String)] = [
      (59, "94287082"), (1_111_111_109, "07081804"), (1_111_111_111, "14050471"),
      (1_234_567_890, "89005924"), (2_000_000_000, "69279037"), (20_000_000_000, "65353130"),
    ]
    for (seconds, code) in vectors {
      #expect(totp.code(at: Date(timeIntervalSince1970: seconds)) == code)
    }
  }

  @Test func aCodeMatchesOneStepEitherSideAndNoFurther() {
    let totp = TOTP(secret: Array(0..<20))
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    let step = totp.step(at: now)
    #expect(totp.matchingStep(totp.code(step: step), at: now) == step)
    #expect(totp.matchingStep(totp.code(step: step - 1), at: now) == step - 1)
    #expect(totp.matchingStep(totp.code(step: step + 1), at: now) == step + 1)
    #expect(totp.matchingStep(totp.code(step: step - 2), at: now) == nil)
    #expect(totp.matchingStep("12345", at: now) == nil)
    #expect(totp.matchingStep(" \(totp.code(step: step)) ", at: now) == step)
  }

  @Test func base32RoundTripsAndReadsWhatPeopleType() {
    #expect(Base32.encode(Array("foobar".utf8)) == "MZXW6YTBOI")
    #expect(Base32.decode("mzxw 6ytb-oi") == Array("foobar".utf8))
    #expect(Base32.decode("MZXW6YTBOI======") == Array("foobar".utf8))
    #expect(Base32.decode("not base32!") == nil)
    let bytes = (0..<20).map { UInt8($0 * 13 % 256) }
    #expect(Base32.decode(Base32.encode(bytes)) == bytes)
  }

  @Test func theProvisioningAddressNamesTheAccountAndIssuer() {
    let uri = TOTP(secret: Array("foobar".utf8)).provisioningURI(
      account: "ann@example.com", issuer: "Hearth")
    #expect(
      uri
        == "otpauth://totp/Hearth%3Aann@example.com?secret=MZXW6YTBOI&issuer=Hearth"
        + "&algorithm=SHA1&digits=6&period=30")
  }

  @Test func recoveryCodesAreTenDistinctAndReadBackAsTyped() {
    var counter: UInt8 = 0
    let codes = RecoveryCodes.generate { count in
      counter &+= 1
      return (0..<count).map { counter &+ UInt8($0) }
    }
    #expect(codes.count == 10 && Set(codes).count == 10)
    #expect(codes.allSatisfy { $0.count == 11 && $0.dropFirst(5).first == "-" })
    #expect(
      RecoveryCodes.normalize(" \(codes[0].uppercased().replacingOccurrences(of: "-", with: " ")) ")
        == codes[0])
  }
}
