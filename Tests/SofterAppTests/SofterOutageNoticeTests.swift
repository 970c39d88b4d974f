import Foundation
import HearthNotifications
import SofterCore
import Testing

@testable import SofterApp

/// An outage is told once: when the quick retries give up, not at each slow attempt or Try
/// again; and once Lightward answers, those not told of their turn hear it is back.
@Suite struct SofterOutageNoticeTests {
  static let start = Date(timeIntervalSince1970: 1_800_000_000)

  /// Ann, Lightward and Ben, active, with Lightward due in slot 1.
  static func record(turn: SofterTurnStatus) throws -> SofterRoomRecord {
    let spec = RoomSpec(
      id: "r", originatorID: "ann",
      participants: [
        ParticipantSpec(id: "ann", identifier: .originator, nickname: "Ann"),
        .lightward(id: "lw"),
        ParticipantSpec(id: "ben", identifier: .email("ben@example.com"), nickname: "Ben"),
      ], tier: .ten, createdAt: start)
    var room = Room.open(spec: spec, at: start)
    try room.apply(try room.arrive("lw", at: start), at: start)
    try room.apply(try room.arrive("ben", at: start), at: start)
    try room.apply(try room.send("Hello.", from: "ann", messageID: "m1", at: start), at: start)
    try room.apply(room.settle(at: start), at: start)
    return SofterRoomRecord(
      room: room, seats: ["ann": "user-ann", "ben": "user-ben"], voice: "Lightward", turn: turn)
  }

  static func unreachable(attempt: Int, retryAt: Date?) -> SofterTurnStatus {
    .unreachable(slot: 1, reason: "HTTP 502", since: start, attempt: attempt, retryAt: retryAt)
  }

  static func drafts(_ before: SofterRoomRecord, _ after: SofterRoomRecord) -> [NotificationDraft] {
    SofterNotices.drafts(before: before, after: after, actor: nil, at: start)
  }

  @Test func everyoneIsToldOnceWhenTheQuickRetriesGiveUp() throws {
    let failing = try Self.record(
      turn: .failed(slot: 1, reason: "HTTP 502", attempts: 6, retryAt: Self.start))
    let down = try Self.record(turn: Self.unreachable(attempt: 1, retryAt: Self.start))
    let told = Self.drafts(failing, down)
    #expect(told.map(\.kind.id) == ["softer.lightward-unreachable"])
    #expect(told.first?.recipients == ["user-ann", "user-ben"])
    #expect(told.first?.dedupeKey == "softer:r:unreachable:1")

    // A slow attempt starting, failing, or a Try again: nobody is told again.
    let trying = try Self.record(turn: Self.unreachable(attempt: 2, retryAt: nil))
    let later = try Self.record(turn: Self.unreachable(attempt: 2, retryAt: Self.start + 7200))
    #expect(Self.drafts(down, trying).isEmpty)
    #expect(Self.drafts(trying, later).isEmpty)
  }

  @Test func whenLightwardAnswersTheOthersHearItIsBack() throws {
    let down = try Self.record(turn: Self.unreachable(attempt: 3, retryAt: nil))
    var answered = down
    try answered.room.apply(
      answered.room.lightwardAnswered(.speech("I'm back."), slot: 1, at: Self.start), at: Self.start
    )
    answered.turn = .idle
    let told = Self.drafts(down, answered)
    #expect(told.map(\.kind.id) == ["softer.lightward-replied", "softer.lightward-back"])
    #expect(told.map(\.recipients) == [["user-ben"], ["user-ann"]])
    #expect(told.last?.body == "Lightward: I'm back.")
  }

  @Test func aRoomThatEndsInAnOutageIsNotSaidToHaveLightwardBack() throws {
    let down = try Self.record(turn: Self.unreachable(attempt: 1, retryAt: Self.start))
    var ended = down
    try ended.room.apply(try ended.room.leave("ben", at: Self.start), at: Self.start)
    ended.turn = .idle
    #expect(Self.drafts(down, ended).map(\.kind.id) == ["softer.room-ended"])
  }
}
