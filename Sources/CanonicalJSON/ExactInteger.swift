/// The exact decimal digits of an integral double, however large.
enum ExactInteger {
  static func decimalDigits(of value: Double) -> String {
    precondition(value.isFinite && value >= 0 && value.rounded(.towardZero) == value)
    if value < 18_446_744_073_709_551_616 { return String(UInt64(value)) }
    // value = significand × 2^shift; limbs hold base-10⁹ digits, least significant first.
    let significand = value.significandBitPattern | (1 << 52)
    let shift = Int(value.exponent) - 52
    var limbs: [UInt64] = [significand % 1_000_000_000, significand / 1_000_000_000]
    for _ in 0..<shift {
      var carry: UInt64 = 0
      for position in limbs.indices {
        let doubled = limbs[position] * 2 + carry
        limbs[position] = doubled % 1_000_000_000
        carry = doubled / 1_000_000_000
      }
      if carry > 0 { limbs.append(carry) }
    }
    while limbs.count > 1, limbs.last == 0 { limbs.removeLast() }
    var text = String(limbs.last!)
    for limb in limbs.dropLast().reversed() {
      let part = String(limb)
      text += String(repeating: "0", count: 9 - part.count) + part
    }
    return text
  }
}
