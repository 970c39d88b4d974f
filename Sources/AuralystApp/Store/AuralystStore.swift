import AuralystCore
import Foundation
import HearthCore
import HearthPlatform

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

  public init(
    id: String, journalID: String, kind: Kind, authorID: String, timestamp: Date,
    entryID: String? = nil, medicationID: String? = nil, body: String, updatedAt: Date
  ) {
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

/// Everything one change does to a journal's records, applied in one transaction.
public struct AuralystWrite: Sendable {
  /// Inserted, or replacing the record with the same id (unless `insertOnly`).
  public var puts: [AuralystRecord] = []
  /// Puts only add: a record whose id is stored already throws `StoreError.duplicate("id")`.
  public var insertOnly = false
  public var deletes: [String] = []
  /// Intakes of these medications go with them.
  public var deleteIntakesOf: [String] = []
  /// When set, those intakes must all be this account's, or the write throws
  /// `StoreError.conflict("intakes")` and changes nothing.
  public var intakesOnlyBy: String?
  /// Intakes and notes that pointed at these entries keep going without them.
  public var detachFrom: [String] = []
  /// A new symptom list for the journal, saved with the records that rate them.
  public var symptoms: [String]?

  public init(
    puts: [AuralystRecord] = [], deletes: [String] = [], deleteIntakesOf: [String] = [],
    detachFrom: [String] = [], symptoms: [String]? = nil, insertOnly: Bool = false
  ) {
    self.puts = puts
    self.deletes = deletes
    self.deleteIntakesOf = deleteIntakesOf
    self.detachFrom = detachFrom
    self.symptoms = symptoms
    self.insertOnly = insertOnly
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
  /// Applies `write` and appends `events` in one transaction. A put whose id belongs to
  /// another journal throws `StoreError.duplicate("id")` and writes nothing.
  func writeAuralyst(journalID: String, _ write: AuralystWrite, events: [NewEvent], at: Date)
    async throws
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

  public static func decodeSymptoms(_ text: String) -> [String] {
    (try? JSONDecoder().decode([String].self, from: Data(text.utf8))) ?? []
  }
}
