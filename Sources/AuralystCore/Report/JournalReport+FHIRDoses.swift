import Foundation

/// Medications and doses as FHIR R4: a Medication and a MedicationStatement per medication, a
/// MedicationAdministration per dose logged (completed; a skipped dose not-done; a late one
/// says so in its note) and per dose missed in the period (not-done: the journal counts a dose
/// nobody logged within its grace period as not taken).
extension JournalReport {
  static let weekdayCodes = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"]

  func addMedications(
    to bundle: inout FHIRBundle, patient: FHIRJSON,
    scheduleText: (MedicationSchedule) -> String
  ) {
    let clocks = clocks
    var references: [String: FHIRJSON] = [:]
    for medication in medications {
      let reference = bundle.add(
        "Medication", key: medication.id,
        [
          "identifier": Self.identifier("medication", medication.id),
          "code": ["text": .string(medication.name)],
        ])
      references[medication.id] = reference
      let dosage: [FHIRJSON] =
        medication.isAsNeeded
        ? [asNeededDosage(medication)]
        : medication.doses.filter(\.isActive).map { dose in
          scheduledDosage(medication, dose, text: scheduleText(dose))
        }
      let firstDay = medication.firstDay(in: clocks.clock(medication.timeZone))
      bundle.add(
        "MedicationStatement", key: medication.id,
        [
          "identifier": Self.identifier("medication", medication.id),
          "status": dosage.isEmpty ? "on-hold" : "active",
          "medicationReference": reference, "subject": patient,
          "effectivePeriod": firstDay.map { day -> FHIRJSON in
            ["start": .string(CalendarDay(daysSince1970: day).description)]
          },
          "dateAsserted": .string(ISOTime.string(now, clock: clocks.journal)),
          "note": medication.notes.map { text -> FHIRJSON in [["text": .string(text)]] },
          "dosage": dosage.isEmpty ? nil : .array(dosage),
        ])
    }
    let byID = Dictionary(medications.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    for dose in doseLog.doses {
      guard let medication = byID[dose.medicationID], let reference = references[medication.id]
      else { continue }
      let schedule = medication.doses.first { $0.id == dose.scheduleID }
      let due = ISOTime.string(dose.time, clock: clocks.journal)
      let when = "the dose due \(due.prefix(16).replacingOccurrences(of: "T", with: " "))"
      switch dose.state {
      case .due: continue
      case .missed:
        bundle.add(
          "MedicationAdministration",
          key: "missed/\(medication.id)/\(dose.scheduleID)/\(dose.day)",
          administration(
            status: "not-done",
            reason: "Missed: not logged within \(Int(journal.doseGrace / 60)) minutes of its time",
            medication: reference, patient: patient, effective: due,
            amount: (schedule?.amount ?? medication.defaultAmount),
            unit: schedule?.unit ?? medication.defaultUnit, notes: ["Missed \(when)."]))
      case .taken, .late, .skipped:
        guard let intake = dose.intake else { continue }
        let lateness =
          dose.state == .late
          ? "Taken late, after the journal's grace period of \(Int(journal.doseGrace / 60)) "
            + "minutes: \(when)."
          : dose.state == .skipped ? "Skipped \(when)." : "Taken for \(when)."
        bundle.add(
          "MedicationAdministration", key: intake.id,
          administration(
            status: dose.state == .skipped ? "not-done" : "completed",
            reason: dose.state == .skipped ? "Skipped" : nil, identifier: intake.id,
            medication: reference, patient: patient,
            effective: dose.state == .skipped
              ? due : ISOTime.string(intake.timestamp, clock: clocks.clock(intake.timeZone)),
            amount: intake.amount ?? schedule?.amount ?? medication.defaultAmount,
            unit: intake.unit ?? schedule?.unit ?? medication.defaultUnit,
            notes: [lateness] + (intake.note.map { [$0] } ?? [])))
      }
    }
    for intake in doseLog.unscheduled {
      guard let medication = byID[intake.medicationID], let reference = references[medication.id]
      else { continue }
      bundle.add(
        "MedicationAdministration", key: intake.id,
        administration(
          status: intake.status == .skipped ? "not-done" : "completed",
          reason: intake.status == .skipped ? "Skipped" : nil, identifier: intake.id,
          medication: reference, patient: patient,
          effective: ISOTime.string(intake.timestamp, clock: clocks.clock(intake.timeZone)),
          amount: intake.amount ?? medication.defaultAmount,
          unit: intake.unit ?? medication.defaultUnit,
          notes: notes(of: intake)))
    }
  }

  private func administration(
    status: String, reason: String?, identifier: String? = nil, medication: FHIRJSON,
    patient: FHIRJSON, effective: String, amount: Double?, unit: String?, notes: [String]
  ) -> FHIRJSON {
    [
      "identifier": identifier.map { Self.identifier("intake", $0) }, "status": .string(status),
      "statusReason": reason.map { text -> FHIRJSON in [["text": .string(text)]] },
      "medicationReference": medication,
      "subject": patient, "effectiveDateTime": .string(effective),
      "note": notes.isEmpty ? nil : .array(notes.map { ["text": .string($0)] }),
      // A dosage needs a dose (R4's mad-1): none without an amount.
      "dosage": amount.map { amount -> FHIRJSON in ["dose": Self.quantity(amount, unit)] },
    ]
  }

  /// What a dose logged beside its schedule says of itself.
  private func notes(of intake: MedicationIntake) -> [String] {
    var notes: [String] = []
    if intake.origin == .asNeeded { notes.append("Taken as needed.") }
    if intake.status == .late { notes.append("Taken late.") }
    if let note = intake.note { notes.append(note) }
    return notes
  }

  static func quantity(_ amount: Double, _ unit: String?) -> FHIRJSON {
    ["value": .decimal(amount), "unit": unit.map(FHIRJSON.string)]
  }

  private func scheduledDosage(
    _ medication: Medication, _ schedule: MedicationSchedule, text: String
  ) -> FHIRJSON {
    let time: FHIRJSON = [.string(String(format: "%02d:%02d:00", schedule.hour, schedule.minute))]
    let repeating: FHIRJSON
    switch schedule.cadence {
    case .weekdays(let days):
      repeating = [
        "dayOfWeek": days.count == 7
          ? nil : .array(days.sorted().map { .string(Self.weekdayCodes[$0 - 1]) }),
        "timeOfDay": time,
        "boundsPeriod": schedule.startDay.map { day -> FHIRJSON in ["start": .string(day)] },
      ]
    case .everyDays(let interval, let start):
      repeating = [
        "frequency": 1, "period": .integer(interval), "periodUnit": "d", "timeOfDay": time,
        "boundsPeriod": ["start": .string(start)],
      ]
    }
    let amount = schedule.amount ?? medication.defaultAmount
    let unit = schedule.unit ?? medication.defaultUnit
    return [
      "text": .string(
        [text, amount.map { Self.amountText($0, unit) }].compactMap { $0 }.joined(separator: ", ")),
      "timing": ["repeat": repeating],
      "doseAndRate": amount.map { amount -> FHIRJSON in
        [["doseQuantity": Self.quantity(amount, unit)]]
      },
    ]
  }

  private func asNeededDosage(_ medication: Medication) -> FHIRJSON {
    let amount = medication.defaultAmount
    return [
      "text": .string(
        [
          "As needed", medication.useCase.map { "for \($0)" },
          amount.map { Self.amountText($0, medication.defaultUnit) },
        ]
        .compactMap { $0 }.joined(separator: ", ")),
      "asNeededCodeableConcept": medication.useCase.map { use -> FHIRJSON in
        ["text": .string(use)]
      },
      "asNeededBoolean": medication.useCase == nil ? true : nil,
      "doseAndRate": amount.map { amount -> FHIRJSON in
        [["doseQuantity": Self.quantity(amount, medication.defaultUnit)]]
      },
    ]
  }

  static func amountText(_ value: Double, _ unit: String?) -> String {
    let number = value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    return [number, unit].compactMap { $0 }.joined(separator: " ")
  }
}
