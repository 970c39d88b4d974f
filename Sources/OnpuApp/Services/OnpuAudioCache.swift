import Foundation

/// The audio directory kept under its size limit (ONPU_AUDIO_CACHE_MB): the files heard least
/// lately go first. Serving a file marks it heard (its modification date), and a file removed
/// is made again by a new job the next time someone asks for it.
enum OnpuAudioCache {
  /// Removes the `.wav` files last heard longest ago until the rest hold at most `limit` bytes;
  /// answers how many went.
  @discardableResult
  static func prune(_ directory: URL, keepingAtMost limit: Int) throws -> Int {
    let keys: [URLResourceKey] = [.fileSizeKey, .contentModificationDateKey]
    let files = try FileManager.default.contentsOfDirectory(
      at: directory, includingPropertiesForKeys: keys, options: .skipsHiddenFiles
    )
    .filter { $0.pathExtension == "wav" }
    .compactMap { url -> (url: URL, size: Int, heard: Date)? in
      guard let values = try? url.resourceValues(forKeys: Set(keys)) else { return nil }
      return (url, values.fileSize ?? 0, values.contentModificationDate ?? .distantPast)
    }
    var total = files.reduce(0) { $0 + $1.size }
    var removed = 0
    for file in files.sorted(by: { $0.heard < $1.heard }) where total > limit {
      guard (try? FileManager.default.removeItem(at: file.url)) != nil else { continue }
      total -= file.size
      removed += 1
    }
    return removed
  }

  /// Marks a file heard now, so that pruning keeps it longer.
  static func heard(_ file: URL) {
    try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: file.path)
  }
}
