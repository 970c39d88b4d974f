import HearthCore
import HearthHTML

/// A device as people name it ("Chrome on Linux"), with the User-Agent it was named from behind
/// a disclosure for whoever wants the detail.
package enum DeviceCell {
  package static func node(_ userAgent: String) -> Node {
    let name = DeviceLabel.from(userAgent: userAgent)
    guard name != userAgent else { return .text(name) }
    return .details(
      [.class("device")], .summary(.text(name)),
      .code([.class("device-agent")], .text(userAgent)))
  }
}
