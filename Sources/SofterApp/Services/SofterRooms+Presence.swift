import Foundation
import HearthCore
import HearthPlatform
import SofterCore

/// Nobody left guessing: once Lightward's quick retries give up, the room says so, everyone is
/// told once, and the server keeps trying by itself at `Presence.outageDelays`; whoever holds
/// the turn is reminded, and the originator's turn limit passes an absent person's turn. All of
/// it as durable jobs keyed by room and slot, which do nothing once the turn has moved on.
extension SofterRooms {
  static let presenceQueue = "softer.presence"
  /// What the room list says while Lightward cannot be reached.
  static let unreachableStatus = "Lightward can't be reached; trying again by itself"

  /// Whether the room still waits for Lightward's answer in `slot`.
  static func owes(_ record: SofterRoomRecord, slot: Int) -> Bool {
    let room = record.room
    switch slot {
    case invitationSlot:
      guard case .pendingParticipants(let signaled) = room.state,
        let lightward = room.spec.lightwardParticipant
      else { return false }
      return !signaled.contains(lightward.id)
    case cenotaphSlot:
      return room.state.isDefunct && !room.hasCenotaph
    default:
      return room.state.isActive && room.fold.due == .lightward(slot: slot)
    }
  }

  // MARK: - Lightward unreachable

  /// A slow attempt starts only while it is the one the room waits for (a Try again, or an
  /// earlier attempt's failure, asks for the next one instead); the room shows it being made.
  func startOutageAttempt(_ attempt: Int, _ payload: TurnPayload) async throws -> Bool {
    let started = try await changeRoom(id: payload.roomID, at: env.now()) { stored in
      var record = stored
      guard Self.owes(record, slot: payload.slot),
        case .unreachable(payload.slot, let reason, let since, attempt, _?) = record.turn
      else { return .unchanged(record) }
      record.turn = .unreachable(
        slot: payload.slot, reason: reason, since: since, attempt: attempt, retryAt: nil)
      return .changed(record)
    }
    guard let started, case .unreachable(_, _, _, attempt, nil) = started.turn else {
      return false
    }
    return Self.owes(started, slot: payload.slot)
  }

  /// After the quick retries, or a slow attempt, failed: the room says Lightward cannot be
  /// reached and when the next attempt comes (the first such change tells everyone, see
  /// `SofterNotices`), and that attempt is queued as a job of its own.
  func outage(_ error: any Error, _ payload: TurnPayload, _ context: JobContext) async throws {
    let reason = Self.explanation(error)
    let retryAfter: TimeInterval? =
      if case .rateLimited(let seconds) = error as? SofterVoiceFailure {
        TimeInterval(max(1, seconds ?? 60))
      } else { nil }
    let now = env.now()
    context.logger.warning(
      "Lightward unreachable",
      metadata: ["room": "\(payload.roomID)", "reason": "\(reason)", "slot": "\(payload.slot)"])
    let recorded = try await changeRoom(id: payload.roomID, at: now) { stored in
      var record = stored
      guard Self.owes(record, slot: payload.slot) else { return .unchanged(record) }
      var since = now
      var attempt = 0
      if case .unreachable(payload.slot, _, let began, let current, _) = record.turn {
        // An attempt another one replaced leaves the schedule to it.
        guard payload.outageAttempt == current else { return .unchanged(record) }
        since = began
        attempt = current
      }
      let wait = Presence.outageWait(beforeAttempt: attempt + 1, retryAfter: retryAfter)
      record.turn = .unreachable(
        slot: payload.slot, reason: reason, since: since, attempt: attempt + 1,
        retryAt: now + wait)
      return .changed(record)
    }
    guard let recorded, Self.owes(recorded, slot: payload.slot),
      case .unreachable(_, _, _, let attempt, let retryAt?) = recorded.turn
    else { return }
    try await scheduleOutageAttempt(recorded, slot: payload.slot, attempt: attempt, at: retryAt)
  }

  func scheduleOutageAttempt(_ record: SofterRoomRecord, slot: Int, attempt: Int, at runAt: Date)
    async throws
  {
    try await enqueue(
      Self.turnQueue, TurnPayload(roomID: record.id, slot: slot, outageAttempt: attempt),
      key: [record.id, String(slot), "outage-\(attempt)"], at: runAt, maxAttempts: 3)
  }

  /// Try again while Lightward cannot be reached and no attempt is being made: the next slow
  /// attempt, now. Nobody is told again: the outage goes on until Lightward answers.
  func retryNow(_ record: SofterRoomRecord, by user: User) async throws -> SofterRoomRecord? {
    guard case .unreachable(let slot, _, _, _, _?) = record.turn else { return nil }
    let now = env.now()
    let updated = try await changeRoom(id: record.id, at: now, by: user.id) { stored in
      var record = stored
      guard case .unreachable(slot, let reason, let since, let attempt, _?) = record.turn else {
        return .unchanged(record)
      }
      record.turn = .unreachable(
        slot: slot, reason: reason, since: since, attempt: attempt + 1, retryAt: nil)
      return .changed(record)
    }
    if let updated, case .unreachable(slot, _, _, let attempt, nil) = updated.turn {
      try await scheduleOutageAttempt(updated, slot: slot, attempt: attempt, at: now)
    }
    return updated
  }

  // MARK: - Whoever holds the turn

  struct TurnWatch: Codable {
    var roomID: String
    var slot: Int
    /// A reminder this many hours into the turn; nil for the room's turn limit.
    var reminderHours: Int?
  }

  /// The reminders (and the turn limit, when the room has one) for the person whose turn it
  /// is, counted from the last thing said. Idempotent: one job of each per turn slot.
  func ensureTurnWatched(_ record: SofterRoomRecord) async throws {
    guard record.room.awaitedPerson != nil else { return }
    let slot = record.room.fold.index
    let since = record.room.messages.last?.createdAt ?? env.now()
    for hours in Presence.reminderHours {
      try await enqueue(
        Self.presenceQueue, TurnWatch(roomID: record.id, slot: slot, reminderHours: hours),
        key: [record.id, String(slot), "remind-\(hours)"], at: since + Double(hours) * 3600)
    }
    if let days = record.room.spec.turnLimitDays {
      try await enqueue(
        Self.presenceQueue, TurnWatch(roomID: record.id, slot: slot, reminderHours: nil),
        key: [record.id, String(slot), "limit"], at: since + Double(days) * 86_400)
    }
  }

  func runTurnWatch(_ context: JobContext) async throws {
    let watch = try SofterCoding.decode(TurnWatch.self, context.job.payload)
    guard let record = try await env.database.softerStore.softerRoom(id: watch.roomID),
      let holder = record.room.awaitedPerson, record.room.fold.index == watch.slot,
      let userID = record.seats[holder.id]
    else { return }
    let now = env.now()
    if let hours = watch.reminderHours {
      try await env.notifier.send(
        SofterNotices.reminder(record, to: userID, afterHours: hours, at: now))
      return
    }
    let passed = try await changeRoom(id: watch.roomID, at: now) { stored in
      var record = stored
      let change = record.room.turnLapsed(slot: watch.slot, at: now)
      guard change != Room.Change() else { return .unchanged(record) }
      try record.room.apply(change, at: now)
      if record.composing?.participantID == holder.id { record.composing = nil }
      Self.settle(&record, at: now)
      return .changed(record)
    }
    if let passed { try await ensureScheduled(passed) }
  }

  /// Whatever the room's turn calls for now: Lightward's job, or the reminders of the person
  /// it waits for.
  func ensureScheduled(_ record: SofterRoomRecord) async throws {
    try await ensureLightwardScheduled(record)
    try await ensureTurnWatched(record)
  }
}
