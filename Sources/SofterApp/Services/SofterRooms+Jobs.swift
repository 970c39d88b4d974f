import Foundation
import HearthCore
import HearthPlatform
import SofterCore

/// Lightward's part of a room, as durable jobs: one job per invitation and per turn slot, so
/// at most one request for a slot is in flight (the worker heartbeats the lease for the whole
/// call) and a retry starts only after the previous attempt ended. An answer is stored only if
/// the room still owes it, and a slot's stable id keeps the first answer stored.
extension SofterRooms {
  /// Slot -1 in `SofterTurnStatus` stands for the invitation.
  static let invitationSlot = -1

  var handlers: [String: JobHandler] {
    [
      Self.inviteQueue: { context in try await runInvitation(context) },
      Self.turnQueue: { context in try await runTurn(context) },
      Self.cenotaphQueue: { context in try await runCenotaph(context) },
    ]
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
      try await recordFailure(
        roomID, slot: Self.invitationSlot, reason: Self.explanation(error), context)
      throw error
    }
    guard answer != .unclear else {
      try await recordFailure(
        roomID, slot: Self.invitationSlot,
        reason: "Lightward's answer was neither accept nor decline",
        context)
      throw SofterVoiceFailure.failed("unclear answer to the invitation")
    }
    let now = env.now()
    let changed = try await env.database.softerStore.changeSofterRoom(id: roomID, at: now) {
      stored in
      var record = stored
      try record.room.apply(record.room.lightwardInvitation(answer, at: now), at: now)
      record.turn = .idle
      Self.settle(&record, at: now)
      return .changed(record)
    }
    if let changed { try await closeInvitations(of: changed) }
    context.logger.info(
      "Lightward answered the invitation", metadata: ["room": "\(roomID)", "answer": "\(answer)"])
  }

  func runTurn(_ context: JobContext) async throws {
    let payload = try SofterCoding.decode(TurnPayload.self, context.job.payload)
    guard let record = try await env.database.softerStore.softerRoom(id: payload.roomID),
      record.room.state.isActive, record.room.fold.due == .lightward(slot: payload.slot)
    else { return }
    let body = ChatLogBuilder.body(
      roster: record.room.spec.participants, messages: record.room.messages)
    let answer: SofterVoiceAnswer
    do {
      answer = try await voice.answer(body)
    } catch .rateLimited(let seconds) {
      // Paced, not failed: the next attempt is its own job at the time Lightward named.
      let wait = TimeInterval(max(1, seconds ?? 60))
      let retryAt = env.now() + wait
      try await recordFailure(
        payload.roomID, slot: payload.slot,
        reason: SofterVoiceFailure.rateLimited(retryAfter: seconds).explanation, context,
        retryAt: retryAt)
      try await schedule(record, slot: payload.slot, key: "after-\(context.job.id)", at: retryAt)
      return
    } catch {
      try await recordFailure(
        payload.roomID, slot: payload.slot, reason: Self.explanation(error), context)
      throw error
    }
    let now = env.now()
    let stored = try await env.database.softerStore.changeSofterRoom(id: payload.roomID, at: now) {
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
    if let stored { try await ensureLightwardScheduled(stored) }
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
      switch try await voice.answer(body) {
      case .reply(let reply): text = reply
      case .horizon: budget /= 2
      }
    }
    guard let text else { throw SofterVoiceFailure.failed("no cenotaph fits under the horizon") }
    let now = env.now()
    _ = try await env.database.softerStore.changeSofterRoom(id: roomID, at: now) { stored in
      var record = stored
      guard !record.room.hasCenotaph else { return .unchanged(record) }
      try record.room.apply(record.room.cenotaph(text, at: now), at: now)
      return .changed(record)
    }
  }

  /// A failure in words for the room; what else went wrong is in the log.
  static func explanation(_ error: any Error) -> String {
    (error as? SofterVoiceFailure)?.explanation ?? "Something went wrong on this server."
  }

  /// Makes a failed attempt visible in the room: when the next one comes, or that none will.
  private func recordFailure(
    _ roomID: String, slot: Int, reason: String, _ context: JobContext, retryAt: Date? = nil
  ) async throws {
    let job = context.job
    let willRetry = retryAt != nil || job.attempts < job.maxAttempts
    let next =
      retryAt
      ?? (willRetry ? env.now() + RetryPolicy().delay(afterAttempt: job.attempts, unit: 0.5) : nil)
    context.logger.warning(
      "Lightward attempt failed", metadata: ["room": "\(roomID)", "reason": "\(reason)"])
    _ = try await env.database.softerStore.changeSofterRoom(id: roomID, at: env.now()) { stored in
      var record = stored
      record.turn = .failed(slot: slot, reason: reason, attempts: job.attempts, retryAt: next)
      return .changed(record)
    }
  }
}
