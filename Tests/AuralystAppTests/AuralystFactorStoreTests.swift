import AuralystApp
import AuralystCore
import Foundation
import HearthCore
import HearthPlatform
import HearthSQL
import HearthTesting
import Testing

/// The factor store, on every backend.
@Suite(.serialized)
struct AuralystFactorStoreTests: StoreFixtures {
  static func factor(
    _ id: String, _ name: String, kind: Factor.Kind = .number, journal: String = "j1",
    author: String = "alice"
  ) -> Factor {
    Factor(
      id: id, journalID: journal, name: name, kind: kind, unit: kind == .number ? "hours" : nil,
      authorID: author, createdAt: at(1))
  }

  @Test(arguments: StoreFactory.all)
  func factorsAndTheirValuesAreKeptPerJournalAndDay(_ factory: StoreFactory) async throws {
    try await factory.withDatabase { db in
      for id in ["alice", "bob"] { try await db.createUser(Self.user(id)) }
      try await db.auralystStore.createAuralystJournal(
        AuralystStoreConformanceTests.auralystJournal(), events: [], at: Self.at(1))
      try await db.auralystStore.createAuralystJournal(
        AuralystStoreConformanceTests.auralystJournal("j2", owner: "bob"), events: [],
        at: Self.at(1))
      let store = db.auralystFactorStore
      let sleep = Self.factor("f1", "Sleep")
      let tags = Self.factor("f2", "Triggers", kind: .tags)
      let before = try await db.latestSequence()
      try await store.saveFactor(
        sleep, isNew: true,
        events: [NewEvent(type: "auralyst.changed", audience: .user("alice"), payload: "{}")],
        at: Self.at(2))
      try await store.saveFactor(tags, isNew: true, events: [], at: Self.at(2))
      #expect(try await db.events(after: before, limit: 5).map(\.type) == ["auralyst.changed"])
      #expect(try await store.factors(journalID: "j1") == [sleep, tags])
      #expect(try await store.factor(id: "f1") == sleep)
      // A name taken in the journal (whatever its case) or an id taken anywhere is refused;
      // another journal may use the name
      await #expect(throws: StoreError.duplicate("name")) {
        try await store.saveFactor(
          Self.factor("f3", "SLEEP"), isNew: true, events: [], at: Self.at(3))
      }
      await #expect(throws: StoreError.duplicate("id")) {
        try await store.saveFactor(
          Self.factor("f1", "Mood", journal: "j2", author: "bob"), isNew: true, events: [],
          at: Self.at(3))
      }
      try await store.saveFactor(
        Self.factor("f3", "Sleep", journal: "j2", author: "bob"), isNew: true, events: [],
        at: Self.at(3))
      // Renaming keeps its kind and author; to a name taken is refused
      var renamed = sleep
      renamed.name = "Sleep length"
      try await store.saveFactor(renamed, isNew: false, events: [], at: Self.at(4))
      #expect(try await store.factor(id: "f1") == renamed)
      var clash = renamed
      clash.name = "triggers"
      await #expect(throws: StoreError.duplicate("name")) {
        try await store.saveFactor(clash, isNew: false, events: [], at: Self.at(4))
      }

      // One value per factor and day: put again replaces it
      let night = FactorValue(factorID: "f1", day: "2026-11-21", number: 6.5, authorID: "alice")
      try await store.putFactorValue(night, journalID: "j1", events: [], at: Self.at(5))
      var longer = night
      longer.number = 8
      longer.authorID = "bob"
      try await store.putFactorValue(longer, journalID: "j1", events: [], at: Self.at(6))
      let tagged = FactorValue(
        factorID: "f2", day: "2026-11-22", tags: ["rain", "stress"], authorID: "bob")
      try await store.putFactorValue(tagged, journalID: "j1", events: [], at: Self.at(6))
      #expect(
        try await store.factorValues(journalID: "j1", from: nil, until: nil) == [longer, tagged])
      #expect(
        try await store.factorValues(journalID: "j1", from: "2026-11-22", until: "2026-11-22")
          == [tagged])
      #expect(try await store.factorValue(factorID: "f1", day: "2026-11-21") == longer)
      // Not through another journal
      await #expect(throws: StoreError.notFound) {
        try await store.putFactorValue(night, journalID: "j2", events: [], at: Self.at(7))
      }
      #expect(
        try await !store.deleteFactorValue(
          factorID: "f1", day: "2026-11-21", journalID: "j2", events: [], at: Self.at(7)))
      #expect(
        try await !store.deleteFactor(id: "f1", journalID: "j2", events: [], at: Self.at(7)))
      #expect(
        try await store.deleteFactorValue(
          factorID: "f1", day: "2026-11-21", journalID: "j1", events: [], at: Self.at(7)))
      #expect(try await store.factorValues(journalID: "j1", from: nil, until: nil) == [tagged])

      // Deleting a factor takes its values
      #expect(try await store.deleteFactor(id: "f2", journalID: "j1", events: [], at: Self.at(8)))
      #expect(try await store.factorValues(journalID: "j1", from: nil, until: nil).isEmpty)
      #expect(try await store.factors(journalID: "j1") == [renamed])
    }
  }

  @Test(arguments: StoreFactory.all)
  func aDeletedAccountLeavesNoFactorRowsInOthersJournals(_ factory: StoreFactory) async throws {
    try await factory.withDatabase { db in
      for id in ["alice", "bob"] { try await db.createUser(Self.user(id)) }
      try await db.auralystStore.createAuralystJournal(
        AuralystStoreConformanceTests.auralystJournal(), events: [], at: Self.at(1))
      let store = db.auralystFactorStore
      try await store.saveFactor(
        Self.factor("f1", "Sleep"), isNew: true, events: [], at: Self.at(2))
      try await store.saveFactor(
        Self.factor("f2", "Mood", kind: .scale, author: "bob"), isNew: true, events: [],
        at: Self.at(2))
      let alices = FactorValue(factorID: "f1", day: "2026-11-20", number: 7, authorID: "alice")
      for value in [
        alices, FactorValue(factorID: "f1", day: "2026-11-21", number: 6, authorID: "bob"),
        FactorValue(factorID: "f2", day: "2026-11-21", number: 3, authorID: "alice"),
      ] {
        try await store.putFactorValue(value, journalID: "j1", events: [], at: Self.at(3))
      }
      // Bob goes: his factor (with every value of it) and his values in Alice's journal go
      try await db.deleteUser(id: "bob")
      #expect(try await store.factors(journalID: "j1").map(\.id) == ["f1"])
      #expect(try await store.factorValues(journalID: "j1", from: nil, until: nil) == [alices])
      // Alice goes: her journal goes with its factors
      try await db.deleteUser(id: "alice")
      #expect(try await store.factor(id: "f1") == nil)
      #expect(try await store.factorValues(journalID: "j1", from: nil, until: nil).isEmpty)
    }
  }

  @Test(arguments: StoreFactory.all)
  func aChangeBringsFactorsAndValuesInItsTransaction(_ factory: StoreFactory) async throws {
    try await factory.withDatabase { db in
      try await db.createUser(Self.user("alice"))
      try await db.auralystStore.createAuralystJournal(
        AuralystStoreConformanceTests.auralystJournal(), events: [], at: Self.at(1))
      let store = db.auralystFactorStore
      let sleep = Self.factor("f1", "Sleep")
      try await store.saveFactor(sleep, isNew: true, events: [], at: Self.at(2))
      let own = FactorValue(factorID: "f1", day: "2026-11-21", number: 5, authorID: "alice")
      try await store.putFactorValue(own, journalID: "j1", events: [], at: Self.at(2))
      // An import: a new factor with a value, and Sleep's values (the 21st is kept as it was)
      let mood = Self.factor("f2", "Mood", kind: .scale)
      let values = [
        FactorValue(factorID: "f1", day: "2026-11-20", number: 6.5, authorID: "alice"),
        FactorValue(factorID: "f1", day: "2026-11-21", number: 8, authorID: "alice"),
        FactorValue(factorID: "f2", day: "2026-11-21", number: 3, authorID: "alice"),
      ]
      try await db.auralystStore.changeAuralyst(journalID: "j1", reading: [], at: Self.at(3)) {
        _ in AuralystChange(factors: [mood], factorValues: values)
      }
      #expect(try await store.factors(journalID: "j1") == [mood, sleep])
      #expect(
        try await store.factorValues(journalID: "j1", from: nil, until: nil)
          == [values[0], own, values[2]])
      // A change that fails writes none of its factors
      await #expect(throws: (any Error).self) {
        try await db.auralystStore.changeAuralyst(journalID: "j1", reading: [], at: Self.at(4)) {
          _ in AuralystChange(factors: [Self.factor("f3", "Coffee"), Self.factor("f3", "Tea")])
        }
      }
      #expect(try await store.factors(journalID: "j1").count == 2)
    }
  }
}
