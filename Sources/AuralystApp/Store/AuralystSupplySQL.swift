import AuralystCore
import Foundation
import HearthPlatform
import HearthSQL

/// Medications' supplies, kept in step with their doses inside the change that logs, edits or
/// deletes them: what a stored dose took is given back before its new version (if any) takes,
/// so the count follows every edit. A supply a change takes to its threshold enqueues its
/// refill notice in the same transaction.
enum AuralystSupplySQL {
  static func supplies(_ journalID: String, _ rows: (SQL) async throws -> [SQLRow])
    async throws -> [MedicationSupply]
  {
    try await rows(
      """
      SELECT medication_id, on_hand, unit, refill_at, refill_amount, counted_at, overdrawn,
        notices, notice_sent
      FROM auralyst_supplies WHERE journal_id = \(journalID) ORDER BY medication_id
      """
    ).map { row in
      MedicationSupply(
        medicationID: try row["medication_id"], onHand: try row["on_hand"],
        unit: try row["unit"], refillAt: try row["refill_at"],
        refillAmount: try row["refill_amount"], countedAt: try row["counted_at"],
        overdrawn: try row["overdrawn"], notices: try row["notices"],
        noticeSent: try row["notice_sent"])
    }
  }

  /// The stored versions of the intakes `change` replaces or deletes, of counted medications;
  /// read before it writes.
  static func intakesReplaced(
    by change: AuralystChange, in journalID: String, _ tx: any SQLTransaction
  ) async throws -> [MedicationIntake] {
    let ids = change.puts.filter { $0.kind == .intake }.map(\.id) + change.deletes
    guard !ids.isEmpty,
      try await tx.row(
        "SELECT 1 AS counted FROM auralyst_supplies WHERE journal_id = \(journalID) LIMIT 1")
        != nil
    else { return [] }
    var intakes: [MedicationIntake] = []
    for batch in ids.chunks(of: 500) {
      let rows = try await tx.rows(
        """
        SELECT \(AuralystSQLStore.recordColumns) FROM auralyst_records
        WHERE journal_id = \(journalID) AND kind = 'intake' AND id IN \(list: Array(batch))
          AND medication_id IN (
            SELECT medication_id FROM auralyst_supplies WHERE journal_id = \(journalID))
        """)
      intakes += try rows.map(AuralystSQLStore.record).compactMap(AuralystRecordCoding.intake)
    }
    return intakes
  }

  /// Applies the change's supply edits and what its intakes take and give back, after its
  /// records are written (a deleted medication's supply has gone with it).
  static func settle(
    _ change: AuralystChange, replaced: [MedicationIntake], in journalID: String, at now: Date,
    _ tx: any SQLTransaction
  ) async throws {
    let logged = (change.inserts + change.puts).filter { $0.kind == .intake }
    guard !change.supplies.isEmpty || !replaced.isEmpty || !logged.isEmpty else { return }
    let stored = try await supplies(journalID, tx.rows)
    guard !stored.isEmpty || !change.supplies.isEmpty else { return }
    var supplies = Dictionary(uniqueKeysWithValues: stored.map { ($0.medicationID, $0) })
    var changed: Set<String> = []
    for (medicationID, edit) in change.supplies.sorted(by: { $0.key < $1.key }) {
      guard
        try await tx.row(
          """
          SELECT id FROM auralyst_records
          WHERE id = \(medicationID) AND journal_id = \(journalID) AND kind = 'medication'
          """) != nil
      else { throw StoreError.notFound }
      supplies[medicationID] = try edit.applied(
        to: supplies[medicationID], medicationID: medicationID, at: now)
      changed.insert(medicationID)
    }
    let added = try logged.compactMap(AuralystRecordCoding.intake).filter {
      supplies[$0.medicationID] != nil
    }
    var due: [MedicationSupply] = []
    for medicationID in Set((added + replaced).map(\.medicationID)).sorted() {
      guard let supply = supplies[medicationID] else { continue }
      let (next, notify) = supply.logged(
        removing: replaced.filter { $0.medicationID == medicationID },
        adding: added.filter { $0.medicationID == medicationID })
      guard next != supply else { continue }
      supplies[medicationID] = next
      changed.insert(medicationID)
      if notify { due.append(next) }
    }
    for medicationID in changed.sorted() {
      guard let supply = supplies[medicationID] else {
        try await tx.execute(
          """
          DELETE FROM auralyst_supplies
          WHERE journal_id = \(journalID) AND medication_id = \(medicationID)
          """)
        continue
      }
      try await write(supply, journalID: journalID, at: now, tx)
    }
    for supply in due {
      let (job, id) = AuralystSupplies.noticeJob(supply, journalID: journalID, at: now)
      try await tx.enqueue(job, id: id, at: now)
    }
  }

  /// Another journal's medication id never takes this journal's supply: the row is not
  /// written, and the change is refused.
  private static func write(
    _ supply: MedicationSupply, journalID: String, at now: Date, _ tx: any SQLTransaction
  ) async throws {
    let written = try await tx.rows(
      """
      INSERT INTO auralyst_supplies (medication_id, journal_id, on_hand, unit, refill_at,
        refill_amount, counted_at, overdrawn, notices, notice_sent, updated_at)
      VALUES (\(supply.medicationID), \(journalID), \(supply.onHand), \(supply.unit),
        \(supply.refillAt), \(supply.refillAmount), \(supply.countedAt), \(supply.overdrawn),
        \(supply.notices), \(supply.noticeSent), \(now))
      ON CONFLICT (medication_id) DO UPDATE SET on_hand = excluded.on_hand,
        unit = excluded.unit, refill_at = excluded.refill_at,
        refill_amount = excluded.refill_amount, counted_at = excluded.counted_at,
        overdrawn = excluded.overdrawn, notices = excluded.notices,
        notice_sent = excluded.notice_sent, updated_at = excluded.updated_at
      WHERE auralyst_supplies.journal_id = excluded.journal_id
      RETURNING medication_id
      """)
    guard !written.isEmpty else { throw StoreError.notFound }
  }
}
