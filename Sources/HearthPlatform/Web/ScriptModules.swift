/// A target's script modules, each linked to the others it imports and to `linking`, the modules
/// of other targets (the shell's `hearth.mjs`) they may import.
public struct ScriptModules: Sendable {
  public let assets: [StaticAsset]

  /// `sources` are the modules' bytes by file name.
  public init(_ sources: [String: [UInt8]], linking others: [StaticAsset] = []) {
    var linked = Dictionary(others.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
    var linking: Set<String> = []
    func link(_ name: String) -> StaticAsset {
      if let asset = linked[name] { return asset }
      guard let bytes = sources[name] else {
        preconditionFailure("a module imports \(name), which is not one of these modules")
      }
      precondition(linking.insert(name).inserted, "\(name) imports itself through others")
      let asset = StaticAsset(
        name: name, bytes: bytes, linking: ModuleImports.names(in: bytes).map(link))
      linked[name] = asset
      return asset
    }
    assets = sources.keys.sorted().map(link)
  }

  /// The module served as `name`.
  public subscript(name: String) -> StaticAsset {
    guard let asset = assets.first(where: { $0.name == name }) else {
      preconditionFailure("no module \(name)")
    }
    return asset
  }
}
