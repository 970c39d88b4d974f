import Foundation
import NIOCore
import Testing

@testable import HearthAccounts
@testable import HearthPlatform

/// GET /api/me's kept bodies: reused while the account is unchanged, encoded again once it
/// changes, and never more of them than the limit.
@Suite struct AccountBodiesTests {
  func user(_ id: String, name: String) -> User {
    User(
      id: id, email: "\(id)@example.com", displayName: name, phone: nil, passwordHash: "h",
      timeZone: "UTC", createdAt: Date(timeIntervalSince1970: 1_800_000_000))
  }

  @Test func aBodyIsKeptWhileItsAccountIsUnchanged() {
    let bodies = AccountBodies(most: 2)
    var encoded: [String] = []
    let encode = { (user: User) -> ByteBuffer in
      encoded.append(user.displayName)
      return ByteBuffer(string: user.displayName)
    }
    #expect(String(buffer: bodies.body(for: user("a", name: "Ann"), encode: encode)) == "Ann")
    #expect(String(buffer: bodies.body(for: user("a", name: "Ann"), encode: encode)) == "Ann")
    #expect(encoded == ["Ann"])

    #expect(String(buffer: bodies.body(for: user("a", name: "Anna"), encode: encode)) == "Anna")
    #expect(encoded == ["Ann", "Anna"])

    // Past the limit the kept bodies start afresh.
    _ = bodies.body(for: user("b", name: "Bo"), encode: encode)
    _ = bodies.body(for: user("c", name: "Cy"), encode: encode)
    _ = bodies.body(for: user("a", name: "Anna"), encode: encode)
    #expect(encoded == ["Ann", "Anna", "Bo", "Cy", "Anna"])
  }
}
