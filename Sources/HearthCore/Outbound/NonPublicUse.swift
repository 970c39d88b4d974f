/// What an address that is not on the public internet is for, in words a person can read.
public enum NonPublicUse: String, Sendable, CaseIterable {
  case unspecified = "the unspecified address"
  case loopback = "a loopback address (this machine)"
  case privateNetwork = "a private network address"
  case sharedNAT = "a carrier-grade NAT address"
  case linkLocal = "a link-local address"
  case uniqueLocal = "a unique-local address"
  case multicast = "a multicast address"
  case documentation = "an address reserved for documentation"
  case reserved = "a reserved, non-public address"
}

extension IPAddress {
  /// Nil for an address anyone on the internet can reach; otherwise what it is for. IPv6 forms
  /// that carry an IPv4 address (mapped, compatible, NAT64) are judged by that address.
  public var nonPublicUse: NonPublicUse? {
    switch self {
    case .v4(let value): return Self.v4Use(value)
    case .v6(let bytes): return Self.v6Use(bytes)
    }
  }

  static let v4Ranges: [(base: UInt32, bits: UInt32, use: NonPublicUse)] = [
    (0x0000_0000, 32, .unspecified),
    (0x0000_0000, 8, .reserved),  // 0/8, "this network"
    (0x0a00_0000, 8, .privateNetwork),  // 10/8
    (0x6440_0000, 10, .sharedNAT),  // 100.64/10
    (0x7f00_0000, 8, .loopback),  // 127/8
    (0xa9fe_0000, 16, .linkLocal),  // 169.254/16
    (0xac10_0000, 12, .privateNetwork),  // 172.16/12
    (0xc000_0000, 24, .reserved),  // 192.0.0/24, protocol assignments
    (0xc000_0200, 24, .documentation),  // 192.0.2/24
    (0xc058_6300, 24, .reserved),  // 192.88.99/24, 6to4 relays
    (0xc0a8_0000, 16, .privateNetwork),  // 192.168/16
    (0xc612_0000, 15, .reserved),  // 198.18/15, benchmarking
    (0xc633_6400, 24, .documentation),  // 198.51.100/24
    (0xcb00_7100, 24, .documentation),  // 203.0.113/24
    (0xe000_0000, 4, .multicast),  // 224/4
    (0xf000_0000, 4, .reserved),  // 240/4 and 255.255.255.255
  ]

  static func v4Use(_ value: UInt32) -> NonPublicUse? {
    v4Ranges.first { value >> (32 - $0.bits) == $0.base >> (32 - $0.bits) }?.use
  }

  static func v6Use(_ bytes: [UInt8]) -> NonPublicUse? {
    func prefix(_ pattern: [UInt8], bits: Int) -> Bool {
      (0..<bits).allSatisfy { bit in
        (bytes[bit / 8] ^ pattern[bit / 8]) & (0x80 >> UInt8(bit % 8)) == 0
      }
    }
    let embedded =
      UInt32(bytes[12]) << 24 | UInt32(bytes[13]) << 16 | UInt32(bytes[14]) << 8
      | UInt32(bytes[15])
    let zeros = [UInt8](repeating: 0, count: 16)
    if bytes == zeros { return .unspecified }
    if bytes == Array(zeros[0..<15]) + [1] { return .loopback }
    if prefix(Array(zeros[0..<10]) + [0xff, 0xff], bits: 96) {  // ::ffff:a.b.c.d
      return v4Use(embedded)
    }
    if prefix([0, 0x64, 0xff, 0x9b] + Array(zeros[0..<8]), bits: 96) {  // 64:ff9b::/96, NAT64
      return v4Use(embedded)
    }
    if prefix(zeros, bits: 96) {  // ::a.b.c.d, the deprecated compatible form
      return v4Use(embedded) ?? .reserved
    }
    if prefix([0xfe, 0x80], bits: 10) { return .linkLocal }
    if prefix([0xfe, 0xc0], bits: 10) { return .privateNetwork }  // site-local, deprecated
    if prefix([0xfc], bits: 7) { return .uniqueLocal }
    if prefix([0xff], bits: 8) { return .multicast }
    if prefix([0x20, 0x01, 0x0d, 0xb8], bits: 32) { return .documentation }
    if prefix([0x3f, 0xff], bits: 20) { return .documentation }
    // 2001::/23 holds Teredo and other protocol assignments; 2002::/16 is 6to4, which embeds
    // any IPv4 address; nothing outside 2000::/3 is global unicast.
    if prefix([0x20, 0x01, 0x00], bits: 23) { return .reserved }
    if prefix([0x20, 0x02], bits: 16) { return .reserved }
    if !prefix([0x20], bits: 3) { return .reserved }
    return nil
  }
}
