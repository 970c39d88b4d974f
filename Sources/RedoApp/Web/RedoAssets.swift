import HearthPlatform

/// Redo's script and stylesheet (Resources/), served under /static.
enum RedoAssets {
  static let script = StaticAsset(name: "redo.js", bytes: PackageResources.redo_js)
  static let stylesheet = StaticAsset(name: "redo.css", bytes: PackageResources.redo_css)
}
