import AuralystCore
import AuralystWeb
import CanonicalJSON
import Foundation
import HearthCore
import HearthOpenAPI
import HearthPlatform
import Hummingbird

/// The report for a clinician as a FHIR R4 Bundle, for a health record system to take in.
extension AuralystAPIController {
  static let fhirPath = "\(journalPath)/report/fhir"

  /// Stated, not reflected: FHIR's own schema is the standard's (AuralystCore writes it).
  static let fhirBundle: JSON = [
    "type": "object", "required": ["resourceType", "type", "timestamp", "entry"],
  ]

  static let reportPeriod: [(name: String, schema: JSON, required: Bool)] = [
    ("from", ["type": "string", "format": "date"], false),
    ("to", ["type": "string", "format": "date"], false),
  ]

  func registerReport(_ api: APIRouteTable) {
    api.add(
      APIOperation(
        .get, Self.fhirPath,
        summary:
          "The report of a period (by default the 30 days to today, at most two years) as a "
          + "FHIR R4 Bundle: entries and factor values as Observations, medications as "
          + "MedicationStatements, doses logged and missed as MedicationAdministrations",
        tag: "auralyst", query: Self.reportPeriod, responses: [(200, Self.fhirBundle)],
        errors: [400, 404], contentType: FHIRBundle.contentType),
      use: fhirReport)
  }

  @Sendable func fhirReport(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let opened = try await open(context)
    let query = request.uri.queryParameters
    let period = try journals.reportPeriod(
      opened, from: query.get("from").map { String($0) }, to: query.get("to").map { String($0) })
    let (report, _) = try await journals.report(opened, period: period)
    let bundle = report.fhir(scheduleText: AuralystPages.scheduleText)
    return Response(
      status: .ok,
      headers: [
        .contentType: "\(FHIRBundle.contentType); charset=utf-8",
        .contentDisposition:
          "attachment; filename=\"Auralyst-\(period.firstDay)-\(period.lastDay).fhir.json\"",
      ], body: .init(byteBuffer: ByteBuffer(bytes: bundle.data)))
  }
}
