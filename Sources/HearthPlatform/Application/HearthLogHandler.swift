import Foundation
import Logging
import Synchronization

/// Writes log lines to standard error in StreamLogHandler's format, but renders metadata only
/// when a line is written: the request path sets metadata on every request and, at the usual
/// levels, logs nothing.
package struct HearthLogHandler: LogHandler {
  package var logLevel: Logger.Level
  package var metadata: Logger.Metadata = [:]
  package var metadataProvider: Logger.MetadataProvider?
  let label: String

  private static let output = Mutex(())

  package init(label: String, level: Logger.Level) {
    self.label = label
    logLevel = level
  }

  package subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { metadata[key] }
    set { metadata[key] = newValue }
  }

  package func log(
    level: Logger.Level, message: Logger.Message, metadata explicit: Logger.Metadata?,
    source: String, file: String, function: String, line: UInt
  ) {
    var merged = metadata
    if let provided = metadataProvider?.get() { merged.merge(provided) { _, new in new } }
    if let explicit { merged.merge(explicit) { _, new in new } }
    let text = Self.line(
      at: Self.timestamp(), level: level, label: label, metadata: merged, source: source,
      message: message)
    let bytes = Array(text.utf8)
    Self.output.withLock { _ in
      var written = 0
      while written < bytes.count {
        let count = bytes[written...].withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
        guard count > 0 else { return }
        written += count
      }
    }
  }

  /// One line as StreamLogHandler writes it: time, level, label, sorted metadata, source.
  package static func line(
    at time: String, level: Logger.Level, label: String, metadata: Logger.Metadata,
    source: String, message: Logger.Message
  ) -> String {
    var text = time + " \(level) \(label):"
    if !metadata.isEmpty {
      text +=
        " "
        + metadata.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        .joined(separator: " ")
    }
    return text + " [\(source)] \(message)\n"
  }

  static func timestamp() -> String {
    var now = time(nil)
    var parts = tm()
    localtime_r(&now, &parts)
    var buffer = [Int8](repeating: 0, count: 32)
    let count = strftime(&buffer, buffer.count, "%Y-%m-%dT%H:%M:%S%z", &parts)
    return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
