import CZlib
import Foundation
import OnpuCore

/// Where Onpu's offline data lives: UniDic (unidic-lite in the project's virtualenv, or
/// ONPU_UNIDIC_DIR) and KANJIDIC2 (Debian's kanjidic-xml, or ONPU_KANJIDIC_PATH).
public enum OnpuResources {
  public struct MissingError: Error, CustomStringConvertible {
    public var description: String
  }

  public static let installCommand = "make setup (or scripts/setup run)"
  public static let defaultKanjidic = "/usr/share/edict/kanjidic2.xml.gz"

  /// The UniDic directory: ONPU_UNIDIC_DIR when set, else unidic-lite's dicdir in .venv under
  /// `root` (the project directory).
  public static func unidicDirectory(
    environment: [String: String], root: URL
  ) throws -> URL {
    if let configured = environment["ONPU_UNIDIC_DIR"], !configured.isEmpty {
      let url = URL(fileURLWithPath: configured)
      guard hasDictionary(url) else {
        throw MissingError(
          description:
            "ONPU_UNIDIC_DIR=\(configured) holds no MeCab dictionary (sys.dic): point it at a UniDic 2.1.2 dicdir, or unset it and run \(installCommand)"
        )
      }
      return url
    }
    let lib = root.appendingPathComponent(".venv/lib")
    let pythons = (try? FileManager.default.contentsOfDirectory(atPath: lib.path)) ?? []
    for python in pythons.sorted().reversed() {
      let dicdir = lib.appendingPathComponent("\(python)/site-packages/unidic_lite/dicdir")
      if hasDictionary(dicdir) { return dicdir }
    }
    throw MissingError(
      description:
        "UniDic is not installed: no unidic_lite/dicdir in \(lib.path)/python*/site-packages. Run \(installCommand) to install unidic-lite into .venv, or set ONPU_UNIDIC_DIR"
    )
  }

  public static func kanjidicFile(environment: [String: String]) throws -> URL {
    let path =
      environment["ONPU_KANJIDIC_PATH"].flatMap { $0.isEmpty ? nil : $0 } ?? defaultKanjidic
    guard FileManager.default.isReadableFile(atPath: path) else {
      throw MissingError(
        description:
          "KANJIDIC2 is not installed: \(path) is missing. Run \(installCommand) (it installs Debian's kanjidic-xml), or set ONPU_KANJIDIC_PATH"
      )
    }
    return URL(fileURLWithPath: path)
  }

  public static func loadKanjiDictionary(from file: URL) throws -> KanjiDictionary {
    let bytes = file.pathExtension == "gz" ? try gunzip(file) : Array(try Data(contentsOf: file))
    return KanjiDictionary(entries: try Kanjidic2Parser.parse(bytes))
  }

  private static func hasDictionary(_ directory: URL) -> Bool {
    FileManager.default.fileExists(atPath: directory.appendingPathComponent("sys.dic").path)
  }

  static func gunzip(_ file: URL) throws -> [UInt8] {
    guard let handle = gzopen(file.path, "rb") else {
      throw MissingError(description: "cannot open \(file.path)")
    }
    defer { gzclose(handle) }
    var output: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let read = chunk.withUnsafeMutableBytes { gzread(handle, $0.baseAddress, UInt32($0.count)) }
      if read < 0 { throw MissingError(description: "\(file.path) is not a readable gzip file") }
      if read == 0 { break }
      output += chunk[0..<Int(read)]
    }
    return output
  }
}
