import AuralystApp
import Foundation
import HearthPlatform
import HearthSQL
import Testing

@Suite struct AuralystRecordCodingTests {
  static func record(_ kind: AuralystRecord.Kind, body: String) -> AuralystRecord {
    AuralystRecord(
      id: "r1", journalID: "j1", kind: kind, authorID: "u1",
      timestamp: Date(timeIntervalSince1970: 0), body: body,
      updatedAt: Date(timeIntervalSince1970: 0))
  }

  @Test func aBodyThatDoesNotDecodeIsAnErrorNamingTheRecord() {
    #expect {
      _ = try AuralystRecordCoding.entry(Self.record(.entry, body: #"{"rating":"#))
    } throws: { error in
      guard case .unreadable(let what) = error as? StoreError else { return false }
      return what.hasPrefix("auralyst record r1")
    }
  }

  @Test func otherKindsAreNotTheOneAskedFor() throws {
    #expect(try AuralystRecordCoding.entry(Self.record(.note, body: "not json")) == nil)
  }
}
