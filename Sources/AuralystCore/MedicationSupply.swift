import Foundation

/// How much of a medication is on hand, and when to be told to refill. It counts in its own
/// unit ("tablets"; nil: doses): each dose logged as taken (in time or late, never a skipped
/// one) takes its amount when it is logged in that unit, else one; a refill adds to it.
public struct MedicationSupply: Hashable, Codable, Sendable {
  public var medicationID: String
  /// What is left; never below zero.
  public var onHand: Double
  /// The unit it counts in; nil: doses.
  public var unit: String?
  /// At or below this, the people who look after doses are told once to refill; nil: never.
  public var refillAt: Double?
  /// What one refill adds (the notice's Refilled button adds it): set, or the last refill's.
  public var refillAmount: Double?
  /// When the count was last set by hand: doses taken before then were already out of it.
  public var countedAt: Date
  /// What doses took beyond the count; an undone dose gives it back before adding to the count.
  public var overdrawn: Double
  /// How many refill notices it has sent; each is named by its number.
  public var notices: Int
  /// Whether the last notice still stands: until a refill, or the count is above `refillAt`.
  public var noticeSent: Bool

  public init(
    medicationID: String, onHand: Double, unit: String? = nil, refillAt: Double? = nil,
    refillAmount: Double? = nil, countedAt: Date, overdrawn: Double = 0, notices: Int = 0,
    noticeSent: Bool = false
  ) {
    self.medicationID = medicationID
    self.onHand = onHand
    self.unit = unit
    self.refillAt = refillAt
    self.refillAmount = refillAmount
    self.countedAt = countedAt
    self.overdrawn = overdrawn
    self.notices = notices
    self.noticeSent = noticeSent
  }

  /// At or below the refill threshold.
  public var isLow: Bool { refillAt.map { onHand <= $0 } ?? false }

  /// Counts, thresholds and refills: 0 to a million of the unit, as doses are.
  public static let counts = 0...1_000_000.0
}

/// What a person says about a supply: what is on hand now (a recount), the threshold, the size
/// of a refill, the unit. What is not said stays as it was.
public struct SupplyCount: Hashable, Codable, Sendable {
  public var onHand: Double?
  public var refillAt: Double?
  public var refillAmount: Double?
  /// "" counts in doses.
  public var unit: String?

  public init(
    onHand: Double? = nil, refillAt: Double? = nil, refillAmount: Double? = nil,
    unit: String? = nil
  ) {
    self.onHand = onHand
    self.refillAt = refillAt
    self.refillAmount = refillAmount
    self.unit = unit
  }

  /// Each number in range, the unit short; `field` prefixes the fields named ("supply.onHand").
  public func validated(field: String) throws(ValidationError) -> SupplyCount {
    let numbers: [(String, Double?, String)] = [
      ("onHand", onHand, "What is on hand"), ("refillAt", refillAt, "The refill threshold"),
      ("refillAmount", refillAmount, "A refill"),
    ]
    for (name, value, what) in numbers {
      if let value, !MedicationSupply.counts.contains(value) {
        throw ValidationError(field: "\(field).\(name)", "\(what) is 0 to 1,000,000.")
      }
    }
    if refillAmount == 0 {
      throw ValidationError(field: "\(field).refillAmount", "A refill adds more than 0.")
    }
    var count = self
    if let unit {
      count.unit = unit.trimmingCharacters(in: .whitespacesAndNewlines)
      guard (count.unit ?? "").count <= 40 else {
        throw ValidationError(field: "\(field).unit", "A unit has at most 40 characters.")
      }
    }
    return count
  }
}

// MARK: - Rules

extension MedicationSupply {
  /// The supply after a person set `count` at `now`: a new count starts afresh (the notice
  /// re-armed, doses taken before it not taken from it); without one, the count stays. A first
  /// count needs `onHand`; it counts in `defaultUnit` unless told, and a refill adds as much as
  /// it holds unless told.
  public static func counted(
    _ count: SupplyCount, medicationID: String, previous: MedicationSupply?,
    defaultUnit: String?, at now: Date
  ) throws(ValidationError) -> MedicationSupply {
    var supply: MedicationSupply
    if let onHand = count.onHand {
      supply = MedicationSupply(
        medicationID: medicationID, onHand: onHand, unit: previous?.unit ?? defaultUnit,
        refillAt: previous?.refillAt,
        refillAmount: previous?.refillAmount ?? (onHand > 0 ? onHand : nil),
        countedAt: Date(timeIntervalSince1970: now.timeIntervalSince1970.rounded(.down)),
        notices: previous?.notices ?? 0)
    } else if let previous {
      supply = previous
    } else {
      throw ValidationError(
        field: "supply.onHand", "Say how many are on hand to start counting them.")
    }
    if let refillAt = count.refillAt { supply.refillAt = refillAt }
    if let refillAmount = count.refillAmount { supply.refillAmount = refillAmount }
    if let unit = count.unit { supply.unit = unit.isEmpty ? nil : unit }
    if !supply.isLow { supply.noticeSent = false }
    return supply
  }

  /// The supply after a refill of `amount`: added to what is on hand, remembered as the size
  /// of a refill, and the notice re-armed.
  public func refilled(by amount: Double) throws(ValidationError) -> MedicationSupply {
    guard amount > 0, Self.counts.contains(amount) else {
      throw ValidationError(field: "amount", "A refill is more than 0 and at most 1,000,000.")
    }
    guard Self.counts.contains(onHand + amount) else {
      throw ValidationError(field: "amount", "That would make more than 1,000,000 on hand.")
    }
    var supply = self
    supply.onHand += amount
    supply.overdrawn = 0
    supply.refillAmount = amount
    supply.noticeSent = false
    return supply
  }

  /// What a dose takes: nothing when skipped or taken before the count; its amount when it is
  /// logged in the supply's unit (or neither has one); otherwise one.
  public func use(of intake: MedicationIntake) -> Double {
    guard intake.status != .skipped, intake.timestamp >= countedAt else { return 0 }
    guard let amount = intake.amount, Self.sameUnit(intake.unit, unit) else { return 1 }
    return amount
  }

  /// The supply after doses were logged, edited or removed: what `removed` took is given
  /// back, then what `added` takes is taken; `notify` when this takes it to or below the
  /// threshold while no notice stands (the notice is then counted as sent).
  public func logged(removing removed: [MedicationIntake], adding added: [MedicationIntake])
    -> (supply: MedicationSupply, notify: Bool)
  {
    let givenBack = removed.reduce(0) { $0 + use(of: $1) }
    let taken = added.reduce(0) { $0 + use(of: $1) }
    var supply = self
    let repaid = min(supply.overdrawn, givenBack)
    supply.overdrawn -= repaid
    supply.onHand += givenBack - repaid
    let fromHand = min(supply.onHand, taken)
    supply.onHand -= fromHand
    supply.overdrawn += taken - fromHand
    guard supply.isLow else {
      supply.noticeSent = false
      return (supply, false)
    }
    guard taken > givenBack, !supply.noticeSent else { return (supply, false) }
    supply.noticeSent = true
    supply.notices += 1
    return (supply, true)
  }

  /// "12 tablets", "1 dose", "2.5 ml": an amount in the supply's unit.
  public func quantity(_ value: Double) -> String {
    let number = value == value.rounded() ? String(Int(value)) : String(value)
    guard let unit else { return "\(number) \(value == 1 ? "dose" : "doses")" }
    return "\(number) \(unit)"
  }

  static func sameUnit(_ one: String?, _ other: String?) -> Bool {
    func key(_ unit: String?) -> String {
      (unit ?? "").trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }
    return key(one) == key(other)
  }
}

/// A change a person makes to a medication's supply.
public enum SupplyEdit: Hashable, Sendable {
  /// A count, threshold, refill size or unit (see `MedicationSupply.counted`).
  case count(SupplyCount, defaultUnit: String?)
  /// A refill of this much; nil: as much as the last one. A supply not counted yet starts at it.
  case refill(Double?, defaultUnit: String?)
  /// Stop counting.
  case stop

  /// The supply after this edit of `previous` at `now`; nil when it is no longer counted.
  public func applied(to previous: MedicationSupply?, medicationID: String, at now: Date)
    throws(ValidationError) -> MedicationSupply?
  {
    switch self {
    case .count(let count, let defaultUnit):
      return try MedicationSupply.counted(
        count, medicationID: medicationID, previous: previous, defaultUnit: defaultUnit, at: now)
    case .refill(let amount, let defaultUnit):
      var supply: MedicationSupply
      if let previous {
        supply = previous
      } else {
        supply = try MedicationSupply.counted(
          SupplyCount(onHand: 0), medicationID: medicationID, previous: nil,
          defaultUnit: defaultUnit, at: now)
      }
      guard let amount = amount ?? supply.refillAmount else {
        throw ValidationError(
          field: "amount", "Say how much the refill adds: there is no earlier refill to go by.")
      }
      return try supply.refilled(by: amount)
    case .stop:
      return nil
    }
  }
}
