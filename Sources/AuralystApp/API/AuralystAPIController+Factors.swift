import AuralystCore
import Foundation
import HearthCore
import HearthOpenAPI
import HearthPlatform
import Hummingbird

/// Factors (what a journal tracks beside symptoms) and their values, day by day.
extension AuralystAPIController {
  static let factorsPath = "\(journalPath)/factors"
  static let factorPath = "\(factorsPath)/:factorId"
  static let factorDayPath = "\(factorPath)/days/:day"

  func registerFactors(_ api: APIRouteTable) {
    let one = Schemas.of(AuralystAPI.FactorEnvelope.self)
    let value = Schemas.of(AuralystAPI.FactorValueEnvelope.self)
    api.add(
      APIOperation(
        .get, Self.factorsPath, summary: "The journal's factors, by name", tag: "auralyst",
        responses: [(200, Schemas.of(AuralystAPI.FactorList.self))], errors: [404]),
      use: listFactors)
    api.add(
      APIOperation(
        .post, Self.factorsPath,
        summary: "Define a factor: a number with a unit, a 1-5 scale, yes/no or tags (read-write)",
        tag: "auralyst", requestBody: Schemas.of(AuralystAPI.FactorInput.self),
        responses: [(201, one)], errors: [400, 403, 404, 409, 413]), use: addFactor)
    api.add(
      APIOperation(
        .patch, Self.factorPath,
        summary: "Rename a factor or change its unit (its author; the owner: any)",
        tag: "auralyst", requestBody: Schemas.of(AuralystAPI.FactorInput.self),
        responses: [(200, one)], errors: [400, 403, 404, 409, 413]), use: updateFactor)
    api.add(
      APIOperation(
        .delete, Self.factorPath,
        summary: "Delete a factor and its values (its author; the owner: any)", tag: "auralyst",
        responses: [(204, nil)], errors: [403, 404]), use: deleteFactor)
    api.add(
      APIOperation(
        .get, "\(Self.journalPath)/factor-values",
        summary: "Factor values by day (from and to are days, inclusive)", tag: "auralyst",
        query: [("from", Self.dayQuery.schema, false), ("to", Self.dayQuery.schema, false)],
        responses: [(200, Schemas.of(AuralystAPI.FactorValueList.self))], errors: [400, 404]),
      use: listFactorValues)
    api.add(
      APIOperation(
        .put, Self.factorDayPath,
        summary:
          "Set a factor's value for a day in the journal's zone (read-write; another's value: the owner)",
        tag: "auralyst", requestBody: Schemas.of(AuralystAPI.FactorValueInput.self),
        responses: [(200, value)], errors: [400, 403, 404, 413]), use: putFactorValue)
    api.add(
      APIOperation(
        .delete, Self.factorDayPath,
        summary: "Clear a factor's value for a day (its author; the owner: any)",
        tag: "auralyst", responses: [(204, nil)], errors: [400, 403, 404]),
      use: clearFactorValue)
  }

  private func openFactor(_ context: AppRequestContext) async throws -> (
    AuralystJournals.Opened, Factor
  ) {
    let opened = try await open(context)
    return (
      opened, try await journals.factor(opened, id: context.parameters.get("factorId") ?? "")
    )
  }

  @Sendable func listFactors(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let opened = try await open(context)
    return JSONBody.response(
      AuralystAPI.FactorList(
        factors: try await journals.factors(opened).map { AuralystAPI.FactorBody($0, opened) }))
  }

  @Sendable func addFactor(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let opened = try await open(context)
    try opened.access.require(.write, what: "journal")
    let input = try await JSONBody.decode(
      AuralystAPI.FactorInput.self, from: request, route: "POST \(Self.factorsPath)")
    guard let name = input.name else { throw APIErrorResponse(.missing("name")) }
    guard let text = input.kind else { throw APIErrorResponse(.missing("kind")) }
    guard let kind = Factor.Kind(rawValue: text) else {
      throw APIErrorResponse(.invalid("kind", "kind is number, scale, yesno or tags."))
    }
    let factor = try await journals.addFactor(opened, name: name, kind: kind, unit: input.unit)
    return JSONBody.response(
      AuralystAPI.FactorEnvelope(factor: AuralystAPI.FactorBody(factor, opened)),
      status: .created)
  }

  @Sendable func updateFactor(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let (opened, factor) = try await openFactor(context)
    try opened.requireAuthor(of: factor.authorID)
    let input = try await JSONBody.decode(
      AuralystAPI.FactorInput.self, from: request, route: "PATCH \(Self.factorPath)")
    if let kind = input.kind, kind != factor.kind.rawValue {
      throw APIErrorResponse(
        .invalid("kind", "A factor's kind stays; make a new factor for another kind."))
    }
    let renamed = try await journals.renameFactor(
      factor, name: input.name, unit: input.unit, in: opened)
    return JSONBody.response(
      AuralystAPI.FactorEnvelope(factor: AuralystAPI.FactorBody(renamed, opened)))
  }

  @Sendable func deleteFactor(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let (opened, factor) = try await openFactor(context)
    try await journals.deleteFactor(factor, in: opened)
    return Response(status: .noContent)
  }

  @Sendable func listFactorValues(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let opened = try await open(context)
    let query = request.uri.queryParameters
    var bounds: [String?] = []
    for name in ["from", "to"] {
      guard let text = query.get(name) else {
        bounds.append(nil)
        continue
      }
      guard CalendarDay(String(text)) != nil else {
        throw APIErrorResponse(.invalid(name, "\(name) is a day like 2026-11-22."))
      }
      bounds.append(String(text))
    }
    let kinds = Dictionary(
      try await journals.factors(opened).map { ($0.id, $0.kind) },
      uniquingKeysWith: { first, _ in first })
    let values = try await journals.factorValues(opened, from: bounds[0], until: bounds[1])
    return JSONBody.response(
      AuralystAPI.FactorValueList(
        values: values.map { AuralystAPI.FactorValueBody($0, kind: kinds[$0.factorID], opened) }))
  }

  @Sendable func putFactorValue(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let (opened, factor) = try await openFactor(context)
    try opened.access.require(.write, what: "journal")
    let input = try await JSONBody.decode(
      AuralystAPI.FactorValueInput.self, from: request, route: "PUT \(Self.factorDayPath)")
    let sent = try Self.factorValue(
      number: input.number, present: input.present, tags: input.tags, of: factor,
      day: context.parameters.get("day") ?? "", by: opened.user.id)
    let value = try await journals.putFactorValue(
      try await journals.checkedFactorValue(sent, of: factor, in: opened), in: opened)
    return JSONBody.response(
      AuralystAPI.FactorValueEnvelope(
        value: AuralystAPI.FactorValueBody(value, kind: factor.kind, opened)))
  }

  /// A value as sent for a factor of its kind: `number` for numbers and scales, `present` for
  /// yes/no, `tags`; the field missing is named under `field` ("factors[0].number").
  static func factorValue(
    number: Double?, present: Bool?, tags: [String]?, of factor: Factor, day: String,
    by authorID: String, field: String = ""
  ) throws -> FactorValue {
    var stored: Double?
    switch factor.kind {
    case .yesNo:
      guard let present else { throw APIErrorResponse(.missing(field + "present")) }
      stored = present ? 1 : 0
    case .number, .scale:
      guard let number else { throw APIErrorResponse(.missing(field + "number")) }
      stored = number
    case .tags:
      guard tags != nil else { throw APIErrorResponse(.missing(field + "tags")) }
    }
    return FactorValue(
      factorID: factor.id, day: day, number: stored, tags: tags, authorID: authorID)
  }

  /// The values sent with an entry for its day, checked before anything is written.
  func factorValues(
    _ inputs: [AuralystAPI.FactorDayInput], day: String, opened: AuralystJournals.Opened
  ) async throws -> [FactorValue] {
    let factors = Dictionary(
      try await journals.factors(opened).map { ($0.id, $0) },
      uniquingKeysWith: { first, _ in first })
    var values: [FactorValue] = []
    for (index, input) in inputs.enumerated() {
      let field = "factors[\(index)]."
      guard let id = input.factorId else { throw APIErrorResponse(.missing(field + "factorId")) }
      guard let factor = factors[id] else {
        throw APIErrorResponse(
          .invalid(field + "factorId", "That factor is no longer in this journal. Reload the page.")
        )
      }
      guard !values.contains(where: { $0.factorID == id }) else {
        throw APIErrorResponse(.invalid(field + "factorId", "\(factor.name) is sent twice."))
      }
      let sent = try Self.factorValue(
        number: input.number, present: input.present, tags: input.tags, of: factor, day: day,
        by: opened.user.id, field: field)
      values.append(
        try await journals.checkedFactorValue(sent, of: factor, in: opened, field: field))
    }
    return values
  }

  @Sendable func clearFactorValue(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let (opened, factor) = try await openFactor(context)
    let day = context.parameters.get("day") ?? ""
    guard CalendarDay(day) != nil else {
      throw APIErrorResponse(.invalid("day", "The day looks like 2026-11-22."))
    }
    try await journals.clearFactorValue(of: factor, day: day, in: opened)
    return Response(status: .noContent)
  }
}
