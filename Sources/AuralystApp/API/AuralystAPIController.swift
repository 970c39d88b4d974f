import AuralystCore
import Foundation
import HearthCore
import HearthPlatform
import Hummingbird

/// /api/auralyst: journals, their sharing, insights, export and import. Records (entries,
/// medications, intakes, notes) are in AuralystAPIController+Records.
struct AuralystAPIController {
  let env: HearthEnvironment
  let accounts: AccountService
  var journals: AuralystJournals { AuralystJournals(env: env) }

  static let journalsPath = "/api/auralyst/journals"
  static let journalPath = "/api/auralyst/journals/:journalId"
  /// Import files of five years and more fit comfortably.
  static let importLimit = 64 << 20

  func open(_ context: AppRequestContext) async throws
    -> AuralystJournals.Opened
  {
    let user = try context.requireCaller().user
    return try await journals.open(
      context.parameters.get("journalId") ?? "", for: user)
  }

  func register(_ api: APIRouteTable) {
    registerJournals(api)
    registerSharing(api)
    registerFiles(api)
    registerRecords(api)
  }

  private func registerJournals(_ api: APIRouteTable) {
    api.add(
      APIOperation(
        .get, Self.journalsPath, summary: "Your journals and the ones shared with you",
        tag: "auralyst",
        responses: [(200, AuralystSchemas.list("journals", AuralystSchemas.journal))])
    ) { _, context in
      let user = try context.requireCaller().user
      let opened = try await journals.journals(for: user)
      return JSONBody.response(["journals": opened.map(AuralystAPI.JournalBody.init)])
    }
    api.add(
      APIOperation(
        .post, Self.journalsPath, summary: "Start a journal", tag: "auralyst",
        requestBody: AuralystSchemas.journalInput,
        responses: [(201, AuralystSchemas.envelope("journal", AuralystSchemas.journal))],
        errors: [400, 413])
    ) { request, context in
      let user = try context.requireCaller().user
      let input = try await JSONBody.decode(
        AuralystAPI.JournalInput.self, from: request, route: "POST \(Self.journalsPath)")
      let opened = try await journals.create(
        title: input.title, timeZone: input.timeZone, symptoms: input.symptoms, by: user)
      return JSONBody.response(["journal": AuralystAPI.JournalBody(opened)], status: .created)
    }
    api.add(
      APIOperation(
        .get, Self.journalPath, summary: "One journal", tag: "auralyst",
        responses: [(200, AuralystSchemas.envelope("journal", AuralystSchemas.journal))],
        errors: [404])
    ) { _, context in
      JSONBody.response(["journal": AuralystAPI.JournalBody(try await open(context))])
    }
    api.add(
      APIOperation(
        .patch, Self.journalPath, summary: "Rename a journal, change its zone or symptom list",
        tag: "auralyst", requestBody: AuralystSchemas.journalInput,
        responses: [(200, AuralystSchemas.envelope("journal", AuralystSchemas.journal))],
        errors: [400, 403, 404, 413])
    ) { request, context in
      let opened = try await open(context)
      let input = try await JSONBody.decode(
        AuralystAPI.JournalInput.self, from: request, route: "PATCH \(Self.journalPath)")
      let updated = try await journals.update(
        opened, title: input.title, timeZone: input.timeZone, symptoms: input.symptoms)
      return JSONBody.response(["journal": AuralystAPI.JournalBody(updated)])
    }
    api.add(
      APIOperation(
        .delete, Self.journalPath, summary: "Delete a journal and everything in it",
        tag: "auralyst", responses: [(204, nil)], errors: [403, 404])
    ) { _, context in
      try await journals.delete(try await open(context))
      return Response(status: .noContent)
    }
    api.add(
      APIOperation(
        .get, "\(Self.journalPath)/insights",
        summary: "Insights over the last 7, 30 or 90 days in the owner's time zone, or all",
        tag: "auralyst",
        query: [("window", ["type": "string", "enum": ["7d", "30d", "90d", "all"]], false)],
        responses: [(200, AuralystSchemas.insights)], errors: [400, 404])
    ) { request, context in
      let opened = try await open(context)
      let text = request.uri.queryParameters.get("window") ?? "30d"
      guard let window = InsightWindow(rawValue: text) else {
        throw APIErrorResponse(.invalid("window", "window is 7d, 30d, 90d or all."))
      }
      return JSONBody.response(try await journals.insights(opened, window: window))
    }
  }

  private func registerSharing(_ api: APIRouteTable) {
    let sharesPath = "\(Self.journalPath)/shares"
    api.add(
      APIOperation(
        .get, sharesPath, summary: "Who the journal is shared with", tag: "auralyst",
        responses: [(200, AuralystSchemas.participants)], errors: [404])
    ) { _, context in
      try await participants(try await open(context))
    }
    api.add(
      APIOperation(
        .post, sharesPath,
        summary: "Invite someone by email, read-only or read-write (owner only)",
        tag: "auralyst",
        requestBody: Schemas.object(
          [("email", Schemas.email), ("permission", AuralystSchemas.permission)],
          required: ["email", "permission"]),
        responses: [(200, AuralystSchemas.participants)], errors: [400, 403, 404, 413])
    ) { request, context in
      let opened = try await open(context)
      let input = try await JSONBody.decode(
        AuralystAPI.ShareInput.self, from: request, route: "POST \(sharesPath)")
      try await journals.invite(
        opened, email: input.email, permission: input.permission, accounts: accounts)
      return try await participants(opened)
    }
    api.add(
      APIOperation(
        .delete, sharesPath, summary: "Stop sharing: everyone but the owner loses access",
        tag: "auralyst", responses: [(200, AuralystSchemas.participants)], errors: [403, 404])
    ) { _, context in
      let opened = try await open(context)
      try await journals.stopSharing(opened)
      return try await participants(opened)
    }
    api.add(
      APIOperation(
        .patch, "\(sharesPath)/:userId", summary: "Change someone's permission (owner only)",
        tag: "auralyst",
        requestBody: Schemas.object(
          [("permission", AuralystSchemas.permission)], required: ["permission"]),
        responses: [(200, AuralystSchemas.participants)], errors: [400, 403, 404, 413])
    ) { request, context in
      let opened = try await open(context)
      let input = try await JSONBody.decode(
        AuralystAPI.ShareInput.self, from: request, route: "PATCH \(sharesPath)/:userId")
      try await journals.setPermission(
        opened, userID: context.parameters.get("userId") ?? "", permission: input.permission)
      return try await participants(opened)
    }
    api.add(
      APIOperation(
        .delete, "\(sharesPath)/:userId",
        summary: "Remove someone (owner), or leave a journal shared with you", tag: "auralyst",
        responses: [(200, AuralystSchemas.participants)], errors: [403, 404])
    ) { _, context in
      let opened = try await open(context)
      let userID = context.parameters.get("userId") ?? ""
      try await journals.removeParticipant(opened, userID: userID)
      if userID == opened.user.id { return JSONBody.response(["participants": [String]()]) }
      return try await participants(opened)
    }
  }

  private func participants(_ opened: AuralystJournals.Opened) async throws -> Response {
    let people = try await journals.participants(opened).map { participant, user in
      AuralystAPI.ParticipantBody(
        userId: participant.userID, displayName: user?.displayName ?? "",
        email: user?.email ?? "", status: participant.status.rawValue,
        permission: participant.permission.rawValue)
    }
    return JSONBody.response(["participants": people])
  }

  private func registerFiles(_ api: APIRouteTable) {
    api.add(
      APIOperation(
        .get, "\(Self.journalPath)/export",
        summary: "The whole journal as JSON or sectioned CSV (dangling references left out)",
        tag: "auralyst", query: [("format", ["type": "string", "enum": ["json", "csv"]], false)],
        responses: [(200, AuralystSchemas.exportFile)], errors: [400, 404])
    ) { request, context in
      let opened = try await open(context)
      let format = request.uri.queryParameters.get("format") ?? "json"
      guard format == "json" || format == "csv" else {
        throw APIErrorResponse(.invalid("format", "format is json or csv."))
      }
      let snapshot = try await journals.snapshot(opened)
      let file = JournalHealth(snapshot).repaired(snapshot)
      let body = format == "json" ? file.json() : Data(file.csv().utf8)
      return Response(
        status: .ok,
        headers: [
          .contentType: format == "json"
            ? "application/json; charset=utf-8" : "text/csv; charset=utf-8",
          .contentDisposition: "attachment; filename=\"Auralyst-\(opened.journal.id).\(format)\"",
        ], body: .init(byteBuffer: ByteBuffer(bytes: body)))
    }
    api.add(
      APIOperation(
        .get, "\(Self.journalPath)/health",
        summary: "The export's health check: dangling references, before you export",
        tag: "auralyst", responses: [(200, AuralystSchemas.health)], errors: [404])
    ) { _, context in
      let opened = try await open(context)
      return Self.health(JournalHealth(try await journals.snapshot(opened)))
    }
    api.add(
      APIOperation(
        .post, "\(Self.journalPath)/health/repair",
        summary: "Clear dangling references (owner only); answers what was found",
        tag: "auralyst", responses: [(200, AuralystSchemas.health)], errors: [403, 404])
    ) { _, context in
      Self.health(try await journals.repair(try await open(context)))
    }
    var importRoute = APIOperation(
      .post, "\(Self.journalPath)/import",
      summary:
        "Add an exported journal's records (JSON or CSV, up to 64 MiB), all or nothing (owner only)",
      tag: "auralyst",
      query: [("format", ["type": "string", "enum": ["json", "csv"]], false)],
      responses: [(200, AuralystSchemas.imported)], errors: [400, 403, 404, 413])
    importRoute.requestContent = [
      ("application/json", AuralystSchemas.exportFile), ("text/csv", Schemas.string),
    ]
    api.add(importRoute) { request, context in
      let opened = try await open(context)
      try opened.access.require(.owner, what: "journal")
      let buffer = try await JSONBody.collect(
        request, limit: Self.importLimit, route: "POST \(Self.journalPath)/import")
      let data = Data(buffer: buffer)
      let contentType = request.headers[.contentType] ?? ""
      let format =
        request.uri.queryParameters.get("format").map { String($0) }
        ?? (contentType.contains("csv") ? "csv" : "json")
      let file: JournalImport
      do {
        switch format {
        case "json": file = try JournalImport.parse(json: data)
        case "csv":
          guard let text = String(validating: data, as: UTF8.self) else {
            throw ImportProblem(row: "file", "The CSV is not UTF-8 text.")
          }
          file = try JournalImport.parse(csv: text)
        default:
          throw APIErrorResponse(.invalid("format", "format is json or csv."))
        }
      } catch let problem as ImportProblem {
        throw APIErrorResponse(
          APIError(
            status: 400, code: "invalid_import", message: problem.description,
            field: problem.field))
      }
      let copy = try await journals.importFile(file, into: opened)
      return JSONBody.response(
        Imported(
          imported: .init(
            entries: copy.entries.count, medications: copy.medications.count,
            schedules: copy.summary.exportedSchedules, intakes: copy.intakes.count,
            notes: copy.notes.count), repairs: file.repairs))
    }
  }

  struct Imported: Encodable {
    struct Counts: Encodable { var entries, medications, schedules, intakes, notes: Int }
    var imported: Counts
    var repairs: [String]
  }

  struct HealthBody: Encodable {
    var healthy: Bool
    var problems: [String]
    var intakesWithMissingSchedule, intakesWithMissingEntry, notesWithMissingEntry,
      intakesWithMissingMedication: [String]
  }

  static func health(_ health: JournalHealth) -> Response {
    JSONBody.response(
      HealthBody(
        healthy: health.isHealthy, problems: health.problems,
        intakesWithMissingSchedule: health.intakesWithMissingSchedule,
        intakesWithMissingEntry: health.intakesWithMissingEntry,
        notesWithMissingEntry: health.notesWithMissingEntry,
        intakesWithMissingMedication: health.intakesWithMissingMedication))
  }
}
