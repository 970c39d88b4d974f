import HearthHTML

/// A table that may be wider than a phone: it scrolls within its own box, which keyboards can
/// reach (a focusable region named `label`), and the page never scrolls sideways.
package enum TableScroll {
  package static func node(_ label: String, _ table: Node) -> Node {
    .div(
      [.class("table-scroll"), .role("region"), .ariaLabel(label), .attr("tabindex", "0")], table)
  }
}
