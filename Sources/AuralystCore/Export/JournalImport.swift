import Foundation

/// Why a file cannot be imported: the first bad row, named the way the file counts rows.
public struct ImportProblem: Error, Hashable, Sendable, CustomStringConvertible {
  public var row: String
  public var field: String?
  public var message: String

  public init(row: String, field: String? = nil, _ message: String) {
    self.row = row
    self.field = field
    self.message = message
  }

  public var description: String { "\(row): \(message)" }
}

/// A whole export file, read and checked before anything is written: every row valid, every
/// reference to a medication inside the file; references to entries or schedules that are not
/// in it are cleared, and notes without text left out, all listed in `repairs`.
///
/// The reference app's files name no zone: their days (a dose's scheduled day, a schedule's
/// first day) are instants at the start of a day, read as days in `timeZone`, the zone of the
/// journal they go into.
public struct JournalImport: Sendable {
  public var export: JournalExport
  public var repairs: [String]

  public static let sentimentColumns: Set = ["sentimentLabel", "sentimentScore"]
  /// The reference app's symptoms, as its files name them, and as journals here list them.
  static let referenceSymptoms = ["headache": "Headache", "nausea": "Nausea", "anxiety": "Anxiety"]

  public static func parse(json data: Data, timeZone: String = "UTC") throws(ImportProblem)
    -> JournalImport
  {
    let file: ExportRows.File
    do {
      file = try JSONDecoder().decode(ExportRows.File.self, from: data)
    } catch let error as DecodingError {
      throw problem(error)
    } catch {
      throw ImportProblem(row: "file", "The file is not JSON.")
    }
    return try JournalImport(file, labels: .json(file), timeZone: timeZone)
  }

  public static func parse(csv text: String, timeZone: String = "UTC") throws(ImportProblem)
    -> JournalImport
  {
    let (file, labels) = try CSVReader(text).file()
    return try JournalImport(file, labels: labels, timeZone: timeZone)
  }

  init(_ file: ExportRows.File, labels: RowLabels, timeZone fallback: String)
    throws(ImportProblem)
  {
    var file = file
    if file.journal.symptoms == nil { file.entries = file.entries.map(Self.referenceRatings) }
    let journalID = file.journal.id
    guard let createdAt = ISOTime.date(file.journal.createdAt) else {
      throw ImportProblem(row: "journal", field: "createdAt", "createdAt is not an ISO 8601 time.")
    }
    let timeZone = file.journal.timeZone ?? fallback
    guard let zone = TimeZone(identifier: timeZone) else {
      throw ImportProblem(row: "journal", field: "timeZone", "\(timeZone) is not a time zone.")
    }
    let symptoms: [String]
    do {
      symptoms = try Journal.validSymptoms(
        file.journal.symptoms ?? Self.ratedNames(file.entries))
    } catch {
      throw ImportProblem(row: "journal", field: error.field, error.message)
    }
    let clock = ZoneClock(
      timeZone: zone,
      span: JournalExport.span(
        [createdAt]
          + file.entries.compactMap { ISOTime.date($0.timestamp) }.filter(
            ISOTime.plausible.contains)
      ))
    func day(_ text: String?, _ label: String, _ field: String) throws(ImportProblem) -> String? {
      guard let text, CalendarDay(text) == nil else { return text }
      guard let instant = ISOTime.date(text) else {
        throw ImportProblem(row: label, field: field, "\(field) is a day like 2026-11-22.")
      }
      return clock.day(of: instant).description
    }
    var seen = Set<String>()
    func unique(_ id: String, _ label: String) throws(ImportProblem) {
      guard !id.isEmpty else { throw ImportProblem(row: label, field: "id", "id is empty.") }
      guard seen.insert(id).inserted else {
        throw ImportProblem(row: label, field: "id", "id \(id) appears twice in the file.")
      }
    }
    func sameJournal(_ id: String, _ label: String) throws(ImportProblem) {
      guard id == journalID else {
        throw ImportProblem(
          row: label, field: "journalID", "It belongs to journal \(id), not \(journalID).")
      }
    }
    func time(_ text: String, _ label: String, _ field: String) throws(ImportProblem) -> Date {
      guard let date = ISOTime.date(text) else {
        throw ImportProblem(row: label, field: field, "\(field) is not an ISO 8601 time: \(text).")
      }
      guard ISOTime.plausible.contains(date) else {
        throw ImportProblem(
          row: label, field: field, "\(field) is not between 1970 and 2200: \(text).")
      }
      return date
    }
    func checked<Value>(_ label: String, _ body: () throws(ValidationError) -> Value)
      throws(ImportProblem) -> Value
    {
      do { return try body() } catch {
        throw ImportProblem(row: label, field: error.field, error.message)
      }
    }

    var entries: [SymptomEntry] = []
    for (row, label) in zip(file.entries, labels.entries) {
      try unique(row.id, label)
      try sameJournal(row.journalID, label)
      let timestamp = try time(row.timestamp, label, "timestamp")
      let ratings = (row.symptoms ?? [:]).filter { !Self.sentimentColumns.contains($0.key) }
      entries.append(
        try checked(label) { () throws(ValidationError) in
          try SymptomEntry(
            id: row.id, journalID: journalID, timestamp: timestamp, severity: row.severity,
            symptomSeverities: ratings, isMenstruating: row.isMenstruating, note: row.note,
            authorID: row.authorID ?? ""
          ).validated(symptoms: symptoms)
        })
    }

    var medications: [Medication] = []
    var medicationIndex: [String: Int] = [:]
    for (row, label) in zip(file.medications, labels.medications) {
      try unique(row.id, label)
      try sameJournal(row.journalID, label)
      medicationIndex[row.id] = medications.count
      let start = try day(row.startDate, label, "startDate")
      medications.append(
        try checked(label) { () throws(ValidationError) in
          try Medication(
            id: row.id, journalID: journalID, name: row.name, defaultAmount: row.defaultAmount,
            defaultUnit: row.defaultUnit, useCase: row.useCase, isAsNeeded: row.isAsNeeded ?? false,
            notes: row.notes, authorID: row.authorID ?? "",
            startDay: start
          ).validated()
        })
    }
    let schedules = zip(file.schedules, labels.schedules).sorted {
      ($0.0.sortOrder ?? 0) < ($1.0.sortOrder ?? 0)
    }
    for (row, label) in schedules {
      try unique(row.id, label)
      var row = row
      row.startDate = try day(row.startDate, label, "startDate")
      guard let index = medicationIndex[row.medicationID] else {
        throw ImportProblem(
          row: label, field: "medicationID", "Medication \(row.medicationID) is not in the file.")
      }
      let schedule = try checked(label) { () throws(ValidationError) in
        try MedicationSchedule(
          id: row.id, label: row.label, hour: row.hour ?? 8, minute: row.minute ?? 0,
          amount: row.amount, unit: row.unit, cadence: try Self.cadence(row),
          isActive: row.isActive ?? true, startDay: row.startDate
        ).validated()
      }
      medications[index].schedules.append(schedule)
    }

    var intakes: [MedicationIntake] = []
    for (row, label) in zip(file.intakes, labels.intakes) {
      try unique(row.id, label)
      guard medicationIndex[row.medicationID] != nil else {
        throw ImportProblem(
          row: label, field: "medicationID", "Medication \(row.medicationID) is not in the file.")
      }
      let origin: MedicationIntake.Origin
      switch row.origin {
      case nil, "scheduled": origin = .scheduled
      case "asNeeded", "manual": origin = .asNeeded
      case let other?:
        throw ImportProblem(
          row: label, field: "origin", "origin is scheduled or asNeeded, not \(other).")
      }
      let scheduledDate = try day(row.scheduledDate, label, "scheduledDate")
      intakes.append(
        MedicationIntake(
          id: row.id, medicationID: row.medicationID,
          // The reference app's synthetic daily dose used the medication's id.
          scheduleID: row.scheduleID == row.medicationID ? nil : row.scheduleID,
          entryID: row.entryID, origin: origin, amount: row.amount, unit: row.unit,
          timestamp: try time(row.timestamp, label, "timestamp"), scheduledDate: scheduledDate,
          note: row.notes, authorID: row.authorID ?? ""))
    }

    var notes: [CollaboratorNote] = []
    var blankNotes = 0
    for (row, label) in zip(file.collaboratorNotes, labels.notes) {
      try unique(row.id, label)
      try sameJournal(row.journalID, label)
      let timestamp = try time(row.timestamp, label, "timestamp")
      guard let text = Medication.text(row.text) else {
        blankNotes += 1
        continue
      }
      notes.append(
        try checked(label) { () throws(ValidationError) in
          try CollaboratorNote(
            id: row.id, journalID: journalID, entryID: row.entryID, authorID: row.authorID ?? "",
            authorName: row.authorName ?? "", text: text, timestamp: timestamp
          ).validated()
        })
    }

    let journal = Journal(
      id: journalID, ownerID: "", title: file.journal.title ?? "Imported journal",
      timeZone: timeZone, symptoms: symptoms, createdAt: createdAt)
    let raw = JournalExport(
      journal: journal, entries: entries, medications: medications, intakes: intakes,
      notes: notes)
    let health = JournalHealth(raw)
    export = health.repaired(raw)
    repairs = health.problems
    if blankNotes > 0 {
      repairs.append(
        blankNotes == 1
          ? "1 note without text was left out." : "\(blankNotes) notes without text were left out.")
    }
    let byID = Dictionary(uniqueKeysWithValues: medications.map { ($0.id, $0) })
    var checkedIntakes: [MedicationIntake] = []
    for (intake, label) in zip(export.intakes, labels.intakes) {
      checkedIntakes.append(
        try checked(label) { () throws(ValidationError) in
          try intake.validated(for: byID[intake.medicationID]!)
        })
    }
    export.intakes = checkedIntakes
    (export.factors, export.factorValues) = try Self.factors(
      file, labels: labels, journalID: journalID, createdAt: createdAt)
  }

  static func cadence(_ row: ExportRows.Schedule) throws(ValidationError)
    -> MedicationSchedule.Cadence
  {
    let mask = row.daysOfWeekMask ?? 0
    switch row.cadence {
    case "interval":
      guard let start = row.startDate else {
        throw ValidationError(field: "startDate", "An every-N-days schedule needs its first day.")
      }
      return .everyDays(row.interval ?? 1, start: start)
    case "weekly":
      return .weekdays(Set((1...7).filter { mask & 1 << ($0 - 1) != 0 }))
    case nil, "daily":
      // The reference app wrote new doses with no days at all and meant every day.
      return .weekdays(
        mask == 0 ? Set(1...7) : Set((1...7).filter { mask & 1 << ($0 - 1) != 0 }))
    case let other?:
      throw ValidationError(field: "cadence", "cadence is weekly, daily or interval, not \(other).")
    }
  }

  /// An entry of the reference app: its three symptoms (fields, or columns named in lower
  /// case) named as journals list them.
  static func referenceRatings(_ entry: ExportRows.Entry) -> ExportRows.Entry {
    var entry = entry
    var ratings: [String: Int] = [:]
    for (name, rating) in entry.symptoms ?? [:] {
      ratings[referenceSymptoms[name] ?? name] = rating
    }
    for (name, rating) in [
      ("Headache", entry.headache), ("Nausea", entry.nausea), ("Anxiety", entry.anxiety),
    ] {
      if let rating { ratings[name] = rating }
    }
    entry.symptoms = ratings.isEmpty ? nil : ratings
    return entry
  }

  /// The symptoms rated in a file with no list of its own, in the order they first appear.
  static func ratedNames(_ entries: [ExportRows.Entry]) -> [String] {
    var names: [String] = []
    for entry in entries {
      for name in (entry.symptoms ?? [:]).keys.sorted()
      where !sentimentColumns.contains(name) && !names.contains(name) {
        names.append(name)
      }
    }
    return names
  }

  static func problem(_ error: DecodingError) -> ImportProblem {
    func path(_ keys: [any CodingKey]) -> String {
      var text = ""
      for key in keys {
        if let index = key.intValue {
          text += "[\(index)]"
        } else {
          text += (text.isEmpty ? "" : ".") + key.stringValue
        }
      }
      return text.isEmpty ? "file" : text
    }
    switch error {
    case .keyNotFound(let key, let context):
      return ImportProblem(
        row: path(context.codingPath), field: key.stringValue, "\(key.stringValue) is missing.")
    case .typeMismatch(_, let context), .valueNotFound(_, let context):
      let field = context.codingPath.last?.stringValue
      return ImportProblem(
        row: path(context.codingPath.dropLast()), field: field,
        "\(field ?? "a value") has the wrong type.")
    case .dataCorrupted(let context):
      return ImportProblem(
        row: path(context.codingPath),
        context.codingPath.isEmpty ? "The file is not valid JSON." : "A value is malformed.")
    @unknown default:
      return ImportProblem(row: "file", "The file could not be read.")
    }
  }
}

extension JournalExport {
  public func json() -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return (try? encoder.encode(rows())) ?? Data()
  }

  /// Copies of every record for another journal: new ids from `newID` (references follow
  /// them), written by `authorID`.
  public func copies(into journalID: String, authorID: String, newID: () -> String)
    -> JournalExport
  {
    var ids: [String: String] = [:]
    func mapped(_ id: String) -> String {
      if let known = ids[id] { return known }
      let fresh = newID()
      ids[id] = fresh
      return fresh
    }
    var copy = self
    copy.journal.id = journalID
    copy.entries = entries.map { entry in
      var entry = entry
      entry.id = mapped(entry.id)
      entry.journalID = journalID
      entry.authorID = authorID
      return entry
    }
    copy.medications = medications.map { medication in
      var medication = medication
      medication.id = mapped(medication.id)
      medication.journalID = journalID
      medication.authorID = authorID
      medication.schedules = medication.schedules.map { schedule in
        var schedule = schedule
        schedule.id = mapped(schedule.id)
        return schedule
      }
      return medication
    }
    copy.intakes = intakes.map { intake in
      var intake = intake
      intake.id = mapped(intake.id)
      intake.medicationID = mapped(intake.medicationID)
      intake.scheduleID = intake.scheduleID.map(mapped)
      intake.entryID = intake.entryID.map(mapped)
      intake.authorID = authorID
      return intake
    }
    copy.notes = notes.map { note in
      var note = note
      note.id = mapped(note.id)
      note.journalID = journalID
      note.entryID = note.entryID.map(mapped)
      note.authorID = authorID
      return note
    }
    copy.factors = factors.map { factor in
      var factor = factor
      factor.id = mapped(factor.id)
      factor.journalID = journalID
      factor.authorID = authorID
      return factor
    }
    copy.factorValues = factorValues.map { value in
      var value = value
      value.factorID = mapped(value.factorID)
      value.authorID = authorID
      return value
    }
    return copy
  }
}
