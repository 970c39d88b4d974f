import AuralystCore
import AuralystWeb
import Foundation
import HearthCore
import HearthPlatform
import Hummingbird

/// The Auralyst pages: rendered here from the same service the JSON API uses, so every page
/// checks access the way the API does (another person's journal is a 404).
struct AuralystWebController: Sendable {
  let pages: WebPages
  var env: HearthEnvironment { pages.env }
  var journals: AuralystJournals { AuralystJournals(env: env) }
  static let journalPath = "/auralyst/journals/:journalId"

  func register(_ router: Router<AppRequestContext>) {
    let auralyst = router.group("/auralyst").add(middleware: SignedInPages())
    auralyst.get("", use: journalList)
    let journal = router.group(RouterPath(Self.journalPath)).add(middleware: SignedInPages())
    page(journal, "", use: home)
    page(journal, "/days/:day", use: dayPage)
    page(journal, "/calendar", use: calendarPage)
    page(journal, "/entries/:entryId", use: entryPage)
    page(journal, "/medications", use: medicationsPage)
    page(journal, "/medications/:medicationId", use: medicationPage)
    page(journal, "/factors", use: factorsPage)
    page(journal, "/episodes", use: episodesPage)
    page(journal, "/insights", use: insightsPage)
    page(journal, "/sharing", use: sharingPage)
    page(journal, "/settings", use: settingsPage)
    page(journal, "/data", use: dataPage)
    page(journal, "/report", use: reportPage)
  }

  /// A journal page: the journal opened with the caller's access.
  private func page(
    _ journal: RouterGroup<AppRequestContext>, _ suffix: RouterPath,
    use render:
      @escaping @Sendable (
        Request, Parameters, PageContext, AuralystJournals.Opened, AuralystView
      ) async throws -> String
  ) {
    journal.get(suffix) { request, context in
      let user = try context.requireCaller().user
      let opened = try await journals.open(context.parameters.get("journalId") ?? "", for: user)
      let view = AuralystView(
        journal: opened.journal, access: AuralystAPI.accessName(opened.access), viewerID: user.id,
        now: env.now())
      return pages.html(
        try await render(
          request, context.parameters, try await pages.pageContext(request, context), opened, view))
    }
  }

  @Sendable func journalList(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let user = try context.requireCaller().user
    var rows: [AuralystPages.JournalRow] = []
    for opened in try await journals.journals(for: user) {
      let owner = try await env.database.user(id: opened.journal.ownerID)?.displayName ?? ""
      rows.append(
        AuralystPages.JournalRow(
          journal: opened.journal, access: AuralystAPI.accessName(opened.access), ownerName: owner
        ))
    }
    return pages.html(AuralystPages.journals(try await pages.pageContext(request, context), rows))
  }

  @Sendable func home(
    _ request: Request, _ parameters: Parameters, _ context: PageContext,
    _ opened: AuralystJournals.Opened, _ view: AuralystView
  ) async throws -> String {
    let day =
      request.uri.queryParameters.get("day").flatMap { CalendarDay(String($0)) }?.daysSince1970
      ?? view.today
    let until =
      request.uri.queryParameters.get("until").flatMap { CalendarDay(String($0)) }
      .map { min($0.daysSince1970, view.today) } ?? view.today
    let since = view.instant(day: until - 29, minute: 0)
    let end = until == view.today ? nil : view.instant(day: until + 1, minute: 0)
    let dayStart = view.instant(day: day, minute: 0)
    let dayEnd = view.instant(day: day + 1, minute: 0).addingTimeInterval(-0.001)
    let intakes = try await journals.records(opened, [.intake], from: min(since, dayStart))
      .compactMap(AuralystRecordCoding.intake)
    var home = AuralystPages.Home(
      day: day, medications: try await journals.medications(opened),
      dayIntakes: intakes.filter {
        $0.scheduledDate == CalendarDay(daysSince1970: day).description
          || ($0.scheduledDate == nil && (dayStart...dayEnd).contains($0.timestamp))
      },
      entries: try await journals.records(opened, [.entry], from: since, until: end)
        .compactMap(AuralystRecordCoding.entry),
      intakes: intakes.filter { intake in
        intake.timestamp >= since && (end.map { intake.timestamp < $0 } ?? true)
      },
      notes: try await journals.records(opened, [.note], from: since, until: end)
        .compactMap(AuralystRecordCoding.note).filter { $0.entryID == nil },
      until: until)
    home.factors = try await journals.factors(opened)
    home.ongoing = try await journals.ongoingEpisode(opened)
    if let ongoing = home.ongoing {
      home.episodeChoices = try await episodeChoices(opened, since: ongoing.startedAt)
    }
    if opened.access >= .write {
      let checkIn = try await AuralystCheckIns(env: env).setting(opened)
      home.checkIn = (checkIn.enabled, checkIn.minute)
    }
    return AuralystPages.home(context, view, home)
  }

  /// The journal's medications, and its doses logged from `since` (an hour before, for one
  /// taken as it began) on.
  private func episodeChoices(_ opened: AuralystJournals.Opened, since: Date) async throws
    -> AuralystPages.EpisodeChoices
  {
    AuralystPages.EpisodeChoices(
      medications: try await journals.medications(opened),
      intakes: try await journals.records(opened, [.intake], from: since - 3600)
        .compactMap(AuralystRecordCoding.intake).filter { $0.status != .skipped })
  }

  @Sendable func episodesPage(
    _ request: Request, _ parameters: Parameters, _ context: PageContext,
    _ opened: AuralystJournals.Opened, _ view: AuralystView
  ) async throws -> String {
    let episodes = try await journals.episodes(opened)
    return AuralystPages.episodes(
      context, view, episodes,
      try await episodeChoices(opened, since: episodes.first?.startedAt ?? view.now))
  }

  @Sendable func dayPage(
    _ request: Request, _ parameters: Parameters, _ context: PageContext,
    _ opened: AuralystJournals.Opened, _ view: AuralystView
  ) async throws -> String {
    guard let day = CalendarDay(parameters.get("day") ?? "")?.daysSince1970 else {
      throw APIErrorResponse(.notFound("day"))
    }
    let from = view.instant(day: day, minute: 0)
    let until = view.instant(day: day + 1, minute: 0).addingTimeInterval(-0.001)
    // A day more on each side: entries and doses are on their own day, in the zone they were
    // made in.
    let rows = try await journals.records(
      opened, [.entry, .intake, .note], from: from - 86_400, until: until + 86_400)
    let date = CalendarDay(daysSince1970: day).description
    return AuralystPages.day(
      context, view, day: day,
      entries: try rows.compactMap(AuralystRecordCoding.entry).filter {
        view.day(of: $0.timestamp, madeIn: $0.timeZone) == day
      },
      intakes: try rows.compactMap(AuralystRecordCoding.intake).filter {
        view.day(of: $0.timestamp, madeIn: $0.timeZone) == day
      },
      notes: try rows.compactMap(AuralystRecordCoding.note).filter {
        $0.entryID == nil && (from...until).contains($0.timestamp)
      },
      medications: try await journals.medications(opened),
      factors: (
        try await journals.factors(opened),
        try await journals.factorValues(opened, from: date, until: date)
      ))
  }

  @Sendable func factorsPage(
    _ request: Request, _ parameters: Parameters, _ context: PageContext,
    _ opened: AuralystJournals.Opened, _ view: AuralystView
  ) async throws -> String {
    AuralystPages.factors(context, view, try await journals.factors(opened))
  }

  @Sendable func calendarPage(
    _ request: Request, _ parameters: Parameters, _ context: PageContext,
    _ opened: AuralystJournals.Opened, _ view: AuralystView
  ) async throws -> String {
    let today = CalendarDay(daysSince1970: view.today)
    let (year, month) =
      request.uri.queryParameters.get("month").flatMap { SeverityMonth.parse(String($0)) }
      ?? (today.year, today.month)
    let first = CalendarDay(String(format: "%04d-%02d-01", year, month))!.daysSince1970
    // A day more on each side: the month's days are found in the journal's zone.
    let rows = try await journals.records(
      opened, [.entry], from: view.instant(day: first - 1, minute: 0),
      until: view.instant(day: first + 33, minute: 0))
    return AuralystPages.calendar(
      context, view,
      SeverityMonth(
        year: year, month: month, entries: try rows.compactMap(AuralystRecordCoding.entry),
        timeZone: TimeZone(identifier: view.journal.timeZone) ?? .gmt, now: view.now))
  }

  @Sendable func entryPage(
    _ request: Request, _ parameters: Parameters, _ context: PageContext,
    _ opened: AuralystJournals.Opened, _ view: AuralystView
  ) async throws -> String {
    let record = try await journals.record(
      opened, id: parameters.get("entryId") ?? "", kind: .entry)
    guard let entry = try AuralystRecordCoding.entry(record) else {
      throw APIErrorResponse(.notFound("entry"))
    }
    let notes = try await journals.records(opened, [.note]).compactMap(AuralystRecordCoding.note)
      .filter { $0.entryID == entry.id }
    let author = try await env.database.user(id: entry.authorID)?.displayName ?? "someone"
    return AuralystPages.entry(context, view, entry, author: author, notes: notes)
  }

  @Sendable func medicationsPage(
    _ request: Request, _ parameters: Parameters, _ context: PageContext,
    _ opened: AuralystJournals.Opened, _ view: AuralystView
  ) async throws -> String {
    AuralystPages.medications(
      context, view, try await journals.medications(opened),
      supplies: try await AuralystSupplies(env: env).supplies(opened),
      remindersOn: opened.access >= .write
        ? try await AuralystDoseReminders(env: env).wants(opened) : nil,
      missedOn: try await AuralystDoseReminders(env: env).wantsMissed(opened))
  }

  @Sendable func medicationPage(
    _ request: Request, _ parameters: Parameters, _ context: PageContext,
    _ opened: AuralystJournals.Opened, _ view: AuralystView
  ) async throws -> String {
    let id = parameters.get("medicationId") ?? ""
    guard id != "new" else {
      try opened.access.require(.write, what: "journal")
      return AuralystPages.medicationEditor(context, view, nil)
    }
    let record = try await journals.record(opened, id: id, kind: .medication)
    try opened.requireAuthor(of: record.authorID)
    return AuralystPages.medicationEditor(
      context, view, try AuralystRecordCoding.medication(record),
      supply: try await AuralystSupplies(env: env).supplies(opened)[record.id])
  }

  @Sendable func insightsPage(
    _ request: Request, _ parameters: Parameters, _ context: PageContext,
    _ opened: AuralystJournals.Opened, _ view: AuralystView
  ) async throws -> String {
    let window =
      request.uri.queryParameters.get("window")
      .flatMap { InsightWindow(rawValue: String($0)) } ?? .month
    return AuralystPages.insights(
      context, view, try await journals.insights(opened, window: window))
  }

  @Sendable func sharingPage(
    _ request: Request, _ parameters: Parameters, _ context: PageContext,
    _ opened: AuralystJournals.Opened, _ view: AuralystView
  ) async throws -> String {
    let people = try await journals.participants(opened).map { participant, user in
      AuralystPages.Person(
        userID: participant.userID, name: user?.displayName ?? "Someone",
        email: opened.email(of: participant.userID, user?.email) ?? "",
        status: participant.status.rawValue, permission: participant.permission.rawValue)
    }
    let owner = try await env.database.user(id: opened.journal.ownerID)?.displayName ?? ""
    return AuralystPages.sharing(
      context, view, people: people, emailed: try await journals.emailedInvitations(opened),
      ownerName: owner)
  }

  @Sendable func settingsPage(
    _ request: Request, _ parameters: Parameters, _ context: PageContext,
    _ opened: AuralystJournals.Opened, _ view: AuralystView
  ) async throws -> String {
    try opened.access.require(.owner, what: "journal")
    return AuralystPages.settings(context, view)
  }

  @Sendable func dataPage(
    _ request: Request, _ parameters: Parameters, _ context: PageContext,
    _ opened: AuralystJournals.Opened, _ view: AuralystView
  ) async throws -> String {
    AuralystPages.data(context, view, health: JournalHealth(try await journals.snapshot(opened)))
  }

  @Sendable func reportPage(
    _ request: Request, _ parameters: Parameters, _ context: PageContext,
    _ opened: AuralystJournals.Opened, _ view: AuralystView
  ) async throws -> String {
    let query = request.uri.queryParameters
    let paper =
      query.get("paper").flatMap { paper in
        AuralystPages.papers.first { $0.0 == paper }?.0
      } ?? AuralystPages.papers[0].0
    // A period that cannot be shown is said so, and the default one is shown instead.
    var problem: String?
    let period: ReportPeriod
    do {
      period = try ReportPeriod(
        from: query.get("from").map { String($0) }, to: query.get("to").map { String($0) },
        today: view.today)
    } catch {
      problem = error.message + " Showing the last \(ReportPeriod.defaultDays) days."
      period = try ReportPeriod(from: nil, to: nil, today: view.today)
    }
    let (report, insights) = try await journals.report(opened, period: period)
    return AuralystPages.report(
      context, view, report, insights: insights, paper: paper, problem: problem)
  }
}
