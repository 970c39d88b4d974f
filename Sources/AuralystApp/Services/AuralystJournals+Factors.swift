import AuralystCore
import Foundation
import HearthCore
import HearthPlatform
import HearthSQL

/// Factors follow the journal's rules: everyone who sees the journal reads them; the owner and
/// read-write collaborators define factors and log their values, and change what they wrote
/// (the owner: anything).
extension AuralystJournals {
  var factorStore: any AuralystFactorStore { database.auralystFactorStore }

  func factors(_ opened: Opened) async throws -> [Factor] {
    try await factorStore.factors(journalID: opened.journal.id)
  }

  /// One factor of the journal; 404 when it is not there (or is in another journal).
  func factor(_ opened: Opened, id: String) async throws -> Factor {
    guard let factor = try await factorStore.factor(id: id),
      factor.journalID == opened.journal.id
    else { throw APIErrorResponse(.notFound("factor")) }
    return factor
  }

  func addFactor(
    _ opened: Opened, name: String, kind: Factor.Kind, unit: String?
  ) async throws -> Factor {
    try opened.access.require(.write, what: "journal")
    let factor = try AuralystAPI.validated { () throws(ValidationError) in
      try Factor(
        id: env.newID(), journalID: opened.journal.id, name: name, kind: kind, unit: unit,
        authorID: opened.user.id, createdAt: ISOTime.rounded(env.now())
      ).validated()
    }
    guard try await factors(opened).count < Factor.maximumPerJournal else {
      throw APIErrorResponse(
        .invalid("name", "A journal tracks at most \(Factor.maximumPerJournal) factors."))
    }
    try await save(factor, isNew: true, in: opened, action: "created")
    return factor
  }

  func renameFactor(_ factor: Factor, name: String?, unit: String?, in opened: Opened)
    async throws -> Factor
  {
    try opened.requireAuthor(of: factor.authorID)
    var edited = factor
    if let name { edited.name = name }
    if let unit { edited.unit = unit }
    let checked = edited
    edited = try AuralystAPI.validated { () throws(ValidationError) in try checked.validated() }
    try await save(edited, isNew: false, in: opened, action: "updated")
    return edited
  }

  private func save(_ factor: Factor, isNew: Bool, in opened: Opened, action: String)
    async throws
  {
    do {
      try await factorStore.saveFactor(
        factor, isNew: isNew,
        events: [Self.event(opened.journal.id, kind: "factor", id: factor.id, action: action)],
        at: env.now())
    } catch StoreError.duplicate {
      throw APIErrorResponse(
        .conflict("name", "This journal already has a factor called \(factor.name)."))
    } catch StoreError.notFound {
      throw APIErrorResponse(.notFound("factor"))
    }
  }

  /// Removes a factor with its values. A collaborator's own factor may hold others' values,
  /// which are not theirs to delete.
  func deleteFactor(_ factor: Factor, in opened: Opened) async throws {
    try opened.requireAuthor(of: factor.authorID)
    if !opened.isOwner {
      let values = try await factorStore.factorValues(
        journalID: opened.journal.id, from: nil, until: nil)
      if values.contains(where: { $0.factorID == factor.id && $0.authorID != opened.user.id }) {
        throw APIErrorResponse(
          APIError(
            status: 403, code: "forbidden",
            message: "Others have logged this factor; only the journal's owner can delete it."))
      }
    }
    try await factorStore.deleteFactor(
      id: factor.id, journalID: opened.journal.id,
      events: [Self.event(opened.journal.id, kind: "factor", id: factor.id, action: "deleted")],
      at: env.now())
  }

  func factorValues(_ opened: Opened, from: String? = nil, until: String? = nil) async throws
    -> [FactorValue]
  {
    try await factorStore.factorValues(journalID: opened.journal.id, from: from, until: until)
  }

  /// A day's value checked against its factor, and whether this person may set it: a writer
  /// logs a day nobody has, or changes their own; the owner any. Field names under `field`.
  func checkedFactorValue(
    _ value: FactorValue, of factor: Factor, in opened: Opened, field: String = ""
  ) async throws -> FactorValue {
    try opened.access.require(.write, what: "journal")
    let checked: FactorValue
    do { checked = try value.validated(for: factor) } catch {
      throw APIErrorResponse(.invalid(field + error.field, error.message))
    }
    if let stored = try await factorStore.factorValue(factorID: factor.id, day: checked.day) {
      try opened.requireAuthor(of: stored.authorID)
    }
    return checked
  }

  /// Stores a value `checkedFactorValue` made.
  @discardableResult
  func putFactorValue(_ checked: FactorValue, in opened: Opened) async throws -> FactorValue {
    do {
      try await factorStore.putFactorValue(
        checked, journalID: opened.journal.id,
        events: [
          Self.event(
            opened.journal.id, kind: "factorValue", id: "\(checked.factorID)/\(checked.day)",
            action: "updated")
        ], at: env.now())
    } catch StoreError.notFound {
      throw APIErrorResponse(.notFound("factor"))
    }
    return checked
  }

  func clearFactorValue(of factor: Factor, day: String, in opened: Opened) async throws {
    try opened.access.require(.write, what: "journal")
    guard let stored = try await factorStore.factorValue(factorID: factor.id, day: day) else {
      throw APIErrorResponse(.notFound("value"))
    }
    try opened.requireAuthor(of: stored.authorID)
    try await factorStore.deleteFactorValue(
      factorID: factor.id, day: day, journalID: opened.journal.id,
      events: [
        Self.event(
          opened.journal.id, kind: "factorValue", id: "\(factor.id)/\(day)", action: "deleted")
      ], at: env.now())
  }

  /// An import's factors as the journal takes them: one the journal has by name (of the same
  /// kind) takes the file's values, on days it has none; a name it has with another kind is
  /// refused. The journal keeps at most `Factor.maximumPerJournal`.
  func factorsToImport(_ copy: JournalExport, into opened: Opened) async throws -> (
    [Factor], [FactorValue]
  ) {
    let existing = Dictionary(
      try await factors(opened).map { ($0.nameKey, $0) }, uniquingKeysWith: { first, _ in first })
    var ids: [String: String] = [:]
    var added: [Factor] = []
    for factor in copy.factors {
      if let known = existing[factor.nameKey] {
        guard known.kind == factor.kind else {
          throw APIErrorResponse(
            .invalid(
              "factors",
              "The journal's \(known.name) is of another kind than the file's; rename one first."))
        }
        ids[factor.id] = known.id
      } else {
        added.append(factor)
      }
    }
    guard existing.count + added.count <= Factor.maximumPerJournal else {
      throw APIErrorResponse(
        .invalid("factors", "A journal tracks at most \(Factor.maximumPerJournal) factors."))
    }
    let values = copy.factorValues.map { value in
      var value = value
      value.factorID = ids[value.factorID] ?? value.factorID
      return value
    }
    return (added, values)
  }
}
