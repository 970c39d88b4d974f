import AuralystCore
import Foundation
import HearthPlatform
import HearthSQL

/// Journal records to and from the store's rows. The row's columns (author, entry, medication,
/// zone) win over the JSON, as the store keeps those consistent.
public enum AuralystRecordCoding {
  public static func body(_ value: some Encodable) -> String { StoreJSON.encode(value) }

  public static func record(_ entry: SymptomEntry, at: Date) -> AuralystRecord {
    AuralystRecord(
      id: entry.id, journalID: entry.journalID, kind: .entry, authorID: entry.authorID,
      timestamp: entry.timestamp, body: body(entry), updatedAt: at)
  }

  public static func record(_ medication: Medication, at: Date) -> AuralystRecord {
    AuralystRecord(
      id: medication.id, journalID: medication.journalID, kind: .medication,
      authorID: medication.authorID, timestamp: Date(timeIntervalSince1970: 0),
      body: body(medication), updatedAt: at)
  }

  public static func record(_ intake: MedicationIntake, journalID: String, at: Date)
    -> AuralystRecord
  {
    AuralystRecord(
      id: intake.id, journalID: journalID, kind: .intake, authorID: intake.authorID,
      timestamp: intake.timestamp, entryID: intake.entryID, medicationID: intake.medicationID,
      body: body(intake), updatedAt: at)
  }

  public static func record(_ note: CollaboratorNote, at: Date) -> AuralystRecord {
    AuralystRecord(
      id: note.id, journalID: note.journalID, kind: .note, authorID: note.authorID,
      timestamp: note.timestamp, entryID: note.entryID, body: body(note), updatedAt: at)
  }

  /// The entry a record holds; nil for other kinds. A body that does not decode throws.
  public static func entry(_ record: AuralystRecord) throws -> SymptomEntry? {
    guard record.kind == .entry else { return nil }
    var entry = try decode(SymptomEntry.self, record)
    entry.authorID = record.authorID
    entry.timeZone = record.timeZone
    return entry
  }

  /// The medication a record holds; nil for other kinds. A body that does not decode throws.
  public static func medication(_ record: AuralystRecord) throws -> Medication? {
    guard record.kind == .medication else { return nil }
    var medication = try decode(Medication.self, record)
    medication.authorID = record.authorID
    medication.timeZone = record.timeZone
    return medication
  }

  /// The intake a record holds; nil for other kinds. A body that does not decode throws.
  public static func intake(_ record: AuralystRecord) throws -> MedicationIntake? {
    guard record.kind == .intake else { return nil }
    var intake = try decode(MedicationIntake.self, record)
    intake.authorID = record.authorID
    intake.timeZone = record.timeZone
    intake.entryID = record.entryID
    return intake
  }

  /// The note a record holds; nil for other kinds. A body that does not decode throws.
  public static func note(_ record: AuralystRecord) throws -> CollaboratorNote? {
    guard record.kind == .note else { return nil }
    var note = try decode(CollaboratorNote.self, record)
    note.authorID = record.authorID
    note.entryID = record.entryID
    return note
  }

  private static func decode<Value: Decodable>(_ type: Value.Type, _ record: AuralystRecord)
    throws -> Value
  {
    do { return try StoreJSON.decode(type, record.body) } catch {
      throw StoreError.unreadable("auralyst record \(record.id): \(error)")
    }
  }
}
