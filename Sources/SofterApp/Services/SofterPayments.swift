import HearthPlatform
import SofterCore

/// Takes the originator's commitment for a room. A provider that throws stops the room from
/// being created; nothing is stored then.
public protocol SofterPaymentProvider: Sendable {
  /// Named in the payment ledger.
  var name: String { get }
  func commit(tier: PaymentTier, userID: String, roomID: String) async throws
}

/// The default: the commitment is written to the ledger and no card is charged.
public struct LedgerPaymentProvider: SofterPaymentProvider {
  public init() {}
  public var name: String { "ledger" }
  public func commit(tier: PaymentTier, userID: String, roomID: String) async throws {}
}
