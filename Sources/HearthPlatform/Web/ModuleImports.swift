/// The imports of script modules served under /static: each names a sibling module as a relative
/// string literal (`import { hearth } from "./hearth.mjs"`), and is served naming its hashed
/// name (`"./hearth.3f2a9c1d0b7e.mjs"`), which resolves beside the importer's own URL.
enum ModuleImports {
  private static var specifier: Regex<(Substring, Substring, Substring)> {
    #/(["'])\./([A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*\.mjs)\1/#
  }

  /// The plain names of the modules `bytes` imports, in order, each once.
  static func names(in bytes: [UInt8]) -> [String] {
    var seen: Set<String> = []
    return String(decoding: bytes, as: UTF8.self).matches(of: specifier).map { String($0.2) }
      .filter { seen.insert($0).inserted }
  }

  /// `bytes` with each import naming the hashed name of its module in `modules`.
  static func link(_ bytes: [UInt8], of name: String, to modules: [StaticAsset]) -> [UInt8] {
    let byName = Dictionary(
      modules.map { ($0.name, $0.hashedName) }, uniquingKeysWith: { a, _ in a })
    let linked = String(decoding: bytes, as: UTF8.self).replacing(specifier) { match in
      guard let hashed = byName[String(match.2)] else {
        preconditionFailure("\(name) imports \(match.2), which it is not linked to")
      }
      return match.1 + "./" + hashed + match.1
    }
    return Array(linked.utf8)
  }
}
