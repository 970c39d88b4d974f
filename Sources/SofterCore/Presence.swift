import Foundation

/// How a room keeps nobody waiting in silence: reminders to whoever holds the turn, the turn
/// limit the originator may set, and the slow pace of attempts once Lightward cannot be reached.
public enum Presence {
  /// Whoever holds the turn is reminded this many hours after it became theirs.
  public static let reminderHours = [12, 48]
  /// The turn limits the originator may choose, in days.
  public static let turnLimitChoices = [1, 2, 3, 7]
  /// The waits between attempts once the quick retries gave up: never more than six hours.
  public static let outageDelays: [TimeInterval] = [3600, 7200, 14_400, 21_600]

  /// The wait before the `attempt`th slow attempt (from 1), later when Lightward named a later
  /// time (Retry-After).
  public static func outageWait(beforeAttempt attempt: Int, retryAfter: TimeInterval?)
    -> TimeInterval
  {
    let scheduled = outageDelays[min(max(attempt, 1), outageDelays.count) - 1]
    return max(scheduled, retryAfter ?? 0)
  }

  /// Nil for no limit; otherwise one of `turnLimitChoices`, or the error's words.
  public static func turnLimit(_ days: Int?) -> Result<Int?, TurnLimitError> {
    guard let days, days != 0 else { return .success(nil) }
    return turnLimitChoices.contains(days) ? .success(days) : .failure(TurnLimitError())
  }

  public struct TurnLimitError: Error, Equatable {
    public var message: String {
      "Choose a turn limit of "
        + turnLimitChoices.map(String.init).joined(separator: ", ") + " days, or none."
    }
  }
}

extension Room {
  /// The turn limit passed for the person holding `slot`: their turn passes with a narration
  /// that takes the slot. Nothing when the turn has moved on, or belongs to Lightward.
  public func turnLapsed(slot: Int, at now: Date) -> Change {
    let fold = fold
    guard state.isActive, fold.index == slot, fold.due == nil, let days = spec.turnLimitDays,
      let holder = fold.current, !holder.isLightward
    else { return Change() }
    return Change(messages: [
      .narration(
        id: StableID.yield(room: id, turn: slot), roomID: id,
        text: Narration.turnLapsed(holder.nickname, afterDays: days), at: now)
    ])
  }

  /// The person whose turn it is, while the room waits for them (not for Lightward, not for an
  /// intro).
  public var awaitedPerson: ParticipantSpec? {
    guard state.isActive, fold.due == nil, let holder = fold.current, !holder.isLightward
    else { return nil }
    return holder
  }
}
