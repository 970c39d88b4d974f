import Foundation
import Testing

@testable import OnpuApp

@Suite struct OnpuAudioCacheTests {
  @Test func theFilesHeardLeastLatelyGoFirstUntilTheRestFit() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("onpu-audio-cache-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let start = Date(timeIntervalSince1970: 1_700_000_000)
    func write(_ name: String, heardAfter seconds: Double) throws -> URL {
      let url = directory.appendingPathComponent(name)
      try Data(count: 100).write(to: url)
      try FileManager.default.setAttributes(
        [.modificationDate: start + seconds], ofItemAtPath: url.path)
      return url
    }
    let oldest = try write("a.wav", heardAfter: 0)
    let older = try write("b.wav", heardAfter: 10)
    let heardAgain = try write("c.wav", heardAfter: 20)
    let newest = try write("d.wav", heardAfter: 30)
    let marker = try write("a.job", heardAfter: 0)
    OnpuAudioCache.heard(heardAgain)

    #expect(try OnpuAudioCache.prune(directory, keepingAtMost: 250) == 2)
    let left = Set(try FileManager.default.contentsOfDirectory(atPath: directory.path))
    #expect(left == Set([heardAgain, newest, marker].map(\.lastPathComponent)))
    #expect(!left.contains(oldest.lastPathComponent) && !left.contains(older.lastPathComponent))
    #expect(try OnpuAudioCache.prune(directory, keepingAtMost: 250) == 0)
  }
}
