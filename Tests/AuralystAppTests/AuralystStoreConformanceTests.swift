import AuralystApp
import AuralystCore
import Foundation
import HearthCore
import HearthPlatform
import HearthSQL
import HearthTesting
import Synchronization
import Testing

/// Auralyst's store, on every backend.
@Suite(.serialized)
struct AuralystStoreConformanceTests: StoreFixtures {
  static func auralystJournal(_ id: String = "j1", owner: String = "alice") -> Journal {
    Journal(
      id: id, ownerID: owner, title: "Alice's journal", timeZone: "Europe/Paris",
      symptoms: ["Headache", "Fatigue"], createdAt: at(1))
  }

  static func auralystRecord(
    _ id: String, kind: AuralystRecord.Kind, journal: String = "j1", author: String = "alice",
    at seconds: Int, entry: String? = nil, medication: String? = nil,
    zone: String? = "Europe/Paris"
  ) -> AuralystRecord {
    AuralystRecord(
      id: id, journalID: journal, kind: kind, authorID: author, timestamp: at(seconds),
      entryID: entry, medicationID: medication, body: #"{"id":"\#(id)"}"#, updatedAt: at(seconds),
      timeZone: zone)
  }

  /// A record is made in its journal's zone of the moment, and keeps it when it is replaced
  /// after the journal moved.
  @Test(arguments: StoreFactory.all)
  func aRecordKeepsTheZoneItWasMadeIn(_ factory: StoreFactory) async throws {
    try await factory.withDatabase { db in
      try await db.createUser(Self.user("alice"))
      var journal = Self.auralystJournal()
      try await db.auralystStore.createAuralystJournal(journal, events: [], at: Self.at(1))
      let made = Self.auralystRecord("e1", kind: .entry, at: 10, zone: nil)
      try await db.auralystStore.changeAuralyst(journalID: "j1", reading: [], at: Self.at(10)) {
        _ in AuralystChange(inserts: [made])
      }
      #expect(try await db.auralystStore.auralystRecord(id: "e1")?.timeZone == "Europe/Paris")

      journal.timeZone = "America/New_York"
      try await db.auralystStore.updateAuralystJournal(journal, events: [], at: Self.at(11))
      var edited = made
      edited.body = #"{"id":"e1","edited":true}"#
      let later = Self.auralystRecord("e2", kind: .entry, at: 12, zone: nil)
      try await db.auralystStore.changeAuralyst(journalID: "j1", reading: [], at: Self.at(12)) {
        [edited] _ in AuralystChange(puts: [edited, later])
      }
      let stored = try await db.auralystStore.auralystRecords(
        journalID: "j1", kinds: [.entry], from: nil, until: nil)
      #expect(stored.map(\.timeZone) == ["Europe/Paris", "America/New_York"])
      #expect(stored.first?.body == edited.body)
    }
  }

  @Test(arguments: StoreFactory.all)
  func anAuralystJournalIsSharedAndListedForItsPeople(_ factory: StoreFactory) async throws {
    try await factory.withDatabase { db in
      for id in ["alice", "bob", "carol"] { try await db.createUser(Self.user(id)) }
      let journal = Self.auralystJournal()
      let event = NewEvent(
        type: "auralyst.journal", audience: .resource(AuralystStoreSupport.resource("j1")),
        payload: "{}")
      let before = try await db.latestSequence()
      try await db.auralystStore.createAuralystJournal(journal, events: [event], at: Self.at(1))
      #expect(try await db.auralystStore.auralystJournal(id: "j1") == journal)
      #expect(try await db.auralystStore.auralystJournals(userID: "alice") == [journal])
      #expect(try await db.access(AuralystStoreSupport.resource("j1"), userID: "alice") == .owner)
      #expect(try await db.events(after: before, limit: 5).map(\.type) == ["auralyst.journal"])

      let resource = AuralystStoreSupport.resource("j1")
      try await db.putParticipant(
        Participant(
          resource: resource, userID: "bob", status: .invited, permission: .readOnly,
          invitedBy: "alice", updatedAt: Self.at(2)))
      #expect(try await db.auralystStore.auralystJournals(userID: "bob").isEmpty)
      try await db.putParticipant(
        Participant(
          resource: resource, userID: "bob", status: .accepted, permission: .readOnly,
          invitedBy: "alice", updatedAt: Self.at(3)))
      #expect(try await db.auralystStore.auralystJournals(userID: "bob") == [journal])
      #expect(try await db.auralystStore.auralystJournals(userID: "carol").isEmpty)

      var renamed = journal
      renamed.title = "Renamed"
      renamed.symptoms = ["Nausea"]
      try await db.auralystStore.updateAuralystJournal(renamed, events: [], at: Self.at(4))
      #expect(try await db.auralystStore.auralystJournal(id: "j1") == renamed)
      #expect(try await db.share(resource)?.title == "Renamed")
      await #expect(throws: StoreError.notFound) {
        try await db.auralystStore.updateAuralystJournal(
          Self.auralystJournal("nope"), events: [], at: Self.at(4))
      }
    }
  }

  @Test(arguments: StoreFactory.all)
  func auralystWritesAreWholeAndStayInTheirJournal(_ factory: StoreFactory) async throws {
    try await factory.withDatabase { db in
      for id in ["alice", "bob"] { try await db.createUser(Self.user(id)) }
      try await db.auralystStore.createAuralystJournal(
        Self.auralystJournal(), events: [], at: Self.at(1))
      try await db.auralystStore.createAuralystJournal(
        Self.auralystJournal("j2", owner: "bob"), events: [], at: Self.at(1))
      let entry = Self.auralystRecord("e1", kind: .entry, at: 10)
      let medication = Self.auralystRecord("m1", kind: .medication, at: 5)
      let intake = Self.auralystRecord("i1", kind: .intake, at: 11, entry: "e1", medication: "m1")
      let note = Self.auralystRecord("n1", kind: .note, author: "bob", at: 12, entry: "e1")
      try await db.auralystStore.changeAuralyst(journalID: "j1", reading: [], at: Self.at(12)) {
        _ in AuralystChange(puts: [entry, medication, intake, note])
      }
      #expect(
        try await db.auralystStore.auralystRecords(
          journalID: "j1", kinds: [.entry, .intake], from: nil, until: nil)
          == [entry, intake])
      #expect(
        try await db.auralystStore.auralystRecords(
          journalID: "j1", kinds: AuralystRecord.Kind.allCases, from: Self.at(10),
          until: Self.at(11)) == [entry, intake])
      #expect(try await db.auralystStore.auralystRecord(id: "n1") == note)

      // A put into another journal with a taken id fails whole: the other put is not written.
      let stray = Self.auralystRecord("e2", kind: .entry, journal: "j2", author: "bob", at: 13)
      let taken = Self.auralystRecord("e1", kind: .entry, journal: "j2", author: "bob", at: 13)
      await #expect(throws: StoreError.duplicate("id")) {
        try await db.auralystStore.changeAuralyst(journalID: "j2", reading: [], at: Self.at(13)) {
          _ in AuralystChange(puts: [stray, taken])
        }
      }
      #expect(try await db.auralystStore.auralystRecord(id: "e2") == nil)
      #expect(try await db.auralystStore.auralystRecord(id: "e1") == entry)
      // An insert never replaces, even in its own journal.
      var other = entry
      other.authorID = "bob"
      await #expect(throws: StoreError.duplicate("id")) {
        try await db.auralystStore.changeAuralyst(journalID: "j1", reading: [], at: Self.at(13)) {
          [other] _ in AuralystChange(inserts: [other])
        }
      }
      #expect(try await db.auralystStore.auralystRecord(id: "e1") == entry)

      var edited = entry
      edited.body = #"{"id":"e1","edited":true}"#
      edited.updatedAt = Self.at(20)
      try await db.auralystStore.changeAuralyst(journalID: "j1", reading: [], at: Self.at(20)) {
        [edited] _ in AuralystChange(puts: [edited], deletes: ["n1"], detachFrom: ["e1"])
      }
      #expect(try await db.auralystStore.auralystRecord(id: "e1") == edited)
      #expect(try await db.auralystStore.auralystRecord(id: "n1") == nil)
      #expect(try await db.auralystStore.auralystRecord(id: "i1")?.entryID == nil)

      // The change decides from what it read inside the transaction: the medication and the
      // journal's intakes of it. A decision that throws writes nothing.
      var detached = intake
      detached.entryID = nil
      let seen = Mutex<[AuralystRecord]>([])
      await #expect(throws: StoreError.conflict("intakes")) {
        try await db.auralystStore.changeAuralyst(journalID: "j1", reading: ["m1"], at: Self.at(21))
        { stored in
          seen.withLock { $0 = stored }
          if stored.contains(where: { $0.kind == .intake && $0.authorID != "bob" }) {
            throw StoreError.conflict("intakes")
          }
          return AuralystChange(deletes: stored.map(\.id))
        }
      }
      #expect(seen.withLock { $0 } == [medication, detached])
      #expect(try await db.auralystStore.auralystRecord(id: "m1") == medication)
      let read = try await db.auralystStore.changeAuralyst(
        journalID: "j1", reading: ["m1"], at: Self.at(21)
      ) { stored in AuralystChange(deletes: stored.map(\.id)) }
      #expect(read == [medication, detached])
      #expect(
        try await db.auralystStore.auralystRecords(
          journalID: "j1", kinds: AuralystRecord.Kind.allCases, from: nil, until: nil) == [edited])
      await #expect(throws: StoreError.notFound) {
        try await db.auralystStore.changeAuralyst(journalID: "nope", reading: [], at: Self.at(22)) {
          _ in AuralystChange()
        }
      }

      // Many rows at once, as an import writes them, with the symptoms they rate.
      let many = (0..<1200).map { Self.auralystRecord("bulk\($0)", kind: .entry, at: 100 + $0) }
      try await db.auralystStore.changeAuralyst(journalID: "j1", reading: [], at: Self.at(30)) {
        _ in AuralystChange(puts: many, symptoms: ["Headache", "Dizziness"])
      }
      #expect(
        try await db.auralystStore.auralystJournal(id: "j1")?.symptoms == ["Headache", "Dizziness"])
      #expect(
        try await db.auralystStore.auralystRecords(
          journalID: "j1", kinds: [.entry], from: nil, until: nil
        ).count
          == 1201)

      try await db.auralystStore.deleteAuralystJournal(id: "j1", events: [], at: Self.at(40))
      #expect(try await db.auralystStore.auralystJournal(id: "j1") == nil)
      #expect(try await db.auralystStore.auralystRecord(id: "e1") == nil)
      #expect(try await db.share(AuralystStoreSupport.resource("j1")) == nil)
      #expect(try await db.auralystStore.auralystJournals(userID: "alice").isEmpty)
    }
  }
}
