/// The export's CSV: named sections one after another, each a name line, a header line and
/// rows, with a blank line between; RFC 4180 quoting, CRLF or LF.
struct CSVSections {
  struct Section {
    var name: String
    var header: [String]
    var rows: [[String]]
    /// Each row's line number in the file, for messages.
    var lines: [Int] = []
  }

  var sections: [Section] = []

  func text() -> String {
    sections.map { section in
      ([[section.name], section.header] + section.rows)
        .map { $0.map(Self.field).joined(separator: ",") }.joined(separator: "\n")
    }.joined(separator: "\n\n") + "\n"
  }

  static func field(_ value: String) -> String {
    guard value.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else {
      return value
    }
    return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }

  struct ParseError: Error {
    var line: Int
    var message: String
  }

  /// Records (with the line each starts on), honouring quotes across lines.
  static func records(_ text: String) throws(ParseError) -> [(line: Int, fields: [String])] {
    var records: [(line: Int, fields: [String])] = []
    var fields: [String] = []
    var field = ""
    var quoted = false
    var afterQuote = false
    var line = 1
    var start = 1
    var scalars = text.unicodeScalars.makeIterator()
    var pending = scalars.next()
    func endRecord() {
      fields.append(field)
      records.append((start, fields))
      fields = []
      field = ""
    }
    while let scalar = pending {
      pending = scalars.next()
      if quoted {
        if scalar == "\"" {
          if pending == "\"" {
            field.unicodeScalars.append("\"")
            pending = scalars.next()
          } else {
            quoted = false
            afterQuote = true
          }
        } else {
          if scalar == "\n" { line += 1 }
          field.unicodeScalars.append(scalar)
        }
        continue
      }
      switch scalar {
      case "\"":
        guard field.isEmpty, !afterQuote else {
          throw ParseError(line: line, message: "a quote inside an unquoted field")
        }
        quoted = true
      case ",":
        fields.append(field)
        field = ""
        afterQuote = false
      case "\r" where pending == "\n":
        break
      case "\n", "\r":
        endRecord()
        afterQuote = false
        line += 1
        start = line
      default:
        guard !afterQuote else {
          throw ParseError(line: line, message: "text after a closing quote")
        }
        field.unicodeScalars.append(scalar)
      }
    }
    if quoted { throw ParseError(line: start, message: "a quoted field is never closed") }
    if !field.isEmpty || !fields.isEmpty { endRecord() }
    return records
  }

  init(sections: [Section]) { self.sections = sections }

  init(parsing text: String) throws(ParseError) {
    var current: Section?
    for (line, fields) in try Self.records(text) {
      if fields.allSatisfy(\.isEmpty) {
        if let section = current { sections.append(section) }
        current = nil
      } else if var section = current {
        if section.header.isEmpty {
          section.header = fields
        } else {
          section.rows.append(fields)
          section.lines.append(line)
        }
        current = section
      } else {
        guard fields.count == 1 else {
          throw ParseError(
            line: line, message: "a section starts with its name on a line of its own")
        }
        current = Section(name: fields[0], header: [], rows: [])
      }
    }
    if let section = current { sections.append(section) }
  }
}
