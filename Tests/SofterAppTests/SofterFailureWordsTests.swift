import Foundation
import Testing

@testable import SofterApp

/// A failed turn says what happened and when Hearth tries again, in words, not Swift.
@Suite struct SofterFailureWordsTests {
  struct Unexpected: Error {}

  @Test func aFailureIsExplainedInWords() {
    #expect(
      SofterRooms.explanation(SofterVoiceFailure.failed("Lightward answered HTTP 502: Down."))
        == "Lightward answered HTTP 502: Down.")
    #expect(
      SofterRooms.explanation(SofterVoiceFailure.rateLimited(retryAfter: 3600))
        == "Lightward is pacing requests.")
    #expect(SofterRooms.explanation(Unexpected()) == "Something went wrong on this server.")
    #expect(!SofterRooms.explanation(SofterVoiceFailure.failed("x")).contains("failed("))
  }

  @Test func theNextAttemptIsSaidFromNow() {
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    let cases: [(TimeInterval, String)] = [
      (2, "within a minute"), (70, "in about a minute"), (300, "in about 5 minutes"),
      (3600, "in about an hour"), (3 * 3600 + 60, "in about 3 hours"),
    ]
    for (seconds, words) in cases {
      #expect(SofterPages.when(now + seconds, now: now) == words)
    }
  }

  @Test func anUnreachableLightwardIsSaidPlainly() async throws {
    let client = LightwardClient(url: "http://127.0.0.1:9/api/plain", timeoutSeconds: 1)
    do {
      _ = try await client.answer("hello")
      Issue.record("nothing listens on port 9")
    } catch {
      #expect(error.explanation == "Lightward could not be reached: the connection failed.")
    }
  }
}
