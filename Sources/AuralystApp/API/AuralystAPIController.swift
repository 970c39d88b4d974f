import AuralystCore
import Foundation
import HearthAccounts
import HearthCore
import HearthOpenAPI
import HearthPlatform
import Hummingbird

/// /api/auralyst: journals, their sharing, insights, export and import. Records (entries,
/// medications, intakes, notes) are in AuralystAPIController+Records, the files in +Files.
struct AuralystAPIController: Sendable {
  let env: HearthEnvironment
  let accounts: AccountService
  /// Imports parse and write files of up to 64 MiB.
  let imports: CostLimit
  var journals: AuralystJournals { AuralystJournals(env: env) }

  static let journalsPath = "/api/auralyst/journals"
  static let journalPath = "/api/auralyst/journals/:journalId"
  static let sharesPath = "\(journalPath)/shares"
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
    // Journals
    api.add(
      APIOperation(
        .get, Self.journalsPath, summary: "Your journals and the ones shared with you",
        tag: "auralyst",
        responses: [(200, Schemas.of(AuralystAPI.JournalList.self))]),
      use: journalList)
    api.add(
      APIOperation(
        .post, Self.journalsPath, summary: "Start a journal", tag: "auralyst",
        requestBody: Schemas.of(AuralystAPI.JournalInput.self),
        responses: [(201, Schemas.of(AuralystAPI.JournalEnvelope.self))],
        errors: [400, 413]), use: createJournal)
    api.add(
      APIOperation(
        .get, Self.journalPath, summary: "One journal", tag: "auralyst",
        responses: [(200, Schemas.of(AuralystAPI.JournalEnvelope.self))],
        errors: [404]), use: journal)
    api.add(
      APIOperation(
        .patch, Self.journalPath, summary: "Rename a journal, change its zone or symptom list",
        tag: "auralyst", requestBody: Schemas.of(AuralystAPI.JournalInput.self),
        responses: [(200, Schemas.of(AuralystAPI.JournalEnvelope.self))],
        errors: [400, 403, 404, 413]), use: updateJournal)
    api.add(
      APIOperation(
        .delete, Self.journalPath, summary: "Delete a journal and everything in it",
        tag: "auralyst", responses: [(204, nil)], errors: [403, 404]), use: deleteJournal)
    api.add(
      APIOperation(
        .get, "\(Self.journalPath)/insights",
        summary: "Insights over the last 7, 30 or 90 days in the owner's time zone, or all",
        tag: "auralyst",
        query: [("window", ["type": "string", "enum": ["7d", "30d", "90d", "all"]], false)],
        responses: [(200, Schemas.of(Insights.self))], errors: [400, 404]), use: insights)

    // Sharing
    api.add(
      APIOperation(
        .get, Self.sharesPath, summary: "Who the journal is shared with", tag: "auralyst",
        responses: [(200, Schemas.of(AuralystAPI.ParticipantList.self))], errors: [404]),
      use: shares)
    api.add(
      APIOperation(
        .post, Self.sharesPath,
        summary: "Invite someone by email, read-only or read-write (owner only)",
        tag: "auralyst",
        requestBody: Schemas.of(AuralystAPI.InvitationInput.self),
        responses: [(200, Schemas.of(AuralystAPI.ParticipantList.self))],
        errors: [400, 403, 404, 413]),
      use: invite)
    api.add(
      APIOperation(
        .delete, Self.sharesPath, summary: "Stop sharing: everyone but the owner loses access",
        tag: "auralyst", responses: [(200, Schemas.of(AuralystAPI.ParticipantList.self))],
        errors: [403, 404]),
      use: stopSharing)
    api.add(
      APIOperation(
        .patch, "\(Self.sharesPath)/:userId", summary: "Change someone's permission (owner only)",
        tag: "auralyst",
        requestBody: Schemas.of(AuralystAPI.ShareInput.self),
        responses: [(200, Schemas.of(AuralystAPI.ParticipantList.self))],
        errors: [400, 403, 404, 413]),
      use: setPermission)
    api.add(
      APIOperation(
        .delete, "\(Self.sharesPath)/:userId",
        summary: "Remove someone (owner), or leave a journal shared with you", tag: "auralyst",
        responses: [(200, Schemas.of(AuralystAPI.ParticipantList.self))], errors: [403, 404]),
      use: removeParticipant)

    // Files
    var exportRoute = APIOperation(
      .get, "\(Self.journalPath)/export",
      summary: "The whole journal as JSON or sectioned CSV (dangling references left out)",
      tag: "auralyst", query: [("format", ["type": "string", "enum": ["json", "csv"]], false)],
      responses: [(200, Self.exportFile)], errors: [400, 404])
    exportRoute.otherResponseContent = [("text/csv", Schemas.string)]
    api.add(exportRoute, use: export)
    api.add(
      APIOperation(
        .get, "\(Self.journalPath)/health",
        summary: "The export's health check: dangling references, before you export",
        tag: "auralyst", responses: [(200, Schemas.of(HealthBody.self))], errors: [404]),
      use: healthCheck)
    api.add(
      APIOperation(
        .post, "\(Self.journalPath)/health/repair",
        summary: "Clear dangling references (owner only); answers what was found",
        tag: "auralyst", responses: [(200, Schemas.of(HealthBody.self))], errors: [403, 404]),
      use: repair)
    var importRoute = APIOperation(
      .post, Self.importPath,
      summary:
        "Add an exported journal's records (JSON or CSV, up to 64 MiB), all or nothing (owner only)",
      tag: "auralyst",
      query: [("format", ["type": "string", "enum": ["json", "csv"]], false)],
      responses: [(200, Schemas.of(Imported.self))], errors: [400, 403, 404, 413])
    importRoute.requestContent = [
      ("application/json", Self.exportFile), ("text/csv", Schemas.string),
    ]
    api.add(importRoute, limitedBy: imports, use: importJournal)

    // Records
    collection(
      api, "entries", item: "entry", kind: .entry,
      bodies: (
        AuralystAPI.EntryList.self, AuralystAPI.EntryEnvelope.self, AuralystAPI.EntryInput.self
      ),
      query: Self.range,
      list: listEntries, create: addEntry, show: showEntry,
      update: updateEntry)
    collection(
      api, "medications", item: "medication", kind: .medication,
      bodies: (
        AuralystAPI.MedicationList.self, AuralystAPI.MedicationEnvelope.self,
        AuralystAPI.MedicationInput.self
      ), query: [],
      list: listMedications, create: addMedication, show: showMedication,
      update: updateMedication)
    collection(
      api, "intakes", item: "intake", kind: .intake,
      bodies: (
        AuralystAPI.IntakeList.self, AuralystAPI.IntakeEnvelope.self,
        AuralystAPI.IntakeInput.self
      ),
      query: Self.range + [Self.dayQuery],
      list: listIntakes, create: addIntake, show: showIntake,
      update: updateIntake)
    collection(
      api, "notes", item: "note", kind: .note,
      bodies: (
        AuralystAPI.NoteList.self, AuralystAPI.NoteEnvelope.self, AuralystAPI.NoteInput.self
      ),
      query: [("entryId", Schemas.string, false)],
      list: listNotes, create: addNote, show: showNote,
      update: updateNote)
    registerFactors(api)
    registerReminders(api)
    registerSupplies(api)
    registerEpisodes(api)
    registerCheckIns(api)
    registerReport(api)
  }

  // MARK: - Journals

  @Sendable func journalList(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let user = try context.requireCaller().user
    let opened = try await journals.journals(for: user)
    return JSONBody.response(
      AuralystAPI.JournalList(journals: opened.map(AuralystAPI.JournalBody.init)))
  }

  @Sendable func createJournal(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let user = try context.requireCaller().user
    let input = try await JSONBody.decode(
      AuralystAPI.JournalInput.self, from: request, route: "POST \(Self.journalsPath)")
    let opened = try await journals.create(
      title: input.title, timeZone: input.timeZone, symptoms: input.symptoms,
      reminderZone: input.reminderZone, by: user)
    return JSONBody.response(
      AuralystAPI.JournalEnvelope(journal: AuralystAPI.JournalBody(opened)), status: .created)
  }

  @Sendable func journal(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    JSONBody.response(
      AuralystAPI.JournalEnvelope(journal: AuralystAPI.JournalBody(try await open(context))))
  }

  @Sendable func updateJournal(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let opened = try await open(context)
    let input = try await JSONBody.decode(
      AuralystAPI.JournalInput.self, from: request, route: "PATCH \(Self.journalPath)")
    let updated = try await journals.update(
      opened, title: input.title, timeZone: input.timeZone, symptoms: input.symptoms,
      reminderZone: input.reminderZone, doseGraceMinutes: input.doseGraceMinutes)
    return JSONBody.response(AuralystAPI.JournalEnvelope(journal: AuralystAPI.JournalBody(updated)))
  }

  @Sendable func deleteJournal(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    try await journals.delete(try await open(context))
    return Response(status: .noContent)
  }

  @Sendable func insights(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let opened = try await open(context)
    let text = request.uri.queryParameters.get("window") ?? "30d"
    guard let window = InsightWindow(rawValue: text) else {
      throw APIErrorResponse(.invalid("window", "window is 7d, 30d, 90d or all."))
    }
    return JSONBody.response(try await journals.insights(opened, window: window))
  }

  // MARK: - Sharing

  @Sendable func shares(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    try await participants(try await open(context))
  }

  @Sendable func invite(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let opened = try await open(context)
    let input = try await JSONBody.decode(
      AuralystAPI.InvitationInput.self, from: request, route: "POST \(Self.sharesPath)")
    try await journals.invite(
      opened, email: input.email, permission: input.permission, accounts: accounts)
    return try await participants(opened)
  }

  @Sendable func stopSharing(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let opened = try await open(context)
    try await journals.stopSharing(opened)
    return try await participants(opened)
  }

  @Sendable func setPermission(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let opened = try await open(context)
    let input = try await JSONBody.decode(
      AuralystAPI.ShareInput.self, from: request, route: "PATCH \(Self.sharesPath)/:userId")
    try await journals.setPermission(
      opened, userID: context.parameters.get("userId") ?? "", permission: input.permission)
    return try await participants(opened)
  }

  @Sendable func removeParticipant(_ request: Request, _ context: AppRequestContext)
    async throws -> Response
  {
    let opened = try await open(context)
    let userID = context.parameters.get("userId") ?? ""
    try await journals.removeParticipant(opened, userID: userID)
    if userID == opened.user.id {
      return JSONBody.response(AuralystAPI.ParticipantList(participants: []))
    }
    return try await participants(opened)
  }

  private func participants(_ opened: AuralystJournals.Opened) async throws -> Response {
    let people = try await journals.participants(opened).map { participant, user in
      AuralystAPI.ParticipantBody(
        userId: participant.userID, displayName: user?.displayName ?? "",
        email: opened.email(of: participant.userID, user?.email),
        status: participant.status.rawValue,
        permission: participant.permission.rawValue)
    }
    return JSONBody.response(
      AuralystAPI.ParticipantList(
        participants: people,
        invitations: opened.isOwner ? try await journals.emailedInvitations(opened) : nil))
  }
}
