import AuralystCore
import Foundation
import HearthCore
import HearthOpenAPI
import HearthPlatform
import Hummingbird

/// A medication's supply: refills by anyone who logs doses, and stopping the count by whoever
/// may edit the medication. The count itself is set with the medication (`supply`).
extension AuralystAPIController {
  static let medicationPath = "\(medicationsPath)/:medicationId"

  func registerSupplies(_ api: APIRouteTable) {
    api.add(
      APIOperation(
        .post, "\(Self.medicationPath)/refill",
        summary:
          "Record a refill (read-write): adds `amount` (else the last refill's) to what is on hand and re-arms the refill notice",
        tag: "auralyst", requestBody: Schemas.of(AuralystAPI.RefillInput.self),
        responses: [(200, Schemas.of(AuralystAPI.MedicationEnvelope.self))],
        errors: [400, 403, 404, 413]),
      use: refill)
    api.add(
      APIOperation(
        .delete, "\(Self.medicationPath)/supply",
        summary: "Stop counting what is on hand (whoever may edit the medication)",
        tag: "auralyst", responses: [(200, Schemas.of(AuralystAPI.MedicationEnvelope.self))],
        errors: [403, 404]),
      use: stopCounting)
  }

  @Sendable func refill(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let (opened, medication) = try await openMedication(context)
    try opened.access.require(.write, what: "journal")
    let input = try await JSONBody.decode(
      AuralystAPI.RefillInput.self, from: request, route: "POST \(Self.medicationPath)/refill")
    try await AuralystSupplies(env: env).edit(
      .refill(input.amount, defaultUnit: medication.defaultUnit), of: medication, in: opened)
    return JSONBody.response(try await envelope(medication, opened))
  }

  @Sendable func stopCounting(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let (opened, medication) = try await openMedication(context)
    try await AuralystSupplies(env: env).edit(.stop, of: medication, in: opened)
    return JSONBody.response(try await envelope(medication, opened))
  }

  private func openMedication(_ context: AppRequestContext) async throws -> (
    AuralystJournals.Opened, Medication
  ) {
    let opened = try await open(context)
    let record = try await journals.record(
      opened, id: context.parameters.get("medicationId") ?? "", kind: .medication)
    guard let medication = try AuralystRecordCoding.medication(record) else {
      throw APIErrorResponse(.notFound("medication"))
    }
    return (opened, medication)
  }
}
