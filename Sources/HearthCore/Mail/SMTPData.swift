/// The DATA section of a transaction (RFC 5321 §4.5.2).
public enum SMTPData {
  /// `message` with CRLF line ends, a `.` doubled at the start of every line that has one, and
  /// the terminating `CRLF . CRLF`.
  public static func stuffed(_ message: [UInt8]) -> [UInt8] {
    let cr = UInt8(ascii: "\r")
    let lf = UInt8(ascii: "\n")
    let dot = UInt8(ascii: ".")
    var output: [UInt8] = []
    output.reserveCapacity(message.count + message.count / 50 + 5)
    var atLineStart = true
    var index = message.startIndex
    while index < message.endIndex {
      let byte = message[index]
      index += 1
      if byte == cr || byte == lf {
        if byte == cr, index < message.endIndex, message[index] == lf { index += 1 }
        output += [cr, lf]
        atLineStart = true
        continue
      }
      if atLineStart, byte == dot { output.append(dot) }
      output.append(byte)
      atLineStart = false
    }
    if !atLineStart { output += [cr, lf] }
    return output + [dot, cr, lf]
  }
}
