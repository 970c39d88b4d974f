import CZlib
import Foundation
import OnpuCore

/// Where Onpu's offline data lives: UniDic (unidic-lite in the project's virtualenv, or
/// ONPU_UNIDIC_DIR) and KANJIDIC2 (Debian's kanjidic-xml, or ONPU_KANJIDIC_PATH).
public enum OnpuResources {
  public struct MissingError: Error, CustomStringConvertible {
    public var description: String
  }

  /// Why the analyzer could not load, in words for the person starting the server.
  public struct LoadFailure: Error, CustomStringConvertible {
    public var description: String

    public init(description: String) { self.description = description }
  }

  public static let installCommand = "make setup (or scripts/setup run)"
  public static let defaultKanjidic = "/usr/share/edict/kanjidic2.xml.gz"

  /// The UniDic directory: `configured` (ONPU_UNIDIC_DIR) when set, else unidic-lite's dicdir
  /// in the .venv of the first of `roots` that has one.
  public static func unidicDirectory(configured: String?, roots: [URL]) throws -> URL {
    if let configured {
      let url = URL(fileURLWithPath: configured)
      guard hasDictionary(url) else {
        throw MissingError(
          description:
            "ONPU_UNIDIC_DIR=\(configured) holds no MeCab dictionary (sys.dic): point it at a UniDic 2.1.2 dicdir, or unset it and run \(installCommand)"
        )
      }
      return url
    }
    for root in roots {
      let lib = root.appendingPathComponent(".venv/lib")
      let pythons = (try? FileManager.default.contentsOfDirectory(atPath: lib.path)) ?? []
      for python in pythons.sorted().reversed() {
        let dicdir = lib.appendingPathComponent("\(python)/site-packages/unidic_lite/dicdir")
        if hasDictionary(dicdir) { return dicdir }
      }
    }
    throw MissingError(
      description:
        "UniDic is not installed: no .venv/lib/python*/site-packages/unidic_lite/dicdir in \(roots.first?.path ?? "."). Run \(installCommand) to install unidic-lite into .venv, or set ONPU_UNIDIC_DIR"
    )
  }

  public static func kanjidicFile(configured: String?) throws -> URL {
    let path = configured ?? defaultKanjidic
    guard FileManager.default.isReadableFile(atPath: path) else {
      throw MissingError(
        description:
          "KANJIDIC2 is not installed: \(path) is missing. Run \(installCommand) (it installs Debian's kanjidic-xml), or set ONPU_KANJIDIC_PATH"
      )
    }
    return URL(fileURLWithPath: path)
  }

  /// Where a project's .venv may be: the working directory and the executable's directory,
  /// each with its parents (a build puts the executable a few levels under the project).
  public static func searchRoots() -> [URL] {
    var roots: [URL] = []
    let starts = [
      URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
      Bundle.main.executableURL?.resolvingSymlinksInPath().deletingLastPathComponent(),
    ].compactMap { $0 }
    for start in starts {
      var url = start.standardized
      while !roots.contains(url) {
        roots.append(url)
        let parent = url.deletingLastPathComponent()
        if parent.path == url.path { break }
        url = parent
      }
    }
    return roots
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
