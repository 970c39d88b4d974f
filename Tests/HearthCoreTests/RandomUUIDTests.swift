import Foundation
import HearthCore
import Testing

@Suite struct RandomUUIDTests {
  @Test func idsAreVersionFourAndDistinct() {
    let ids = (0..<1000).map { _ in UUID.random() }
    #expect(Set(ids).count == 1000)
    #expect(ids.allSatisfy { $0.uuidString.dropFirst(14).first == "4" })
    #expect(ids.allSatisfy { "89AB".contains($0.uuidString.dropFirst(19).first!) })
  }
}
