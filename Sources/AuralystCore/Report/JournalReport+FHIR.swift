import Foundation

/// The report as a FHIR R4 Bundle: the journal's owner as the Patient; an Observation per entry
/// (its overall severity, each symptom's rating and menstruation as components, its notes) and
/// per factor value; per medication a Medication and a MedicationStatement with its schedule
/// as dosage; a MedicationAdministration per dose logged, and per dose missed (not-done).
/// Journal-defined things (symptoms, factors, medications) have no standard code: they are
/// named by text.
extension JournalReport {
  /// `scheduleText` words a dose time as the pages do ("Morning at 08:00, every day").
  public func fhir(scheduleText: (MedicationSchedule) -> String) -> FHIRJSON {
    var bundle = FHIRBundle(namespace: journal.id)
    let patient = bundle.add(
      "Patient", key: journal.ownerID,
      ["name": ownerName.isEmpty ? nil : [["text": .string(ownerName)]]])
    addEntries(to: &bundle, patient: patient)
    addFactorValues(to: &bundle, patient: patient)
    addMedications(to: &bundle, patient: patient, scheduleText: scheduleText)
    return bundle.json(timestamp: ISOTime.string(now, clock: clocks.journal))
  }

  static let identifierSystem = "urn:hearth:auralyst"
  static let category: FHIRJSON = [
    [
      "coding": [
        [
          "system": "http://terminology.hl7.org/CodeSystem/observation-category",
          "code": "survey", "display": "Survey",
        ]
      ]
    ]
  ]

  static func identifier(_ kind: String, _ id: String) -> FHIRJSON {
    [["system": "\(identifierSystem):\(kind)", "value": .string(id)]]
  }

  /// The clocks of the report's records, over its days.
  var clocks: RecordClocks {
    let start = Date(timeIntervalSince1970: Double(period.first - 2) * 86_400)
    return RecordClocks(
      journal: TimeZone(identifier: journal.timeZone) ?? .gmt,
      recordZones: entries.map(\.timeZone) + doseLog.unscheduled.map(\.timeZone)
        + doseLog.doses.compactMap(\.intake?.timeZone),
      span: start...max(start, now))
  }

  private func addEntries(to bundle: inout FHIRBundle, patient: FHIRJSON) {
    let clocks = clocks
    for entry in entries {
      var components: [FHIRJSON] = entry.symptomSeverities.sorted { $0.key < $1.key }.map {
        [
          "code": ["text": "\($0.key) severity (0 none to 10 worst)"],
          "valueInteger": .integer($0.value),
        ]
      }
      if let menstruating = entry.isMenstruating {
        components.append(["code": ["text": "Menstruating"], "valueBoolean": .bool(menstruating)])
      }
      var notes: [FHIRJSON] = entry.note.map { [["text": .string($0)]] } ?? []
      notes += self.notes(about: entry.id).map { note in
        [
          "authorString": .string(note.authorName),
          "time": .string(ISOTime.string(note.timestamp, clock: clocks.journal)),
          "text": .string(note.text),
        ]
      }
      bundle.add(
        "Observation", key: entry.id,
        [
          "identifier": Self.identifier("entry", entry.id), "status": "final",
          "category": Self.category,
          "code": ["text": "Overall symptom severity (0 none to 10 worst)"], "subject": patient,
          "effectiveDateTime": .string(
            ISOTime.string(entry.timestamp, clock: clocks.clock(entry.timeZone))),
          "valueInteger": .integer(entry.severity),
          "note": notes.isEmpty ? nil : .array(notes),
          "component": components.isEmpty ? nil : .array(components),
        ])
    }
  }

  private func addFactorValues(to bundle: inout FHIRBundle, patient: FHIRJSON) {
    let factors = Dictionary(factors.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    for value in factorValues {
      guard let factor = factors[value.factorID] else { continue }
      let name: String
      let reading: FHIRJSON.Member?
      switch factor.kind {
      case .number:
        name = factor.unit.map { "\(factor.name) (\($0))" } ?? factor.name
        reading = value.number.map {
          FHIRJSON.Member("valueQuantity", Self.quantity($0, factor.unit))
        }
      case .scale:
        name = "\(factor.name) (1 to 5)"
        reading = value.number.map { FHIRJSON.Member("valueInteger", .integer(Int($0))) }
      case .yesNo:
        name = factor.name
        reading = value.number.map { FHIRJSON.Member("valueBoolean", .bool($0 == 1)) }
      case .tags:
        name = factor.name
        reading = value.tags.map {
          FHIRJSON.Member("valueString", .string($0.joined(separator: ", ")))
        }
      }
      guard let reading else { continue }
      bundle.add(
        "Observation", key: "\(factor.id)/\(value.day)",
        FHIRJSON.object([
          .init("identifier", Self.identifier("factor-value", "\(factor.id)/\(value.day)")),
          .init("status", "final"), .init("category", Self.category),
          .init("code", ["text": .string(name)]), .init("subject", patient),
          // A factor's value is for a whole day of the journal.
          .init("effectiveDateTime", .string(value.day)), reading,
        ]))
    }
  }
}
