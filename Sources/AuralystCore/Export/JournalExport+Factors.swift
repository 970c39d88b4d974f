import Foundation

extension ExportRows {
  struct Factor: Codable, Equatable {
    var id: String
    var journalID: String
    var name: String
    /// number, scale, yesno or tags.
    var kind: String
    var unit: String?
    var authorID: String?
    var createdAt: String?
  }

  /// One factor's value on one day ("2026-11-22"); yes/no is 1 or 0.
  struct FactorValue: Codable, Equatable {
    var factorID: String
    var day: String
    var number: Double?
    var tags: [String]?
    var authorID: String?
  }
}

extension JournalExport {
  static let factorColumns = [
    "id", "journal_id", "name", "kind", "unit", "author_id", "createdAt",
  ]
  static let factorValueColumns = ["factor_id", "day", "number", "tags", "author_id"]

  /// The factors' sections, only in a file that has factors.
  static func factorSections(_ file: ExportRows.File) -> [CSVSections.Section] {
    guard let factors = file.factors else { return [] }
    return [
      .init(
        name: "factors", header: factorColumns,
        rows: factors.map { factor in
          [
            factor.id, factor.journalID, factor.name, factor.kind, factor.unit ?? "",
            factor.authorID ?? "", factor.createdAt ?? "",
          ]
        }),
      .init(
        name: "factor_values", header: factorValueColumns,
        rows: (file.factorValues ?? []).map { value in
          [
            value.factorID, value.day, text(value.number), value.tags.map(jsonText) ?? "",
            value.authorID ?? "",
          ]
        }),
    ]
  }
}

extension CSVReader {
  func readFactors(into file: inout ExportRows.File, _ labels: inout RowLabels)
    throws(ImportProblem)
  {
    if let section = sections["factors"] {
      var factors: [ExportRows.Factor] = []
      for index in section.rows.indices {
        let row = try Row(section, index)
        factors.append(
          .init(
            id: try row.required("id"), journalID: try row.required("journal_id"),
            name: row.value("name") ?? "", kind: try row.required("kind"),
            unit: row.value("unit"), authorID: row.value("author_id"),
            createdAt: row.value("createdAt")))
        labels.factors.append(row.label)
      }
      file.factors = factors
    }
    if let section = sections["factor_values"] {
      var values: [ExportRows.FactorValue] = []
      for index in section.rows.indices {
        let row = try Row(section, index)
        var tags: [String]?
        if let text = row.value("tags") {
          guard let list = try? JSONDecoder().decode([String].self, from: Data(text.utf8)) else {
            throw ImportProblem(row: row.label, field: "tags", "tags is a JSON list of tags.")
          }
          tags = list
        }
        values.append(
          .init(
            factorID: try row.required("factor_id"), day: try row.required("day"),
            number: try row.double("number"), tags: tags, authorID: row.value("author_id")))
        labels.factorValues.append(row.label)
      }
      file.factorValues = values
    }
  }
}

extension JournalImport {
  /// The file's factors and values, each checked: known kinds, names once (ignoring case),
  /// values of factors in the file, one per factor and day, fitting their factor's kind.
  static func factors(
    _ file: ExportRows.File, labels: RowLabels, journalID: String, createdAt: Date
  ) throws(ImportProblem) -> ([Factor], [FactorValue]) {
    var factors: [String: Factor] = [:]
    var order: [Factor] = []
    var names = Set<String>()
    for (row, label) in zip(file.factors ?? [], labels.factors) {
      guard row.journalID == journalID else {
        throw ImportProblem(
          row: label, field: "journalID",
          "It belongs to journal \(row.journalID), not \(journalID).")
      }
      guard let kind = Factor.Kind(rawValue: row.kind) else {
        throw ImportProblem(
          row: label, field: "kind", "kind is number, scale, yesno or tags, not \(row.kind).")
      }
      guard factors[row.id] == nil, !row.id.isEmpty else {
        throw ImportProblem(row: label, field: "id", "id \(row.id) appears twice in the file.")
      }
      let factor: Factor
      do {
        factor = try Factor(
          id: row.id, journalID: journalID, name: row.name, kind: kind, unit: row.unit,
          authorID: row.authorID ?? "",
          createdAt: row.createdAt.flatMap(ISOTime.date) ?? createdAt
        ).validated()
      } catch {
        throw ImportProblem(row: label, field: error.field, error.message)
      }
      guard names.insert(factor.nameKey).inserted else {
        throw ImportProblem(row: label, field: "name", "\(factor.name) appears twice in the file.")
      }
      factors[row.id] = factor
      order.append(factor)
    }
    var values: [FactorValue] = []
    var days = Set<String>()
    for (row, label) in zip(file.factorValues ?? [], labels.factorValues) {
      guard let factor = factors[row.factorID] else {
        throw ImportProblem(
          row: label, field: "factorID", "Factor \(row.factorID) is not in the file.")
      }
      guard days.insert("\(row.factorID) \(row.day)").inserted else {
        throw ImportProblem(
          row: label, field: "day", "\(factor.name) has two values for \(row.day).")
      }
      do {
        values.append(
          try FactorValue(
            factorID: row.factorID, day: row.day, number: row.number, tags: row.tags,
            authorID: row.authorID ?? ""
          ).validated(for: factor))
      } catch {
        throw ImportProblem(row: label, field: error.field, error.message)
      }
    }
    return (order, values)
  }
}
