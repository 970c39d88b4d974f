import Foundation
import Testing

@testable import OnpuApp

/// The .apkg's zip, read back by Info-ZIP's unzip: its entries, their bytes and their CRC-32s.
@Suite struct AnkiZipTests {
  static func unzip(_ arguments: [String]) throws -> (status: Int32, output: Data) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/unzip")
    process.arguments = arguments
    // UTF-8 names match only in a UTF-8 locale.
    process.environment = ["LC_ALL": "C.UTF-8"]
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, output)
  }

  @Test func theCRCIsTheStandardOne() {
    // The check value every CRC-32 (ISO-HDLC) implementation publishes.
    #expect(AnkiZip.crc32(Array("123456789".utf8)) == 0xCBF4_3926)
    #expect(AnkiZip.crc32([]) == 0)
  }

  @Test func unzipReadsBackEveryEntry() throws {
    let collection = (0..<5000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
    let entries: [AnkiZip.Entry] = [
      .init(name: "collection.anki2", bytes: collection),
      .init(name: "media", bytes: Array("{}".utf8)),
      .init(name: "歌.txt", bytes: Array("うた".utf8)),
      .init(name: "empty", bytes: []),
    ]
    let archive = try AnkiZip.archive(
      entries, modified: Date(timeIntervalSince1970: 1_700_000_000))
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "anki-zip-\(UUID().uuidString).zip")
    defer { try? FileManager.default.removeItem(at: file) }
    try Data(archive).write(to: file)

    let test = try Self.unzip(["-t", file.path])
    #expect(test.status == 0, "\(String(decoding: test.output, as: UTF8.self))")
    for entry in entries {
      let read = try Self.unzip(["-p", file.path, entry.name])
      #expect(read.status == 0)
      #expect(Array(read.output) == entry.bytes, "\(entry.name)")
    }
  }

  @Test func theDateIsStoredInMSDOSForm() {
    // 2023-11-14 22:13:20 UTC: seconds are kept in 2-second steps.
    let (time, date) = AnkiZip.dosTimeAndDate(Date(timeIntervalSince1970: 1_700_000_000))
    #expect(time >> 11 == 22 && (time >> 5) & 0x3F == 13 && (time & 0x1F) * 2 == 20)
    #expect(date >> 9 == 2023 - 1980 && (date >> 5) & 0xF == 11 && date & 0x1F == 14)
  }
}
