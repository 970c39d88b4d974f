import Foundation
import Testing

@testable import AuralystCore

/// A supply's pure rules: what a dose takes, what an undone one gives back, one refill notice
/// per stretch below the threshold, and what a count or a refill says.
@Suite struct MedicationSupplyTests {
  static let counted = Date(timeIntervalSince1970: 1_234_567_890)
  static let later = counted + 3600

  static func supply(
    _ onHand: Double, unit: String? = "tablets", refillAt: Double? = 5
  ) -> MedicationSupply {
    MedicationSupply(
      medicationID: "med", onHand: onHand, unit: unit, refillAt: refillAt, refillAmount: 30,
      countedAt: counted)
  }

  static func dose(
    _ amount: Double? = nil, unit: String? = "tablets", at: Date = later,
    status: MedicationIntake.Status? = nil, id: String = "dose"
  ) -> MedicationIntake {
    MedicationIntake(
      id: id, medicationID: "med", origin: .scheduled, amount: amount, unit: unit, timestamp: at,
      authorID: "ann", status: status)
  }

  @Test(
    arguments: [
      // Given a supply in tablets: taken in time or late takes the amount, skipped nothing
      (dose(2), 2.0), (dose(2, status: .late), 2), (dose(2, status: .skipped), 0),
      // No amount, or an amount in another unit (200 mg of a count of tablets), is one dose
      (dose(nil), 1), (dose(200, unit: "mg"), 1),
      // The unit compares without case or spaces
      (dose(3, unit: " Tablets "), 3),
      // A dose taken before the count was set was already out of it
      (dose(2, at: counted - 60), 0), (dose(2, at: counted), 2),
    ] as [(MedicationIntake, Double)])
  func aDoseTakesItsAmountInTheSuppliesUnitElseOne(intake: MedicationIntake, takes: Double) {
    #expect(Self.supply(20).use(of: intake) == takes)
  }

  @Test func aSupplyCountedInDosesTakesTheAmountOfADoseWithoutAUnit() {
    let doses = Self.supply(10, unit: nil)
    #expect(doses.use(of: Self.dose(2, unit: nil)) == 2)
    #expect(doses.use(of: Self.dose(2, unit: "ml")) == 1)
    #expect(doses.quantity(1) == "1 dose" && doses.quantity(2.5) == "2.5 doses")
    #expect(Self.supply(1).quantity(12) == "12 tablets")
  }

  @Test func theNoticeIsSentOnceWhenTheThresholdIsReachedAndNotAgainUntilARefill() throws {
    // Given 7 tablets, told at 5
    var supply = Self.supply(7)
    // When one dose leaves 6: no notice
    var step = supply.logged(removing: [], adding: [Self.dose(1)])
    #expect(step.supply.onHand == 6 && !step.notify)
    supply = step.supply
    // When the next leaves 5: the notice, once
    step = supply.logged(removing: [], adding: [Self.dose(1)])
    #expect(step.supply.onHand == 5 && step.notify && step.supply.notices == 1)
    supply = step.supply
    // Then the next dose says nothing more
    step = supply.logged(removing: [], adding: [Self.dose(1)])
    #expect(step.supply.onHand == 4 && !step.notify && step.supply.noticeSent)
    supply = step.supply
    // A refill re-arms it, even one that leaves it low; the next dose tells again
    supply = try supply.refilled(by: 1)
    #expect(supply.onHand == 5 && !supply.noticeSent && supply.refillAmount == 1)
    step = supply.logged(removing: [], adding: [Self.dose(1)])
    #expect(step.notify && step.supply.notices == 2)
  }

  @Test func aSkippedDoseNeverCallsForTheNotice() {
    let step = Self.supply(5).logged(removing: [], adding: [Self.dose(1, status: .skipped)])
    #expect(step.supply.onHand == 5 && !step.notify)
  }

  @Test func withoutAThresholdThereIsNoNotice() {
    let step = Self.supply(1, refillAt: nil).logged(removing: [], adding: [Self.dose(1)])
    #expect(step.supply.onHand == 0 && !step.notify && !step.supply.isLow)
  }

  @Test func anUndoneDoseGivesBackWhatItTookAndAnEditTakesTheDifference() {
    // Given 10 tablets, a dose of 2 takes 2
    let taken = Self.supply(10).logged(removing: [], adding: [Self.dose(2)]).supply
    #expect(taken.onHand == 8)
    // Deleting it gives the 2 back
    #expect(taken.logged(removing: [Self.dose(2)], adding: []).supply.onHand == 10)
    // Editing it to 3 takes one more; to skipped gives it all back
    #expect(taken.logged(removing: [Self.dose(2)], adding: [Self.dose(3)]).supply.onHand == 7)
    let skipped = Self.dose(2, status: .skipped)
    #expect(taken.logged(removing: [Self.dose(2)], adding: [skipped]).supply.onHand == 10)
  }

  @Test func theCountNeverGoesBelowZeroAndAnUndoneDoseRepaysWhatWasOverdrawnFirst() throws {
    // Given 1 tablet, a dose of 3 leaves 0 (2 overdrawn)
    let empty = Self.supply(1).logged(removing: [], adding: [Self.dose(3)]).supply
    #expect(empty.onHand == 0 && empty.overdrawn == 2)
    // Undone, it gives back only the 1 it found
    let undone = empty.logged(removing: [Self.dose(3)], adding: []).supply
    #expect(undone.onHand == 1 && undone.overdrawn == 0)
    // A refill starts from what is there: 0 + 30, nothing owed
    let refilled = try empty.refilled(by: 30)
    #expect(refilled.onHand == 30 && refilled.overdrawn == 0)
  }

  @Test func givingBackAboveTheThresholdReArmsTheNotice() {
    let low = Self.supply(6).logged(removing: [], adding: [Self.dose(1)]).supply
    #expect(low.noticeSent)
    let back = low.logged(removing: [Self.dose(1)], adding: []).supply
    #expect(back.onHand == 6 && !back.noticeSent)
  }

  @Test func aFirstCountNeedsWhatIsOnHandAndFillsInTheRest() throws {
    #expect(
      throws: ValidationError(
        field: "supply.onHand", "Say how many are on hand to start counting them.")
    ) {
      try MedicationSupply.counted(
        SupplyCount(refillAt: 5), medicationID: "med", previous: nil, defaultUnit: "mg",
        at: Self.counted)
    }
    let first = try MedicationSupply.counted(
      SupplyCount(onHand: 30, refillAt: 5), medicationID: "med", previous: nil,
      defaultUnit: "tablets", at: Self.counted + 0.7)
    // The unit is the medication's, a refill is as much as the first count, and the count
    // starts at its whole second
    #expect(first.unit == "tablets" && first.refillAmount == 30 && first.refillAt == 5)
    #expect(first.countedAt == Self.counted && first.notices == 0 && !first.noticeSent)
  }

  @Test func aRecountStartsAfreshAndAThresholdChangeKeepsTheCount() throws {
    // Given a supply whose notice was sent, with a dose overdrawn
    var previous = Self.supply(0)
    previous.overdrawn = 1
    previous.noticeSent = true
    previous.notices = 1
    // A new threshold alone keeps the count, and the notice while still low
    let threshold = try MedicationSupply.counted(
      SupplyCount(refillAt: 2, unit: ""), medicationID: "med", previous: previous,
      defaultUnit: nil, at: Self.later)
    #expect(threshold.onHand == 0 && threshold.noticeSent && threshold.unit == nil)
    #expect(threshold.countedAt == Self.counted)
    // A recount forgets what was owed, re-arms the notice and keeps the notices' numbering
    let recount = try MedicationSupply.counted(
      SupplyCount(onHand: 3), medicationID: "med", previous: previous, defaultUnit: nil,
      at: Self.later)
    #expect(recount.onHand == 3 && recount.overdrawn == 0 && !recount.noticeSent)
    #expect(recount.notices == 1 && recount.countedAt == Self.later && recount.refillAt == 5)
  }

  @Test(
    arguments: [
      (SupplyCount(onHand: -1), "supply.onHand"),
      (SupplyCount(refillAt: 2_000_000), "supply.refillAt"),
      (SupplyCount(refillAmount: 0), "supply.refillAmount"),
      (SupplyCount(unit: String(repeating: "x", count: 41)), "supply.unit"),
    ] as [(SupplyCount, String)])
  func aCountOutOfRangeNamesItsField(count: SupplyCount, field: String) {
    #expect(throws: ValidationError.self) { try count.validated(field: "supply") }
    do { _ = try count.validated(field: "supply") } catch { #expect(error.field == field) }
  }

  @Test func aRefillAddsAPositiveAmountUpToAMillion() throws {
    #expect(throws: ValidationError.self) { try Self.supply(1).refilled(by: 0) }
    #expect(throws: ValidationError.self) { try Self.supply(999_999).refilled(by: 2) }
    // Without an amount, a refill adds the last one's; a supply not counted yet starts at it
    let edit = SupplyEdit.refill(nil, defaultUnit: "tablets")
    #expect(try edit.applied(to: Self.supply(4), medicationID: "med", at: Self.later)?.onHand == 34)
    #expect(throws: ValidationError.self) {
      try edit.applied(to: nil, medicationID: "med", at: Self.later)
    }
    let started = try SupplyEdit.refill(28, defaultUnit: "tablets").applied(
      to: nil, medicationID: "med", at: Self.later)
    #expect(started?.onHand == 28 && started?.unit == "tablets" && started?.refillAmount == 28)
    #expect(
      try SupplyEdit.stop.applied(to: Self.supply(4), medicationID: "med", at: Self.later) == nil)
  }
}
