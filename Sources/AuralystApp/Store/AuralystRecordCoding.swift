import AuralystCore
import Foundation
import HearthPlatform

/// Journal records to and from the store's rows. The row's columns (author, entry, medication)
/// win over the JSON, as the store keeps those consistent.
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

  public static func entry(_ record: AuralystRecord) -> SymptomEntry? {
    guard record.kind == .entry,
      var entry = try? StoreJSON.decode(SymptomEntry.self, record.body)
    else { return nil }
    entry.authorID = record.authorID
    return entry
  }

  public static func medication(_ record: AuralystRecord) -> Medication? {
    guard record.kind == .medication,
      var medication = try? StoreJSON.decode(Medication.self, record.body)
    else { return nil }
    medication.authorID = record.authorID
    return medication
  }

  public static func intake(_ record: AuralystRecord) -> MedicationIntake? {
    guard record.kind == .intake,
      var intake = try? StoreJSON.decode(MedicationIntake.self, record.body)
    else { return nil }
    intake.authorID = record.authorID
    intake.entryID = record.entryID
    return intake
  }

  public static func note(_ record: AuralystRecord) -> CollaboratorNote? {
    guard record.kind == .note,
      var note = try? StoreJSON.decode(CollaboratorNote.self, record.body)
    else { return nil }
    note.authorID = record.authorID
    note.entryID = record.entryID
    return note
  }
}
