import AuralystCore
import Foundation
import HearthCore
import HearthPlatform
import HearthSQL

/// One stored row of a journal: an entry, a medication (with its schedules), an intake or a
/// collaborator note. The record itself travels as JSON; what the store must query or keep
/// consistent (who wrote it, when, which entry or medication it points at) has its own column,
/// and those columns win over the JSON.
public struct AuralystRecord: Equatable, Sendable {
  public enum Kind: String, Sendable, CaseIterable, Codable {
    case entry, medication, intake, note
  }

  public var id: String
  public var journalID: String
  public var kind: Kind
  public var authorID: String
  public var timestamp: Date
  public var entryID: String?
  public var medicationID: String?
  public var body: String
  public var updatedAt: Date
  /// The zone the journal was in when the record was made: its day is that zone's. Nil on a
  /// record not yet stored, which the store makes in the journal's zone of the moment.
  public var timeZone: String?

  public init(
    id: String, journalID: String, kind: Kind, authorID: String, timestamp: Date,
    entryID: String? = nil, medicationID: String? = nil, body: String, updatedAt: Date,
    timeZone: String? = nil
  ) {
    self.timeZone = timeZone
    self.id = id
    self.journalID = journalID
    self.kind = kind
    self.authorID = authorID
    self.timestamp = timestamp
    self.entryID = entryID
    self.medicationID = medicationID
    self.body = body
    self.updatedAt = updatedAt
  }
}

/// What one change writes to a journal, decided from the records the store read for it.
public struct AuralystChange: Sendable {
  /// New records; an id stored already, in any journal, throws `StoreError.duplicate("id")`.
  public var inserts: [AuralystRecord]
  /// Records inserted, or replacing the one of the same id in this journal; an id another
  /// journal holds throws `StoreError.duplicate("id")`.
  public var puts: [AuralystRecord]
  public var deletes: [String]
  /// Intakes and notes that pointed at these entries keep going without them.
  public var detachFrom: [String]
  /// A new symptom list for the journal, saved with the records that rate them.
  public var symptoms: [String]?
  /// New factors of the journal (an id or name taken throws), and values for its factors; a
  /// day that has a value keeps it.
  public var factors: [Factor]
  public var factorValues: [FactorValue]
  /// Edits of medications' supplies, by medication id. Whatever the change does to intakes
  /// of counted medications (logs, edits, deletes) is taken from or given back to their supply
  /// too, and a supply it takes to its threshold enqueues its refill notice.
  public var supplies: [String: SupplyEdit]
  public var events: [NewEvent]

  public init(
    inserts: [AuralystRecord] = [], puts: [AuralystRecord] = [], deletes: [String] = [],
    detachFrom: [String] = [], symptoms: [String]? = nil, factors: [Factor] = [],
    factorValues: [FactorValue] = [], supplies: [String: SupplyEdit] = [:],
    events: [NewEvent] = []
  ) {
    self.supplies = supplies
    self.factors = factors
    self.factorValues = factorValues
    self.inserts = inserts
    self.puts = puts
    self.deletes = deletes
    self.detachFrom = detachFrom
    self.symptoms = symptoms
    self.events = events
  }
}

public protocol AuralystStore: Sendable {
  /// The journal and its share (so it can be shared, and its events reach its owner), together.
  func createAuralystJournal(_ journal: Journal, events: [NewEvent], at: Date) async throws
  func auralystJournal(id: String) async throws -> Journal?
  /// The journals the account owns or has accepted an invitation to, oldest first.
  func auralystJournals(userID: String) async throws -> [Journal]
  /// Saves the title, zone and symptom list.
  func updateAuralystJournal(_ journal: Journal, events: [NewEvent], at: Date) async throws
  /// Removes the journal, its records, its share and participants.
  func deleteAuralystJournal(id: String, events: [NewEvent], at: Date) async throws
  /// A journal's records of the given kinds, by timestamp then id; `from`/`until` bound the
  /// timestamp (inclusive).
  func auralystRecords(
    journalID: String, kinds: [AuralystRecord.Kind], from: Date?, until: Date?
  ) async throws -> [AuralystRecord]
  /// The record with this id, in whichever journal it is.
  func auralystRecord(id: String) async throws -> AuralystRecord?
  /// Holds the journal against every other change while `decide` makes this one from the
  /// stored records with these ids (in any journal) and the journal's intakes of those that
  /// are medications; then writes the change and its events together. Anything that throws,
  /// `decide` included, writes nothing. Returns what `decide` was given;
  /// `StoreError.notFound` when the journal does not exist. A supply edit that does not hold
  /// throws its `ValidationError`.
  @discardableResult
  func changeAuralyst(
    journalID: String, reading ids: [String], at: Date,
    decide: @escaping @Sendable (_ stored: [AuralystRecord]) throws -> AuralystChange
  ) async throws -> [AuralystRecord]
  /// The journal's counted supplies, by medication id.
  func auralystSupplies(journalID: String) async throws -> [MedicationSupply]
}

/// What the stores share about Auralyst.
public enum AuralystStoreSupport {
  public static func resource(_ journalID: String) -> ResourceRef {
    ResourceRef(app: "auralyst", kind: "journal", id: journalID)
  }

  public static func share(_ journal: Journal) -> Share {
    Share(
      resource: resource(journal.id), ownerID: journal.ownerID, title: journal.title,
      createdAt: journal.createdAt)
  }

  public static func encodeSymptoms(_ symptoms: [String]) -> String {
    String(decoding: (try? JSONEncoder().encode(symptoms)) ?? Data("[]".utf8), as: UTF8.self)
  }

  public static func decodeSymptoms(_ text: String) throws -> [String] {
    try StoreJSON.decode([String].self, text)
  }
}
