import Foundation

extension JournalExport {
  static let entryColumns = ["id", "journal_id", "timestamp", "severity"]
  static let entryTrailingColumns = ["isMenstruating", "note", "author_id"]
  static let noteColumns = [
    "id", "journal_id", "entry_id", "author_id", "author_name", "text", "timestamp",
  ]
  static let medicationColumns = [
    "id", "journal_id", "name", "defaultAmount", "defaultUnit", "isAsNeeded", "useCase", "notes",
    "author_id", "startDate",
  ]
  static let intakeColumns = [
    "id", "medication_id", "entry_id", "schedule_id", "amount", "unit", "timestamp",
    "scheduledDate", "origin", "notes", "author_id",
  ]
  static let scheduleColumns = [
    "id", "medication_id", "label", "amount", "unit", "cadence", "interval", "daysOfWeekMask",
    "hour", "minute", "startDate", "isActive", "sortOrder",
  ]

  /// The sectioned CSV; each entry's symptom ratings sit in one column per symptom of the
  /// journal's list, between `severity` and `isMenstruating`.
  public func csv() -> String {
    let file = rows()
    let summary = file.summary ?? self.summary
    let sections: [CSVSections.Section] = [
      .init(
        name: "journal", header: ["id", "createdAt", "title", "timeZone", "symptoms"],
        rows: [
          [
            file.journal.id, file.journal.createdAt, journal.title, journal.timeZone,
            Self.jsonText(journal.symptoms),
          ]
        ]),
      .init(
        name: "summary", header: ["metric", "value"],
        rows: [
          ["exportedEntries", String(summary.exportedEntries)],
          ["exportedMedications", String(summary.exportedMedications)],
          ["exportedSchedules", String(summary.exportedSchedules)],
          ["exportedIntakes", String(summary.exportedIntakes)],
          ["exportedCollaboratorNotes", String(summary.exportedCollaboratorNotes)],
        ]),
      .init(
        name: "symptom_entries",
        header: Self.entryColumns + journal.symptoms + Self.entryTrailingColumns,
        rows: file.entries.map { entry in
          [entry.id, entry.journalID, entry.timestamp, String(entry.severity)]
            + journal.symptoms.map { name in entry.symptoms?[name].map(String.init) ?? "" }
            + [Self.text(entry.isMenstruating), entry.note ?? "", entry.authorID ?? ""]
        }),
      .init(
        name: "collaborator_notes", header: Self.noteColumns,
        rows: file.collaboratorNotes.map { note in
          [
            note.id, note.journalID, note.entryID ?? "", note.authorID ?? "",
            note.authorName ?? "", note.text ?? "", note.timestamp,
          ]
        }),
      .init(
        name: "medications", header: Self.medicationColumns,
        rows: file.medications.map { medication in
          [
            medication.id, medication.journalID, medication.name,
            Self.text(medication.defaultAmount), medication.defaultUnit ?? "",
            Self.text(medication.isAsNeeded), medication.useCase ?? "", medication.notes ?? "",
            medication.authorID ?? "", medication.startDate ?? "",
          ]
        }),
      .init(
        name: "medication_intakes", header: Self.intakeColumns,
        rows: file.intakes.map { intake in
          [
            intake.id, intake.medicationID, intake.entryID ?? "", intake.scheduleID ?? "",
            Self.text(intake.amount), intake.unit ?? "", intake.timestamp,
            intake.scheduledDate ?? "", intake.origin ?? "", intake.notes ?? "",
            intake.authorID ?? "",
          ]
        }),
      .init(
        name: "medication_schedules", header: Self.scheduleColumns,
        rows: file.schedules.map { schedule in
          [
            schedule.id, schedule.medicationID, schedule.label ?? "", Self.text(schedule.amount),
            schedule.unit ?? "", schedule.cadence ?? "", Self.text(schedule.interval),
            Self.text(schedule.daysOfWeekMask), Self.text(schedule.hour),
            Self.text(schedule.minute), schedule.startDate ?? "", Self.text(schedule.isActive),
            Self.text(schedule.sortOrder),
          ]
        }),
    ]
    return CSVSections(sections: sections + Self.factorSections(file)).text()
  }

  static func text(_ value: Bool?) -> String { value.map { $0 ? "true" : "false" } ?? "" }
  static func text(_ value: Int?) -> String { value.map(String.init) ?? "" }

  static func text(_ value: Double?) -> String {
    guard let value else { return "" }
    if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    return "\(value)"
  }

  static func jsonText(_ value: some Encodable) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return String(decoding: (try? encoder.encode(value)) ?? Data(), as: UTF8.self)
  }
}

/// Reads a sectioned CSV into the rows the JSON file has, naming any bad row by its line.
struct CSVReader {
  let sections: [String: CSVSections.Section]

  init(_ text: String) throws(ImportProblem) {
    do {
      var sections: [String: CSVSections.Section] = [:]
      for section in try CSVSections(parsing: text).sections { sections[section.name] = section }
      self.sections = sections
    } catch {
      throw ImportProblem(row: "line \(error.line)", "The CSV is malformed: \(error.message).")
    }
  }

  func file() throws(ImportProblem) -> (ExportRows.File, RowLabels) {
    var file = ExportRows.File(
      journal: try journal(), summary: nil, entries: [], collaboratorNotes: [], medications: [],
      intakes: [], schedules: [])
    var labels = RowLabels()
    try readFactors(into: &file, &labels)

    if let section = sections["symptom_entries"] {
      let fixed = Set(JournalExport.entryColumns + JournalExport.entryTrailingColumns)
        .union(JournalImport.sentimentColumns)
      let symptomColumns = section.header.filter { !fixed.contains($0) }
      for index in section.rows.indices {
        let row = try Row(section, index)
        var ratings: [String: Int] = [:]
        for name in symptomColumns {
          if let rating = try row.int(name) { ratings[name] = rating }
        }
        file.entries.append(
          .init(
            id: try row.required("id"), journalID: try row.required("journal_id"),
            timestamp: try row.required("timestamp"),
            severity: try row.required("severity", Int.init),
            symptoms: ratings.isEmpty ? nil : ratings,
            isMenstruating: try row.bool("isMenstruating"),
            note: row.value("note"), authorID: row.value("author_id")))
        labels.entries.append(row.label)
      }
    }
    if let section = sections["collaborator_notes"] {
      for index in section.rows.indices {
        let row = try Row(section, index)
        file.collaboratorNotes.append(
          .init(
            id: try row.required("id"), journalID: try row.required("journal_id"),
            entryID: row.value("entry_id"), authorID: row.value("author_id"),
            authorName: row.value("author_name"), text: row.value("text"),
            timestamp: try row.required("timestamp")))
        labels.notes.append(row.label)
      }
    }
    if let section = sections["medications"] {
      for index in section.rows.indices {
        let row = try Row(section, index)
        file.medications.append(
          .init(
            id: try row.required("id"), journalID: try row.required("journal_id"),
            name: row.value("name") ?? "", defaultAmount: try row.double("defaultAmount"),
            defaultUnit: row.value("defaultUnit"), isAsNeeded: try row.bool("isAsNeeded"),
            useCase: row.value("useCase"), notes: row.value("notes"),
            authorID: row.value("author_id"), startDate: row.value("startDate")))
        labels.medications.append(row.label)
      }
    }
    if let section = sections["medication_intakes"] {
      for index in section.rows.indices {
        let row = try Row(section, index)
        file.intakes.append(
          .init(
            id: try row.required("id"), medicationID: try row.required("medication_id"),
            entryID: row.value("entry_id"), scheduleID: row.value("schedule_id"),
            amount: try row.double("amount"), unit: row.value("unit"),
            timestamp: try row.required("timestamp"), scheduledDate: row.value("scheduledDate"),
            origin: row.value("origin"), notes: row.value("notes"),
            authorID: row.value("author_id")))
        labels.intakes.append(row.label)
      }
    }
    if let section = sections["medication_schedules"] {
      for index in section.rows.indices {
        let row = try Row(section, index)
        file.schedules.append(
          .init(
            id: try row.required("id"), medicationID: try row.required("medication_id"),
            label: row.value("label"), amount: try row.double("amount"), unit: row.value("unit"),
            cadence: row.value("cadence"), interval: try row.int("interval"),
            daysOfWeekMask: try row.int("daysOfWeekMask"), hour: try row.int("hour"),
            minute: try row.int("minute"), startDate: row.value("startDate"),
            isActive: try row.bool("isActive"), sortOrder: try row.int("sortOrder")))
        labels.schedules.append(row.label)
      }
    }
    return (file, labels)
  }

  /// The journal section's row. The reference app's first exports (0.1) had none: the journal
  /// is then the one the rows name, and its creation time (which an import does not keep) the
  /// first row's.
  func journal() throws(ImportProblem) -> ExportRows.Journal {
    guard let section = sections["journal"], !section.rows.isEmpty else {
      for (name, time) in [
        ("symptom_entries", "timestamp"), ("collaborator_notes", "timestamp"),
        ("medications", "createdAt"),
      ] {
        guard let section = sections[name], !section.rows.isEmpty else { continue }
        let row = try Row(section, 0)
        return .init(id: try row.required("journal_id"), createdAt: try row.required(time))
      }
      throw ImportProblem(row: "journal", "The file has no journal section.")
    }
    let row = try Row(section, 0)
    var symptoms: [String]?
    if let text = row.value("symptoms") {
      guard let list = try? JSONDecoder().decode([String].self, from: Data(text.utf8)) else {
        throw ImportProblem(row: row.label, field: "symptoms", "symptoms is a JSON list of names.")
      }
      symptoms = list
    }
    return .init(
      id: try row.required("id"), createdAt: try row.required("createdAt"),
      title: row.value("title"), timeZone: row.value("timeZone"), symptoms: symptoms)
  }

  /// One data row, its values by column name; an empty cell is no value.
  struct Row {
    let values: [String: String]
    let label: String

    init(_ section: CSVSections.Section, _ index: Int) throws(ImportProblem) {
      let fields = section.rows[index]
      label = "\(section.name) row \(index + 1) (line \(section.lines[index]))"
      guard fields.count == section.header.count else {
        throw ImportProblem(
          row: label,
          "It has \(fields.count) values for \(section.header.count) columns.")
      }
      var values: [String: String] = [:]
      for (name, value) in zip(section.header, fields) where !value.isEmpty { values[name] = value }
      self.values = values
    }

    func value(_ column: String) -> String? { values[column] }

    func required(_ column: String) throws(ImportProblem) -> String {
      guard let value = values[column] else {
        throw ImportProblem(row: label, field: column, "\(column) is missing.")
      }
      return value
    }

    func required<Value>(_ column: String, _ parse: (String) -> Value?) throws(ImportProblem)
      -> Value
    {
      let text = try required(column)
      guard let value = parse(text) else {
        throw ImportProblem(row: label, field: column, "\(column) is not a valid value: \(text).")
      }
      return value
    }

    func int(_ column: String) throws(ImportProblem) -> Int? {
      guard let text = values[column] else { return nil }
      guard let value = Int(text) else {
        throw ImportProblem(row: label, field: column, "\(column) is not a whole number: \(text).")
      }
      return value
    }

    func double(_ column: String) throws(ImportProblem) -> Double? {
      guard let text = values[column] else { return nil }
      guard let value = Double(text), value.isFinite else {
        throw ImportProblem(row: label, field: column, "\(column) is not a number: \(text).")
      }
      return value
    }

    func bool(_ column: String) throws(ImportProblem) -> Bool? {
      switch values[column]?.lowercased() {
      case nil: return nil
      case "true", "1": return true
      case "false", "0": return false
      case let text?:
        throw ImportProblem(row: label, field: column, "\(column) is true or false, not \(text).")
      }
    }
  }
}

/// Names for each row of each section, the way the file's format counts them.
struct RowLabels {
  var entries: [String] = []
  var notes: [String] = []
  var medications: [String] = []
  var intakes: [String] = []
  var schedules: [String] = []
  var factors: [String] = []
  var factorValues: [String] = []

  static func json(_ file: ExportRows.File) -> RowLabels {
    func labels(_ name: String, _ count: Int) -> [String] { (0..<count).map { "\(name)[\($0)]" } }
    return RowLabels(
      entries: labels("entries", file.entries.count),
      notes: labels("collaboratorNotes", file.collaboratorNotes.count),
      medications: labels("medications", file.medications.count),
      intakes: labels("intakes", file.intakes.count),
      schedules: labels("schedules", file.schedules.count),
      factors: labels("factors", file.factors?.count ?? 0),
      factorValues: labels("factorValues", file.factorValues?.count ?? 0))
  }
}
