import Foundation
import HearthPlatform
import Testing

@testable import HearthNotifications

/// The inbox as people read it: notices about the same thing on one line, dates in words.
struct InboxWordsTests {
  static let now = Date(timeIntervalSince1970: 1_795_736_000)  // Thursday 2026-11-26, 23:33 UTC
  static let utc = TimeZone(identifier: "UTC")!

  func notice(_ id: String, kind: String, url: String, minutesAgo: Double, read: Bool = false)
    -> StoredNotification
  {
    let at = Self.now.addingTimeInterval(-minutesAgo * 60)
    return StoredNotification(
      id: id, userID: "u", kind: kind, title: id, body: "", url: url, dedupeKey: id,
      occurredAt: at, createdAt: at, readAt: read ? at : nil)
  }

  @Test func noticesAboutTheSameThingAreOneLineInTheOrderOfTheirNewest() {
    let notices = [
      notice("r3", kind: "softer.lightward-replied", url: "/softer/rooms/1", minutesAgo: 1),
      notice("d1", kind: "auralyst.dose", url: "/auralyst/journals/9", minutesAgo: 2),
      notice("r2", kind: "softer.lightward-replied", url: "/softer/rooms/1", minutesAgo: 3),
      notice("o1", kind: "softer.lightward-replied", url: "/softer/rooms/2", minutesAgo: 4),
      notice(
        "r1", kind: "softer.lightward-replied", url: "/softer/rooms/1", minutesAgo: 5, read: true),
    ]
    let groups = NoticeGroup.grouping(notices)
    #expect(groups.map(\.newest.id) == ["r3", "d1", "o1"])
    #expect(groups.map(\.count) == [3, 1, 1])
    #expect(groups.map(\.unread) == [2, 1, 1])
    #expect(groups[0].ids == ["r3", "r2", "r1"])
    #expect(NoticeGroup.siblings(of: notices[2], in: notices).map(\.id) == ["r3", "r2", "r1"])
  }

  @Test func theInboxShowsAGroupOnceWithItsCount() {
    let notices = [
      notice("Lightward replied", kind: "softer.lightward-replied", url: "/r/1", minutesAgo: 1),
      notice("Lightward replied", kind: "softer.lightward-replied", url: "/r/1", minutesAgo: 2),
      notice("Lightward replied", kind: "softer.lightward-replied", url: "/r/1", minutesAgo: 3),
    ]
    let html = NotificationsPage.list(
      notices, context: PageContext(userName: "Ann"), now: Self.now
    ).render()
    #expect(html.components(separatedBy: "<li ").count == 2)
    #expect(html.contains("Lightward replied<span class=\"notice-count\"> · 3"))
    #expect(html.contains("<span>3 unread</span>"))
    #expect(html.contains(">A minute ago</time>"))
  }

  @Test func datesAreSaidAsPeopleSayThem() {
    func said(_ secondsAgo: Double) -> String {
      DateText.spoken(Self.now.addingTimeInterval(-secondsAgo), in: Self.utc, now: Self.now)
    }
    #expect(said(20) == "Just now")
    #expect(said(90) == "A minute ago")
    #expect(said(25 * 60) == "25 minutes ago")
    #expect(said(80 * 60) == "An hour ago")
    #expect(said(5 * 3_600) == "5 hours ago")
    #expect(said(7 * 3_600) == "Today, 4:33 PM")
    #expect(said(24 * 3_600) == "Yesterday, 11:33 PM")
    #expect(said(3 * 86_400) == "Monday, 11:33 PM")
    #expect(said(40 * 86_400) == "Oct 17")
    #expect(said(400 * 86_400) == "Oct 22, 2025")
  }
}
