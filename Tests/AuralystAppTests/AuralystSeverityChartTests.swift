import Foundation
import HTTPTypes
import HearthCore
import HearthTesting
import HummingbirdTesting
import Testing

@testable import AuralystApp
@testable import HearthPlatform

/// The insights' daily severity carries each day's highest and the 7-day rolling mean, the week
/// before the window included, and the chart draws all three.
@Suite struct AuralystSeverityChartTests {
  /// 2026-11-20 10:00 UTC: the 7-day window is the 14th to the 20th.
  static let now = Date(timeIntervalSince1970: 1_795_168_800)

  @Test func theChartHasTheDailyHighestAndTheRollingMean() async throws {
    let server = try await TestServer(apps: testedApps, now: { Self.now })
    try await server.run { client in
      let owner = try await client.signup("ann@example.com", name: "Ann")
      let created = try await client.json(
        .post, "/api/auralyst/journals", ["timeZone": "UTC"], token: owner.access)
      let journal = try #require((created["journal"] as? [String: Any])?["id"] as? String)
      let base = "/api/auralyst/journals/\(journal)"
      // Given 9 two days before the window, 3 and 5 on its first day, nothing on the 15th and
      // 16th, and 8 on the 17th
      for (severity, time) in [
        (9, "2026-11-12T09:00:00Z"), (3, "2026-11-14T09:00:00Z"), (5, "2026-11-14T18:00:00Z"),
        (8, "2026-11-17T09:00:00Z"),
      ] {
        _ = try await AuralystExportTests.post(
          client, "\(base)/entries", ["severity": severity, "timestamp": time], owner.access)
      }
      // When the week's insights are read
      let insights = try await client.json(
        .get, "\(base)/insights?window=7d", token: owner.access)
      let days = try #require(insights["averageSeverity"] as? [[String: Any]])
      // Then the 14th averages 4 with 5 its highest, and its rolling mean takes in the 12th:
      // (9 + 4) / 2 = 6.5; the 17th's is (9 + 4 + 8) / 3 = 7, the empty days not counted
      #expect(days.map { $0["day"] as? String } == ["2026-11-14", "2026-11-17"])
      #expect(days.map { $0["average"] as? Double } == [4, 8])
      #expect(days.map { $0["maximum"] as? Double } == [5, 8])
      #expect(days.map { $0["rollingAverage"] as? Double } == [6.5, 7])
      #expect(days.map { $0["rollingDays"] as? Int } == [2, 3])

      let page = try await client.json(
        .get, "/auralyst/journals/\(journal)/insights?window=7d", token: owner.access)
      #expect(page.text.contains("class=\"chart-rolling\""))
      #expect(page.text.contains("class=\"chart-max\""))
      #expect(page.text.contains("Most severe entry 8.0 on Tuesday 17 November"))
      #expect(page.text.contains("ends at 7.0."))
    }
  }
}
