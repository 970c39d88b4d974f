import AuralystCore
import Foundation
import HearthCore
import HearthPlatform
import Hummingbird

extension AuralystAPIController {
  // MARK: - Medications

  static let medicationsPath = "\(journalPath)/medications"

  @Sendable func listMedications(_ request: Request, _ opened: AuralystJournals.Opened)
    async throws -> Response
  {
    let medications = try await journals.medications(opened)
    let supplies = try await AuralystSupplies(env: env).supplies(opened)
    return JSONBody.response(
      AuralystAPI.MedicationList(
        medications: medications.map {
          AuralystAPI.MedicationBody($0, opened, supply: supplies[$0.id])
        }))
  }

  @Sendable func addMedication(_ request: Request, _ opened: AuralystJournals.Opened)
    async throws -> Response
  {
    try opened.access.require(.write, what: "journal")
    let input = try await JSONBody.decode(
      AuralystAPI.MedicationInput.self, from: request, route: "POST \(Self.medicationsPath)")
    guard input.name != nil else { throw APIErrorResponse(.missing("name")) }
    var medication = Medication(
      id: try AuralystJournals.clientID(input.id, make: env.newID),
      journalID: opened.journal.id, name: "", authorID: opened.user.id, createdAt: env.now(),
      startDay: today(opened).description)
    try apply(input, to: &medication, opened: opened, isNew: true)
    let (record, created) = try await journals.add(
      AuralystRecordCoding.record(medication, at: env.now()), to: opened,
      supplies: try supplyEdit(input, medication))
    return Self.created(
      try await envelope(try AuralystRecordCoding.medication(record) ?? medication, opened),
      created)
  }

  @Sendable func showMedication(_ record: AuralystRecord, _ opened: AuralystJournals.Opened)
    async throws -> Response
  {
    guard let medication = try AuralystRecordCoding.medication(record) else {
      throw APIErrorResponse(.notFound("medication"))
    }
    return JSONBody.response(try await envelope(medication, opened))
  }

  /// The medication with its supply, as the API answers it.
  func envelope(_ medication: Medication, _ opened: AuralystJournals.Opened) async throws
    -> AuralystAPI.MedicationEnvelope
  {
    let supply = try await AuralystSupplies(env: env).supplies(opened)[medication.id]
    return AuralystAPI.MedicationEnvelope(
      medication: AuralystAPI.MedicationBody(medication, opened, supply: supply))
  }

  /// The supply a medication's body sets, checked, as the store takes it.
  private func supplyEdit(_ input: AuralystAPI.MedicationInput, _ medication: Medication) throws
    -> [String: SupplyEdit]
  {
    guard let supply = input.supply else { return [:] }
    return [medication.id: .count(try supply.validated(), defaultUnit: medication.defaultUnit)]
  }

  @Sendable func updateMedication(
    _ request: Request, _ record: AuralystRecord, _ opened: AuralystJournals.Opened
  ) async throws -> Response {
    let input = try await JSONBody.decode(
      AuralystAPI.MedicationInput.self, from: request,
      route: "PATCH \(Self.medicationsPath)/:medicationId")
    guard var medication = try AuralystRecordCoding.medication(record) else {
      throw APIErrorResponse(.notFound("medication"))
    }
    try apply(input, to: &medication, opened: opened, isNew: false)
    try await journals.replace(
      AuralystRecordCoding.record(medication, at: env.now()), in: opened,
      authorID: record.authorID, supplies: try supplyEdit(input, medication))
    return JSONBody.response(try await envelope(medication, opened))
  }

  /// The fields given, checked. An as-needed medication keeps no schedules (the reference app
  /// saved hidden ones). A dose added to a medication in use is due from the day it is added.
  private func apply(
    _ input: AuralystAPI.MedicationInput, to medication: inout Medication,
    opened: AuralystJournals.Opened, isNew: Bool
  ) throws {
    if let name = input.name { medication.name = name }
    if let start = input.startDate { medication.startDay = start }
    if let amount = input.defaultAmount { medication.defaultAmount = amount }
    if let unit = input.defaultUnit { medication.defaultUnit = unit }
    if let useCase = input.useCase { medication.useCase = useCase }
    if let notes = input.notes { medication.notes = notes }
    if let asNeeded = input.isAsNeeded { medication.isAsNeeded = asNeeded }
    if let schedules = input.schedules {
      let edits = try schedules.enumerated().map { index, schedule in
        try self.schedule(schedule, field: "schedules[\(index)]", opened: opened)
      }
      medication.schedules = medication.schedules(
        after: edits, newID: env.newID, addedOn: isNew ? nil : today(opened).description)
    }
    if medication.isAsNeeded { medication.schedules = [] }
    let checked = medication
    medication = try AuralystAPI.validated { () throws(ValidationError) in
      try checked.validated()
    }
  }

  /// A dose as sent. Without an id, it continues the dose at its time and cadence.
  private func schedule(
    _ input: AuralystAPI.ScheduleInput, field: String, opened: AuralystJournals.Opened
  ) throws -> ScheduleEdit {
    let parts = (input.time ?? "").split(separator: ":")
    guard parts.count == 2, let hour = Int(parts[0]), let minute = Int(parts[1]) else {
      throw APIErrorResponse(.invalid("\(field).time", "A dose time looks like 08:00."))
    }
    let cadence: MedicationSchedule.Cadence
    if let interval = input.everyDays {
      cadence = .everyDays(interval, start: input.startDate ?? today(opened).description)
    } else {
      cadence = .weekdays(Set(input.days ?? Array(1...7)))
    }
    let id = try input.id.map { id in
      try AuralystJournals.clientID(id, field: "\(field).id") { id }
    }
    return ScheduleEdit(
      id: id,
      schedule: MedicationSchedule(
        id: id ?? "", label: input.label, hour: hour, minute: minute, amount: input.amount,
        unit: input.unit, cadence: cadence, isActive: input.isActive ?? true,
        startDay: input.everyDays == nil ? input.startDate : nil),
      startGiven: input.startDate != nil)
  }

  /// Today in the journal's zone.
  func today(_ opened: AuralystJournals.Opened) -> CalendarDay {
    let now = env.now()
    return ZoneClock(
      timeZone: TimeZone(identifier: opened.journal.timeZone) ?? .gmt, span: now...now
    ).day(of: now)
  }

  // MARK: - Intakes

  static let intakesPath = "\(journalPath)/intakes"

  @Sendable func listIntakes(_ request: Request, _ opened: AuralystJournals.Opened) async throws
    -> Response
  {
    var (from, to) = try Self.bounds(request)
    var onDay: Int?
    if let text = request.uri.queryParameters.get("day") {
      guard let day = CalendarDay(String(text)) else {
        throw APIErrorResponse(.invalid("day", "day looks like 2026-11-22."))
      }
      // A day more on each side: an intake is on its own day, in the zone it was logged in.
      let clock = ZoneClock(
        timeZone: TimeZone(identifier: opened.journal.timeZone) ?? .gmt,
        span: env.now()...env.now())
      from = clock.instant(day: day.daysSince1970 - 1, minute: 0)
      to = clock.instant(day: day.daysSince1970 + 2, minute: 0).addingTimeInterval(-0.001)
      onDay = day.daysSince1970
    }
    var intakes = try await journals.records(opened, [.intake], from: from, until: to)
      .compactMap(AuralystRecordCoding.intake)
    if let onDay, let zone = TimeZone(identifier: opened.journal.timeZone) {
      let clocks = RecordClocks(
        journal: zone, recordZones: intakes.map(\.timeZone), span: env.now()...env.now())
      intakes = intakes.filter { $0.day(in: clocks) == onDay }
    }
    return JSONBody.response(
      AuralystAPI.IntakeList(intakes: intakes.map { AuralystAPI.IntakeBody($0, opened) }))
  }

  @Sendable func addIntake(_ request: Request, _ opened: AuralystJournals.Opened) async throws
    -> Response
  {
    try opened.access.require(.write, what: "journal")
    let input = try await JSONBody.decode(
      AuralystAPI.IntakeInput.self, from: request, route: "POST \(Self.intakesPath)")
    guard let medicationID = input.medicationId else {
      throw APIErrorResponse(.missing("medicationId"))
    }
    let medication = try await journals.medication(
      opened, id: medicationID, field: "medicationId")
    if let entryID = input.entryId { try await requireEntry(entryID, in: opened) }
    let origin: MedicationIntake.Origin
    switch input.origin {
    case nil: origin = medication.isAsNeeded ? .asNeeded : .scheduled
    case let text?:
      guard let parsed = MedicationIntake.Origin(rawValue: text) else {
        throw APIErrorResponse(.invalid("origin", "origin is scheduled or asNeeded."))
      }
      origin = parsed
    }
    let schedule = medication.schedules.first { $0.id == input.scheduleId }
    let timestamp = try AuralystAPI.timestamp(
      input.timestamp, journal: opened.journal, now: env.now())
    // A scheduled dose logged without its day counts for the nearest dose of its schedule.
    var scheduledDate = input.scheduledDate
    if scheduledDate == nil, origin == .scheduled, let schedule,
      let zone = TimeZone(identifier: opened.journal.timeZone)
    {
      let clock = ZoneClock(
        timeZone: zone, span: timestamp.addingTimeInterval(-2 * 86400)...timestamp + 2 * 86400)
      scheduledDate = schedule.nearestDueDay(to: timestamp, in: clock)?.description
    }
    let intake = MedicationIntake(
      id: try AuralystJournals.clientID(input.id, make: env.newID),
      medicationID: medication.id, scheduleID: input.scheduleId, entryID: input.entryId,
      origin: origin, amount: input.amount ?? schedule?.amount ?? medication.defaultAmount,
      unit: input.unit ?? schedule?.unit ?? medication.defaultUnit,
      timestamp: timestamp, scheduledDate: scheduledDate, note: input.note,
      authorID: opened.user.id)
    let checked = try AuralystAPI.validated { () throws(ValidationError) in
      try intake.validated(for: medication)
    }
    let (record, created) = try await journals.add(
      AuralystRecordCoding.record(checked, journalID: opened.journal.id, at: env.now()),
      to: opened)
    return Self.created(
      AuralystAPI.IntakeEnvelope(
        intake: AuralystAPI.IntakeBody(try AuralystRecordCoding.intake(record) ?? checked, opened)),
      created)
  }

  @Sendable func showIntake(_ record: AuralystRecord, _ opened: AuralystJournals.Opened) throws
    -> Response
  {
    guard let intake = try AuralystRecordCoding.intake(record) else {
      throw APIErrorResponse(.notFound("intake"))
    }
    return JSONBody.response(
      AuralystAPI.IntakeEnvelope(intake: AuralystAPI.IntakeBody(intake, opened)))
  }

  @Sendable func updateIntake(
    _ request: Request, _ record: AuralystRecord, _ opened: AuralystJournals.Opened
  ) async throws -> Response {
    let input = try await JSONBody.decode(
      AuralystAPI.IntakeInput.self, from: request, route: "PATCH \(Self.intakesPath)/:intakeId")
    guard var intake = try AuralystRecordCoding.intake(record) else {
      throw APIErrorResponse(.notFound("intake"))
    }
    // Only what was taken and when changes; what it was taken for stays.
    if let amount = input.amount { intake.amount = amount }
    if let unit = input.unit { intake.unit = unit }
    if let note = input.note { intake.note = note }
    if let text = input.timestamp {
      intake.timestamp = try AuralystAPI.timestamp(
        text, journal: opened.journal, now: env.now())
    }
    let medication = try await journals.medication(
      opened, id: intake.medicationID, field: "medicationId")
    var checkedAgainst = medication
    // A schedule removed since is not this edit's concern.
    if let scheduleID = intake.scheduleID,
      !medication.schedules.contains(where: { $0.id == scheduleID })
    {
      checkedAgainst.schedules.append(
        MedicationSchedule(id: scheduleID, hour: 0, minute: 0, cadence: .weekdays([1])))
    }
    let edited = intake
    let updated = try AuralystAPI.validated { () throws(ValidationError) in
      try edited.validated(for: checkedAgainst)
    }
    try await journals.replace(
      AuralystRecordCoding.record(updated, journalID: opened.journal.id, at: env.now()),
      in: opened, authorID: record.authorID)
    return JSONBody.response(
      AuralystAPI.IntakeEnvelope(intake: AuralystAPI.IntakeBody(updated, opened)))
  }
}
