import Testing

@testable import AuralystCore

@Suite struct WordingTests {
  @Test func countsAreSingularForOneOnly() {
    #expect(Wording.count(1, "day", "days") == "1 day")
    #expect(Wording.count(2, "day", "days") == "2 days")
    #expect(Wording.count(0, "entry", "entries") == "0 entries")
    #expect(Wording.count(1, "entry", "entries") == "1 entry")
  }

  @Test func weekdaysAreWholeWordsAndTheirPlurals() {
    #expect(Wording.weekday(6) == "Friday")
    #expect(Wording.weekday(6, plural: true) == "Fridays")
    #expect(Wording.weekday(1, plural: true) == "Sundays")
    #expect(Wording.weekday(7) == "Saturday")
  }

  @Test func aChangeInSeverityIsWordedByItsSign() {
    #expect(Wording.change(-1.54) == "1.5 points lower")
    #expect(Wording.change(2) == "2.0 points higher")
    #expect(Wording.change(0) == "no different")
    #expect(Wording.change(-0.04) == "no different")
    #expect(Wording.signedChange(-1.54) == "−1.5")
    #expect(Wording.signedChange(0.8) == "+0.8")
    #expect(Wording.signedChange(0.01) == "0.0")
  }

  @Test func aMedicationEffectsChangeIsSeverityOnDaysTakenLessTheBaseline() {
    // Milder on days taken: the effect is positive, the change negative, and it reads "lower".
    let milder = Insights.MedicationEffect(
      medicationID: "m", name: "M", effect: 2, averageOnDaysTaken: 2.5, daysTaken: 3,
      daysWithout: 3)
    #expect(milder.change == -2 && Wording.change(milder.change) == "2.0 points lower")
    let worse = Insights.MedicationEffect(
      medicationID: "m", name: "M", effect: -4.5, averageOnDaysTaken: 9, daysTaken: 1,
      daysWithout: 6)
    #expect(worse.change == 4.5 && Wording.change(worse.change) == "4.5 points higher")
  }
}
