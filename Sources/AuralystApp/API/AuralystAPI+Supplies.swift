import AuralystCore
import CanonicalJSON
import Foundation
import HearthOpenAPI

extension AuralystAPI {
  /// A medication's supply: what is on hand, in its unit (absent: doses), and when to refill.
  struct SupplyBody: Codable, JSONSchemaRefined {
    var onHand: Double
    var unit: String?
    /// At or below this, a refill notice goes out once (`auralyst.refill`).
    var refillAt: Double?
    /// What a refill adds when none is given: the last refill's, or the first count.
    var refillAmount: Double?
    /// At or below `refillAt`.
    var isLow: Bool
    /// When the count was last set: doses taken before then were already out of it.
    var countedAt: String

    static let schemaRefinements: [String: JSON] = [
      "onHand": Rule.supply, "refillAt": Rule.supply, "refillAmount": Rule.supply,
      "countedAt": Rule.dateTime,
    ]

    init(_ supply: MedicationSupply) {
      onHand = supply.onHand
      unit = supply.unit
      refillAt = supply.refillAt
      refillAmount = supply.refillAmount
      isLow = supply.isLow
      countedAt = AuralystAPI.time(supply.countedAt)
    }
  }

  /// Fields left out stay as they were; a first count needs `onHand`. A unit of "" counts
  /// doses.
  struct SupplyInput: Decodable, JSONSchemaRefined {
    var onHand: Double?
    var refillAt: Double?
    var refillAmount: Double?
    var unit: String?

    static let schemaRefinements: [String: JSON] = [
      "onHand": Rule.supply, "refillAt": Rule.supply,
      "refillAmount": ["exclusiveMinimum": 0, "maximum": 1_000_000], "unit": ["maxLength": 40],
    ]

    func validated() throws -> SupplyCount {
      let count = SupplyCount(
        onHand: onHand, refillAt: refillAt, refillAmount: refillAmount, unit: unit)
      return try AuralystAPI.validated { () throws(ValidationError) in
        try count.validated(field: "supply")
      }
    }
  }

  /// A refill: how much it adds; absent, as much as the last one.
  struct RefillInput: Decodable, JSONSchemaRefined {
    var amount: Double?

    static let schemaRefinements: [String: JSON] = [
      "amount": ["exclusiveMinimum": 0, "maximum": 1_000_000]
    ]
  }
}

extension AuralystAPI.Rule {
  static let supply: JSON = ["minimum": 0, "maximum": 1_000_000]
}
