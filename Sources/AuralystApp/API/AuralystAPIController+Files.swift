import AuralystCore
import CanonicalJSON
import Foundation
import HearthCore
import HearthPlatform
import Hummingbird

/// Export, the export's health check and its repair, and import.
extension AuralystAPIController {
  static let importPath = "\(journalPath)/import"

  /// The export file, as export answers and import reads it: stated, not reflected, since
  /// AuralystCore writes it (JournalExport.json()) from row types the app does not see.
  static let exportFile: JSON = [
    "type": "object", "required": ["journal", "entries", "medications", "intakes", "schedules"],
  ]

  @Sendable func export(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
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

  @Sendable func healthCheck(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let opened = try await open(context)
    return Self.health(JournalHealth(try await journals.snapshot(opened)))
  }

  @Sendable func repair(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    Self.health(try await journals.repair(try await open(context)))
  }

  @Sendable func importJournal(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let opened = try await open(context)
    try opened.access.require(.owner, what: "journal")
    let buffer = try await JSONBody.collect(
      request, limit: Self.importLimit, route: "POST \(Self.importPath)")
    let data = Data(buffer: buffer)
    let contentType = request.headers[.contentType] ?? ""
    let format =
      request.uri.queryParameters.get("format").map { String($0) }
      ?? (contentType.contains("csv") ? "csv" : "json")
    let file: JournalImport
    do {
      switch format {
      case "json": file = try JournalImport.parse(json: data, timeZone: opened.journal.timeZone)
      case "csv":
        guard let text = String(validating: data, as: UTF8.self) else {
          throw ImportProblem(row: "file", "The CSV is not UTF-8 text.")
        }
        file = try JournalImport.parse(csv: text, timeZone: opened.journal.timeZone)
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

  struct Imported: Codable {
    struct Counts: Codable { var entries, medications, schedules, intakes, notes: Int }
    var imported: Counts
    var repairs: [String]
  }

  struct HealthBody: Codable {
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
