import Foundation
import HearthCore
import HearthNotifications
import HearthPlatform
import HearthTesting
import Testing

extension ReminderTests {
  static let newYork = "America/New_York"
  static let fern = ResourceRef(app: "chores", kind: "plant", id: "fern")

  @Test(arguments: StoreFactory.all)
  func twoWorkersSendOneNoticePerOccurrenceOverAWeek(_ factory: StoreFactory) async throws {
    try await factory.withDatabase { db in
      // Given two server processes on one database and a daily reminder at 01:30 New York time
      try await db.createUser(Self.user("p1"))
      let now = ManualNow("2026-10-28T12:00:00Z")
      let ids = IDSequence()
      let (one, two) = (Self.process(db, now: now, ids: ids), Self.process(db, now: now, ids: ids))
      let (first, second) = (one.worker(), two.worker())
      let reminder = try await Self.schedule(
        one, RecurrenceRule(zone: Self.newYork, hour: 1, minute: 30))
      let week = [
        "2026-10-29T05:30:00Z", "2026-10-30T05:30:00Z", "2026-10-31T05:30:00Z",
        "2026-11-01T05:30:00Z", "2026-11-02T06:30:00Z", "2026-11-03T06:30:00Z",
        "2026-11-04T06:30:00Z",
      ]

      // When both look for due jobs at each occurrence, and on every other day one job runs on
      // both at once, as when its lease passes while its handler is still running
      for (index, occurrence) in week.enumerated() {
        now.set(occurrence)
        if index.isMultiple(of: 2) {
          async let ranFirst = Self.runDue(first)
          async let ranSecond = Self.runDue(second)
          #expect(try await ranFirst + ranSecond == 1)
        } else {
          let job = try #require(try await first.claim([Reminders.queue], limit: 1).first)
          async let onFirst: Void = first.execute(job)
          async let onSecond: Void = second.execute(job)
          _ = await (onFirst, onSecond)
        }
      }

      // Then there is one notice per occurrence and one chain of jobs
      #expect(try await Self.inbox(db).map(\.occurredAt) == week.map(Self.instant))
      let counts = try await db.jobCounts()
      #expect(counts[.succeeded] == week.count)
      #expect(counts[.queued] == 1)
      let others: [JobStatus] = [.dead, .running, .cancelled]
      #expect(others.map { counts[$0] ?? 0 } == [0, 0, 0])
      let stored = try await one.env.reminders.reminder(id: reminder.id)
      #expect(stored?.nextAt == Self.instant("2026-11-05T06:30:00Z"))
    }
  }

  @Test(arguments: StoreFactory.all)
  func anEditCancelsThePendingJobAndARunOfTheOldVersionDoesNothing(_ factory: StoreFactory)
    async throws
  {
    try await factory.withDatabase { db in
      // Given a reminder at 08:00 Berlin time whose first job is running
      try await db.createUser(Self.user("p1"))
      let now = ManualNow("2026-10-23T12:00:00Z")
      let app = Self.process(db, now: now, ids: IDSequence())
      let worker = app.worker()
      var reminder = try await Self.schedule(
        app, RecurrenceRule(zone: "Europe/Berlin", hour: 8, minute: 0))
      let firstJob = try #require(reminder.nextJobID)
      now.set("2026-10-24T06:00:00Z")
      let running = try #require(try await worker.claim([Reminders.queue], limit: 1).first)
      #expect(running.id == firstJob)

      // When the person moves it to 09:00 before that job gets to it
      let nine = RecurrenceRule(zone: "Europe/Berlin", hour: 9, minute: 0)
      reminder = try await app.env.reminders.update(id: reminder.id, rule: nine)
      await worker.execute(running)

      // Then the old job was cancelled and did nothing, and 09:00 today is next
      #expect(reminder.version == 2)
      #expect(reminder.nextAt == Self.instant("2026-10-24T07:00:00Z"))
      #expect(try await db.job(id: firstJob)?.status == .cancelled)
      #expect(try await Self.inbox(db).isEmpty)
      #expect(try await app.env.reminders.reminder(id: reminder.id) == reminder)

      // When an edit keeps the same next instant
      let secondJob = try #require(reminder.nextJobID)
      reminder = try await app.env.reminders.update(
        id: reminder.id, rule: nine, data: #"{"plant":"fern"}"#)

      // Then that instant still gets a job of its own, under the new version
      let thirdJob = try #require(reminder.nextJobID)
      #expect(thirdJob != secondJob)
      #expect(reminder.data == #"{"plant":"fern"}"#)
      #expect(try await db.job(id: secondJob)?.status == .cancelled)
      #expect(try await db.job(id: thirdJob)?.status == .queued)
      now.set("2026-10-24T07:00:00Z")
      #expect(try await Self.runDue(worker) == 1)
      #expect(try await Self.inbox(db).map(\.occurredAt) == [reminder.nextAt])
    }
  }

  @Test(arguments: StoreFactory.all)
  func deletingOrDeactivatingLeavesNoPendingJob(_ factory: StoreFactory) async throws {
    try await factory.withDatabase { db in
      // Given three reminders, two about the fern
      try await db.createUser(Self.user("p1"))
      let now = ManualNow("2026-03-06T12:00:00Z")
      let app = Self.process(db, now: now, ids: IDSequence())
      let reminders = app.env.reminders
      let deleted = try await Self.schedule(
        app, RecurrenceRule(zone: Self.newYork, hour: 8, minute: 0))
      let stopped = try await Self.schedule(
        app, RecurrenceRule(zone: Self.newYork, hour: 20, minute: 0))
      let kept = try await reminders.schedule(
        app: "chores", kind: Self.kind.id, owner: "p1",
        rule: RecurrenceRule(zone: Self.newYork, hour: 20, minute: 30))
      #expect(
        try await reminders.reminders(app: "chores", resource: Self.fern).map(\.id) == [
          deleted.id, stopped.id,
        ])
      #expect(kept.resource == nil)

      // When one is deleted and one deactivated, then edited
      #expect(try await reminders.delete(id: deleted.id))
      #expect(try await reminders.delete(id: deleted.id) == false)
      let deactivated = try await reminders.deactivate(id: stopped.id)
      let edited = try await reminders.update(
        id: stopped.id, rule: RecurrenceRule(zone: Self.newYork, hour: 21, minute: 0))

      // Then their jobs are cancelled and the inactive one stays unscheduled
      #expect(try await reminders.reminder(id: deleted.id) == nil)
      #expect(try await db.job(id: deleted.nextJobID!)?.status == .cancelled)
      #expect(try await db.job(id: stopped.nextJobID!)?.status == .cancelled)
      #expect(!deactivated.active && deactivated.nextAt == nil && deactivated.nextJobID == nil)
      #expect(!edited.active && edited.nextJobID == nil && edited.version == 3)

      // When the time comes when all three would be due
      now.set("2026-03-07T01:30:00Z")
      let ran = try await Self.runDue(app.worker())

      // Then only the one left runs, and its next occurrence waits
      #expect(ran == 1)
      #expect(try await Self.inbox(db).map(\.occurredAt) == [Self.instant("2026-03-07T01:30:00Z")])
      #expect(try await db.jobCounts()[.queued] == 1)

      // When the account goes, its reminders and their pending job go with it
      try await db.deleteUser(id: "p1")
      #expect(try await reminders.reminder(id: kept.id) == nil)
      now.set("2026-03-08T01:30:00Z")
      #expect(try await Self.runDue(app.worker()) == 0)
      #expect(try await db.jobCounts()[.queued] ?? 0 == 0)
    }
  }
}
