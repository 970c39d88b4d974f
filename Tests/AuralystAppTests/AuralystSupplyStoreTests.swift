import AuralystApp
import AuralystCore
import Foundation
import HearthCore
import HearthPlatform
import HearthSQL
import HearthTesting
import Testing

/// Supplies in the store, on every backend: doses logged at once take from the count one after
/// the other, one refill notice is enqueued however they race, and what goes with a medication
/// goes with its supply.
@Suite(.serialized)
struct AuralystSupplyStoreTests: StoreFixtures {
  static func intake(_ id: String, medication: String = "m1", at seconds: Int) -> AuralystRecord {
    AuralystRecordCoding.record(
      MedicationIntake(
        id: id, medicationID: medication, origin: .asNeeded, amount: 1, unit: "tablets",
        timestamp: at(seconds), authorID: "alice"),
      journalID: "j1", at: at(seconds))
  }

  static func refillJobs(_ db: any HearthDatabase) async throws -> Int {
    let row = try await db.row("SELECT COUNT(*) AS jobs FROM jobs WHERE queue = 'auralyst.refill'")
    return Int(try row?["jobs"] as Int64? ?? 0)
  }

  @Test(arguments: StoreFactory.all)
  func dosesLoggedAtOnceTakeFromTheCountAndCallForOneNotice(_ factory: StoreFactory) async throws {
    try await factory.withDatabase { db in
      // Given Alice's journal with a medication counted at 4 tablets, told at 2
      try await db.createUser(Self.user("alice"))
      try await db.auralystStore.createAuralystJournal(
        AuralystStoreConformanceTests.auralystJournal(), events: [], at: Self.at(1))
      let medication = AuralystStoreConformanceTests.auralystRecord(
        "m1", kind: .medication, at: 0)
      let count = SupplyEdit.count(SupplyCount(onHand: 4, refillAt: 2), defaultUnit: "tablets")
      try await db.auralystStore.changeAuralyst(journalID: "j1", reading: [], at: Self.at(2)) {
        _ in AuralystChange(inserts: [medication], supplies: ["m1": count])
      }

      // When three doses are logged at once
      try await withThrowingTaskGroup(of: Void.self) { group in
        for index in 1...3 {
          group.addTask {
            try await db.auralystStore.changeAuralyst(
              journalID: "j1", reading: [], at: Self.at(10 + index)
            ) { _ in AuralystChange(inserts: [Self.intake("d\(index)", at: 10 + index)]) }
          }
        }
        try await group.waitForAll()
      }

      // Then each took one, and the one that reached the threshold called for the notice
      let supply = try #require(try await db.auralystStore.auralystSupplies(journalID: "j1").first)
      #expect(supply.onHand == 1 && supply.noticeSent && supply.notices == 1)
      #expect(try await Self.refillJobs(db) == 1)

      // Deleting a dose gives it back; the notice stands while the count is still low
      try await db.auralystStore.changeAuralyst(journalID: "j1", reading: [], at: Self.at(20)) {
        _ in AuralystChange(deletes: ["d1"])
      }
      let back = try await db.auralystStore.auralystSupplies(journalID: "j1")
      #expect(back.map(\.onHand) == [2] && back.first?.noticeSent == true)

      // A supply is refused for a medication that is not the journal's
      let stray = SupplyEdit.refill(5, defaultUnit: nil)
      await #expect(throws: StoreError.notFound) {
        try await db.auralystStore.changeAuralyst(journalID: "j1", reading: [], at: Self.at(21)) {
          _ in AuralystChange(supplies: ["elsewhere": stray])
        }
      }

      // Deleting the medication and its doses deletes its supply
      try await db.auralystStore.changeAuralyst(journalID: "j1", reading: [], at: Self.at(30)) {
        _ in AuralystChange(deletes: ["m1", "d2", "d3"])
      }
      #expect(try await db.auralystStore.auralystSupplies(journalID: "j1").isEmpty)
      #expect(try await Self.refillJobs(db) == 1)
    }
  }
}
