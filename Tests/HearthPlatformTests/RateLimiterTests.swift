import Foundation
import HearthPlatform
import Testing

@Suite struct RateLimiterTests {
  @Test func clientsOfPastWindowsAreForgotten() async {
    let limiter = RateLimiter(limit: 3, window: 60)
    let start = Date(timeIntervalSince1970: 1_000_000)
    for client in 0..<10_000 { await limiter.record("client \(client)", now: start) }
    #expect(await limiter.keyCount == 10_000)
    // Two minutes later a new client arrives: every key of the old window goes
    let later = start.addingTimeInterval(120)
    await limiter.record("newcomer", now: later)
    await limiter.record("another", now: later)
    #expect(await limiter.keyCount <= 2)
    // Limits still hold for the keys in the window
    for _ in 0..<2 { await limiter.record("newcomer", now: later) }
    #expect(await limiter.retryAfter("newcomer", now: later) != nil)
    #expect(await limiter.retryAfter("another", now: later) == nil)
  }
}
