import RedoCore
import Testing

/// One priority scale people see, p1 the most urgent: P1 is the protocol's 5, P5 its 1.
@Suite struct PriorityScaleTests {
  @Test func eachProtocolPriorityHasOneName() {
    #expect(
      [5, 4, 3, 2, 1].map(PriorityScale.name)
        == ["P1 · Urgent", "P2 · High", "P3 · Medium", "P4 · Low", "P5 · Someday"])
    #expect([5, 4, 3, 2, 1].map(PriorityScale.level) == [1, 2, 3, 4, 5])
    // Out of range values are clamped, as the list's classes and the filter clamp them
    #expect(PriorityScale.name(9) == "P1 · Urgent" && PriorityScale.name(0) == "P5 · Someday")
  }

  @Test(arguments: [
    ("p1", 5), ("P2", 4), ("p3", 3), ("p4", 2), ("p5", 1), ("5", 5), ("1", 1), (" 3 ", 3),
  ])
  func typedPrioritiesAreRead(_ typed: String, _ priority: Int) {
    #expect(PriorityScale.priority(typed: typed) == priority)
  }

  @Test(arguments: ["p0", "p6", "0", "6", "high", "", "p", "-1"])
  func otherWordsAreNotPriorities(_ typed: String) {
    #expect(PriorityScale.priority(typed: typed) == nil)
  }
}
