import Foundation

public enum RoomEvent: Hashable, Sendable {
  case participantsResolved
  case resolutionFailed(String)
  case paymentCompleted
  case paymentFailed
  case signaled(String)
  case participantDeclined(String)
  case cancelled
  case expired
  case participantLeft(String)
}

public enum RoomEffect: Hashable, Sendable {
  case processPayment
}

/// The room state machine. Pure: `apply` changes the state and says what must happen next.
/// It never asks whether a participant is Lightward: how each one is asked is the caller's part.
public struct RoomLifecycle: Hashable, Sendable {
  public enum TransitionError: Error, Hashable, Sendable {
    /// The event does not apply in this state; nothing changed.
    case invalid(from: String, event: RoomEvent)
    /// A signal, decline or departure named someone outside the roster.
    case notInRoster(String)
  }

  public let spec: RoomSpec
  public private(set) var state: RoomState
  public private(set) var modifiedAt: Date

  public init(spec: RoomSpec, state: RoomState = .draft, modifiedAt: Date? = nil) {
    self.spec = spec
    self.state = state
    self.modifiedAt = modifiedAt ?? spec.createdAt
  }

  public var signaledParticipants: Set<String> {
    if case .pendingParticipants(let signaled) = state { return signaled }
    return []
  }

  public var unsignaledParticipants: Set<String> {
    switch state {
    case .draft, .pendingParticipants: spec.participantIDs.subtracting(signaledParticipants)
    case .active, .defunct: []
    }
  }

  @discardableResult
  public mutating func apply(_ event: RoomEvent, at now: Date) throws(TransitionError)
    -> [RoomEffect]
  {
    switch event {
    case .signaled(let id), .participantDeclined(let id), .participantLeft(let id),
      .resolutionFailed(let id):
      guard spec.participantIDs.contains(id) else { throw .notInRoster(id) }
    default:
      break
    }
    var effects: [RoomEffect] = []
    switch (state, event) {
    case (.draft, .participantsResolved):
      effects = [.processPayment]
    case (.draft, .resolutionFailed(let id)):
      state = .defunct(.resolutionFailed(id))
    case (.draft, .paymentCompleted):
      state = .pendingParticipants(signaled: [])
    case (.draft, .paymentFailed):
      state = .defunct(.paymentFailed)
    case (.draft, .cancelled), (.pendingParticipants, .cancelled):
      state = .defunct(.cancelled)
    case (.pendingParticipants(let signaled), .signaled(let id)):
      let now = signaled.union([id])
      // Membership is checked above, so a superset test and equality agree.
      state =
        now.isSuperset(of: spec.participantIDs) ? .active : .pendingParticipants(signaled: now)
    case (.pendingParticipants, .participantDeclined(let id)):
      state = .defunct(.participantDeclined(id))
    case (.pendingParticipants, .expired):
      state = .defunct(.expired)
    case (.pendingParticipants, .participantLeft(let id)), (.active, .participantLeft(let id)):
      state = .defunct(.participantLeft(id))
    default:
      throw .invalid(from: state.typeName, event: event)
    }
    modifiedAt = now
    return effects
  }
}
