import Foundation
import HearthCore
import HearthPlatform
import SofterCore

/// Lightward's part of a room, as durable jobs: one job per invitation and per turn slot, so
/// at most one request for a slot is in flight (the worker heartbeats the lease for the whole
/// call) and a retry starts only after the previous attempt ended. An answer is stored only if
/// the room still owes it, and a slot's stable id keeps the first answer stored.
extension SofterRooms {
  /// Slot -1 in `SofterTurnStatus` stands for the invitation, -2 for the cenotaph.
  static let invitationSlot = -1
  static let cenotaphSlot = -2
  /// The waits before the second, third, ... attempt: a turn rides out an outage of more than
  /// an hour (attempts after 2 s, 17 s, 77 s, 6 min, 26 min and 86 min) before the room is told
  /// Lightward can't be reached and the server goes on slowly (`SofterRooms+Presence`).
  static let retryDelays: [TimeInterval] = [2, 15, 60, 300, 1200, 3600]
  static var maxAttempts: Int { retryDelays.count + 1 }

  var handlers: [String: JobHandler] {
    [
      Self.inviteQueue: { context in try await runInvitation(context) },
      Self.turnQueue: { context in try await runTurn(context) },
      Self.cenotaphQueue: { context in try await runCenotaph(context) },
      Self.expiryQueue: { context in try await runExpiry(context) },
      Self.presenceQueue: { context in try await runTurnWatch(context) },
    ]
  }

  /// A room still waiting for someone when its days are up ends, and takes back its invitations.
  func runExpiry(_ context: JobContext) async throws {
    let roomID = try SofterCoding.decode([String: String].self, context.job.payload)["roomID"] ?? ""
    let days = env.config.softer.pendingDays
    let now = env.now()
    guard
      let record = try await changeRoom(
        id: roomID, at: now,
        decide: { stored in
          var record = stored
          let change = record.room.expire(afterDays: days, at: now)
          guard change != Room.Change() else { return .unchanged(record) }
          try record.room.apply(change, at: now)
          Self.settle(&record, at: now)
          return .changed(record)
        })
    else { return }
    let due = record.room.spec.createdAt + Double(days) * 86_400
    if record.room.state.isPending, due > now {
      throw JobRetry(at: due, reason: "the room is not due to expire yet")
    }
    try await closeInvitations(of: record)
  }

  func runInvitation(_ context: JobContext) async throws {
    let roomID = try SofterCoding.decode([String: String].self, context.job.payload)["roomID"] ?? ""
    guard let record = try await env.database.softerStore.softerRoom(id: roomID),
      case .pendingParticipants(let signaled) = record.room.state,
      let lightward = record.room.spec.lightwardParticipant, !signaled.contains(lightward.id)
    else { return }
    let answer: InvitationAnswer
    do {
      switch try await voice.answer(ChatLogBuilder.invitation(spec: record.room.spec)) {
      case .reply(let text): answer = InvitationAnswer.parse(text)
      case .horizon: answer = .unclear
      }
    } catch {
      return try await failed(error, roomID: roomID, slot: Self.invitationSlot, context)
    }
    guard answer != .unclear else {
      return try await failed(
        SofterVoiceFailure.failed("Lightward's answer was neither accept nor decline."),
        roomID: roomID, slot: Self.invitationSlot, context)
    }
    let now = env.now()
    let changed = try await changeRoom(id: roomID, at: now) {
      stored in
      var record = stored
      try record.room.apply(record.room.lightwardInvitation(answer, at: now), at: now)
      record.turn = .idle
      Self.settle(&record, at: now)
      let invitations = Self.invitations(&record, at: now)
      return SofterRoomChange(
        record, events: SofterEvents.events(SofterEvents.roomChanged, room: record),
        invitations: invitations)
    }
    if let changed {
      try await closeInvitations(of: changed)
      try await mailInvitations(of: changed)
    }
    context.logger.info(
      "Lightward answered the invitation", metadata: ["room": "\(roomID)", "answer": "\(answer)"])
  }

  func runTurn(_ context: JobContext) async throws {
    let payload = try SofterCoding.decode(TurnPayload.self, context.job.payload)
    guard let record = try await env.database.softerStore.softerRoom(id: payload.roomID),
      Self.owes(record, slot: payload.slot)
    else { return }
    if let attempt = payload.outageAttempt {
      guard try await startOutageAttempt(attempt, payload) else { return }
    }
    let body = ChatLogBuilder.body(
      roster: record.room.spec.participants, messages: record.room.messages)
    let answer: SofterVoiceAnswer
    do {
      answer = try await voice.answer(body)
      if case .reply(let text) = answer, LightwardReply.isBlank(text) {
        throw SofterVoiceFailure.failed("Lightward's answer was empty.")
      }
    } catch {
      let job = context.job
      guard payload.outageAttempt != nil || job.attempts >= job.maxAttempts else {
        return try await failed(error, roomID: payload.roomID, slot: payload.slot, context)
      }
      return try await outage(error, payload, context)
    }
    let now = env.now()
    let stored = try await changeRoom(id: payload.roomID, at: now) {
      stored in
      var record = stored
      guard record.room.state.isActive, record.room.fold.due == .lightward(slot: payload.slot)
      else { return .unchanged(record) }
      let change =
        switch answer {
        case .reply(let text):
          record.room.lightwardAnswered(LightwardReply.classify(text), slot: payload.slot, at: now)
        case .horizon(let text):
          record.room.horizonReached(text, slot: payload.slot, at: now)
        }
      try record.room.apply(change, at: now)
      record.turn = .idle
      Self.settle(&record, at: now)
      return .changed(record)
    }
    if let stored { try await ensureScheduled(stored) }
  }

  func runCenotaph(_ context: JobContext) async throws {
    let roomID = try SofterCoding.decode([String: String].self, context.job.payload)["roomID"] ?? ""
    guard let record = try await env.database.softerStore.softerRoom(id: roomID),
      record.room.state.isDefunct,
      !record.room.hasCenotaph
    else { return }
    var budget = Self.cenotaphBudget
    var text: String?
    // A room that ended at the horizon is too long to send whole: less history each time.
    while text == nil, budget >= 1000 {
      let body = ChatLogBuilder.cenotaphBody(
        roster: record.room.spec.participants, messages: record.room.messages,
        maxCharacters: budget)
      do {
        switch try await voice.answer(body) {
        case .reply(let reply): text = reply
        case .horizon: budget /= 2
        }
      } catch {
        return try await failed(error, roomID: roomID, slot: Self.cenotaphSlot, context)
      }
    }
    guard let text else {
      return try await failed(
        SofterVoiceFailure.failed("Even a short part of the room is over Lightward's horizon."),
        roomID: roomID, slot: Self.cenotaphSlot, context)
    }
    let now = env.now()
    _ = try await changeRoom(id: roomID, at: now) { stored in
      var record = stored
      guard !record.room.hasCenotaph else { return .unchanged(record) }
      try record.room.apply(record.room.cenotaph(text, at: now), at: now)
      record.turn = .idle
      return .changed(record)
    }
  }

  /// A failure in words for the room; what else went wrong is in the log.
  static func explanation(_ error: any Error) -> String {
    (error as? SofterVoiceFailure)?.explanation ?? "Something went wrong on this server."
  }

  /// Makes a failed attempt visible in the room, and tells the worker when the next one comes:
  /// at the time Lightward named for a 429, otherwise on `retryDelays`; after the last attempt,
  /// only when someone asks. A room that no longer owes the slot (it ended, or someone else
  /// answered) is left as it is, and the job ends.
  private func failed(_ error: any Error, roomID: String, slot: Int, _ context: JobContext)
    async throws
  {
    let job = context.job
    let reason = Self.explanation(error)
    let wait: TimeInterval =
      if case .rateLimited(let seconds) = error as? SofterVoiceFailure {
        TimeInterval(max(1, seconds ?? 60))
      } else {
        Self.retryDelays[min(max(job.attempts, 1), Self.retryDelays.count) - 1]
      }
    let next = job.attempts < job.maxAttempts ? env.now() + wait : nil
    context.logger.warning(
      "Lightward attempt failed",
      metadata: ["room": "\(roomID)", "reason": "\(reason)", "attempt": "\(job.attempts)"])
    let recorded = try await changeRoom(id: roomID, at: env.now()) { stored in
      var record = stored
      guard Self.owes(record, slot: slot) else { return .unchanged(record) }
      record.turn = .failed(slot: slot, reason: reason, attempts: job.attempts, retryAt: next)
      return .changed(record)
    }
    guard let recorded, Self.owes(recorded, slot: slot) else { return }
    if let next { throw JobRetry(at: next, reason: reason) }
    throw error
  }
}
