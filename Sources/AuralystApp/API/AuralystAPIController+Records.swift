import AuralystCore
import CanonicalJSON
import Foundation
import HearthCore
import HearthOpenAPI
import HearthPlatform
import Hummingbird

/// Entries, medications, intakes and notes: anyone who sees the journal reads them; writers
/// add them and change their own; the owner changes any.
extension AuralystAPIController {
  /// GET list, POST, and GET/PATCH/DELETE one, for one kind of record; `bodies` are the types
  /// of its list, of one record under its name, and of what a write sends.
  func collection<List: Decodable, One: Decodable, Input: Decodable>(
    _ api: APIRouteTable, _ name: String, item: String, kind: AuralystRecord.Kind,
    bodies: (list: List.Type, one: One.Type, input: Input.Type),
    query: [(name: String, schema: JSON, required: Bool)],
    list: @escaping @Sendable (Request, AuralystJournals.Opened) async throws -> Response,
    create: @escaping @Sendable (Request, AuralystJournals.Opened) async throws -> Response,
    show: @escaping @Sendable (AuralystRecord, AuralystJournals.Opened) async throws -> Response,
    update:
      @escaping @Sendable (Request, AuralystRecord, AuralystJournals.Opened) async throws
      -> Response
  ) {
    let path = "\(Self.journalPath)/\(name)"
    let one = "\(path)/:\(item)Id"
    let listSchema = Schemas.of(bodies.list)
    let oneSchema = Schemas.of(bodies.one)
    let input = Schemas.of(bodies.input)
    api.add(
      APIOperation(
        .get, path, summary: "The journal's \(name)", tag: "auralyst", query: query,
        responses: [(200, listSchema)], errors: [400, 404])
    ) { request, context in try await list(request, try await open(context)) }
    api.add(
      APIOperation(
        .post, path,
        summary:
          "Add \(kind == .intake ? "an" : "a") \(item) (read-write); an id sent again answers the stored one",
        tag: "auralyst", requestBody: input,
        responses: [(201, oneSchema), (200, oneSchema)], errors: [400, 403, 404, 409, 413])
    ) { request, context in try await create(request, try await open(context)) }
    api.add(
      APIOperation(
        .get, one, summary: "One \(item)", tag: "auralyst",
        responses: [(200, oneSchema)], errors: [404])
    ) { _, context in
      let opened = try await open(context)
      let id = context.parameters.get("\(item)Id") ?? ""
      return try await show(try await journals.record(opened, id: id, kind: kind), opened)
    }
    api.add(
      APIOperation(
        .patch, one,
        summary: "Change \(item == "intake" ? "an" : "a") \(item) you wrote (the owner: any)",
        tag: "auralyst", requestBody: input,
        responses: [(200, oneSchema)],
        errors: [400, 403, 404, 413])
    ) { request, context in
      let opened = try await open(context)
      let id = context.parameters.get("\(item)Id") ?? ""
      let record = try await journals.record(opened, id: id, kind: kind)
      try opened.requireAuthor(of: record.authorID)
      return try await update(request, record, opened)
    }
    api.add(
      APIOperation(
        .delete, one,
        summary: "Delete \(item == "intake" ? "an" : "a") \(item) you wrote (the owner: any)",
        tag: "auralyst", responses: [(204, nil)], errors: [403, 404])
    ) { _, context in
      let opened = try await open(context)
      let id = context.parameters.get("\(item)Id") ?? ""
      try await journals.remove(try await journals.record(opened, id: id, kind: kind), in: opened)
      return Response(status: .noContent)
    }
  }

  static let range: [(name: String, schema: JSON, required: Bool)] = [
    ("from", Schemas.dateTime, false), ("to", Schemas.dateTime, false),
  ]
  static let dayQuery: (name: String, schema: JSON, required: Bool) = (
    "day", ["type": "string", "format": "date"], false
  )

  static func bounds(_ request: Request) throws -> (Date?, Date?) {
    func time(_ name: String) throws -> Date? {
      guard let text = request.uri.queryParameters.get(name) else { return nil }
      guard let date = ISOTime.date(String(text)) else {
        throw APIErrorResponse(
          .invalid(name, "\(name) is an ISO 8601 time like 2026-11-22T08:30:00Z."))
      }
      return date
    }
    return (try time("from"), try time("to"))
  }

  static func created<Body: Encodable>(_ body: Body, _ created: Bool) -> Response {
    JSONBody.response(body, status: created ? .created : .ok)
  }

  // MARK: - Entries

  static let entriesPath = "\(journalPath)/entries"

  @Sendable func listEntries(_ request: Request, _ opened: AuralystJournals.Opened) async throws
    -> Response
  {
    let (from, to) = try Self.bounds(request)
    let entries = try await journals.records(opened, [.entry], from: from, until: to)
      .compactMap(AuralystRecordCoding.entry)
    return JSONBody.response(
      AuralystAPI.EntryList(entries: entries.map { AuralystAPI.EntryBody($0, opened) }))
  }

  @Sendable func addEntry(_ request: Request, _ opened: AuralystJournals.Opened) async throws
    -> Response
  {
    try opened.access.require(.write, what: "journal")
    let input = try await JSONBody.decode(
      AuralystAPI.EntryInput.self, from: request, route: "POST \(Self.entriesPath)")
    guard let severity = input.severity else { throw APIErrorResponse(.missing("severity")) }
    let entry = try AuralystAPI.validated { () throws(ValidationError) in
      try SymptomEntry(
        id: "", journalID: opened.journal.id, timestamp: .now, severity: severity,
        symptomSeverities: input.symptoms ?? [:], isMenstruating: input.isMenstruating,
        note: input.note, authorID: opened.user.id
      ).validated(symptoms: opened.journal.symptoms)
    }
    var stored = entry
    stored.id = try AuralystJournals.clientID(input.id, make: env.newID)
    stored.timestamp = try AuralystAPI.timestamp(
      input.timestamp, journal: opened.journal, now: env.now())
    let clock = ZoneClock(
      timeZone: TimeZone(identifier: opened.journal.timeZone) ?? .gmt,
      span: stored.timestamp...stored.timestamp)
    // Checked before the entry is written, so a bad value writes nothing.
    let values = try await factorValues(
      input.factors ?? [], day: clock.day(of: stored.timestamp).description, opened: opened)
    let (record, created) = try await journals.add(
      AuralystRecordCoding.record(stored, at: env.now()), to: opened)
    for value in values { try await journals.putFactorValue(value, in: opened) }
    return Self.created(
      AuralystAPI.EntryEnvelope(
        entry: AuralystAPI.EntryBody(try AuralystRecordCoding.entry(record) ?? stored, opened)),
      created)
  }

  @Sendable func showEntry(_ record: AuralystRecord, _ opened: AuralystJournals.Opened) throws
    -> Response
  {
    guard let entry = try AuralystRecordCoding.entry(record) else {
      throw APIErrorResponse(.notFound("entry"))
    }
    return JSONBody.response(AuralystAPI.EntryEnvelope(entry: AuralystAPI.EntryBody(entry, opened)))
  }

  @Sendable func updateEntry(
    _ request: Request, _ record: AuralystRecord, _ opened: AuralystJournals.Opened
  ) async throws -> Response {
    let input = try await JSONBody.decode(
      AuralystAPI.EntryInput.self, from: request, route: "PATCH \(Self.entriesPath)/:entryId")
    guard var entry = try AuralystRecordCoding.entry(record) else {
      throw APIErrorResponse(.notFound("entry"))
    }
    if let severity = input.severity { entry.severity = severity }
    if let symptoms = input.symptoms { entry.symptomSeverities = symptoms }
    if let flag = input.isMenstruating { entry.isMenstruating = flag }
    if let note = input.note { entry.note = note }
    if let text = input.timestamp {
      entry.timestamp = try AuralystAPI.timestamp(
        text, journal: opened.journal, now: env.now())
    }
    let checked = entry
    // Ratings of a symptom since taken off the list may stay on the entries that have them.
    let symptoms =
      opened.journal.symptoms
      + (try AuralystRecordCoding.entry(record)?.symptomSeverities.keys.sorted() ?? [])
    let updated = try AuralystAPI.validated { () throws(ValidationError) in
      try checked.validated(symptoms: symptoms)
    }
    try await journals.replace(
      AuralystRecordCoding.record(updated, at: env.now()), in: opened,
      authorID: record.authorID)
    return JSONBody.response(
      AuralystAPI.EntryEnvelope(entry: AuralystAPI.EntryBody(updated, opened)))
  }

  // MARK: - Notes

  static let notesPath = "\(journalPath)/notes"

  @Sendable func listNotes(_ request: Request, _ opened: AuralystJournals.Opened) async throws
    -> Response
  {
    var notes = try await journals.records(opened, [.note]).compactMap(
      AuralystRecordCoding.note)
    if let entryID = request.uri.queryParameters.get("entryId") {
      notes = notes.filter { $0.entryID == String(entryID) }
    }
    return JSONBody.response(
      AuralystAPI.NoteList(notes: notes.map { AuralystAPI.NoteBody($0, opened) }))
  }

  @Sendable func addNote(_ request: Request, _ opened: AuralystJournals.Opened) async throws
    -> Response
  {
    try opened.access.require(.write, what: "journal")
    let input = try await JSONBody.decode(
      AuralystAPI.NoteInput.self, from: request, route: "POST \(Self.notesPath)")
    if let entryID = input.entryId { try await requireEntry(entryID, in: opened) }
    let note = try AuralystAPI.validated { () throws(ValidationError) in
      try CollaboratorNote(
        id: "", journalID: opened.journal.id, entryID: input.entryId,
        authorID: opened.user.id, authorName: opened.user.displayName,
        text: input.text ?? "", timestamp: .now
      ).validated()
    }
    var stored = note
    stored.id = try AuralystJournals.clientID(input.id, make: env.newID)
    stored.timestamp = ISOTime.rounded(env.now())
    let (record, created) = try await journals.add(
      AuralystRecordCoding.record(stored, at: env.now()), to: opened)
    return Self.created(
      AuralystAPI.NoteEnvelope(
        note: AuralystAPI.NoteBody(try AuralystRecordCoding.note(record) ?? stored, opened)),
      created)
  }

  @Sendable func showNote(_ record: AuralystRecord, _ opened: AuralystJournals.Opened) throws
    -> Response
  {
    guard let note = try AuralystRecordCoding.note(record) else {
      throw APIErrorResponse(.notFound("note"))
    }
    return JSONBody.response(AuralystAPI.NoteEnvelope(note: AuralystAPI.NoteBody(note, opened)))
  }

  @Sendable func updateNote(
    _ request: Request, _ record: AuralystRecord, _ opened: AuralystJournals.Opened
  ) async throws -> Response {
    let input = try await JSONBody.decode(
      AuralystAPI.NoteInput.self, from: request, route: "PATCH \(Self.notesPath)/:noteId")
    guard var note = try AuralystRecordCoding.note(record) else {
      throw APIErrorResponse(.notFound("note"))
    }
    if let text = input.text { note.text = text }
    let checked = note
    let updated = try AuralystAPI.validated { () throws(ValidationError) in
      try checked.validated()
    }
    try await journals.replace(
      AuralystRecordCoding.record(updated, at: env.now()), in: opened,
      authorID: record.authorID)
    return JSONBody.response(
      AuralystAPI.NoteEnvelope(note: AuralystAPI.NoteBody(updated, opened)))
  }

  func requireEntry(_ id: String, in opened: AuralystJournals.Opened) async throws {
    do {
      _ = try await journals.record(opened, id: id, kind: .entry)
    } catch is APIErrorResponse {
      throw APIErrorResponse(.invalid("entryId", "This journal has no entry \(id)."))
    }
  }
}
