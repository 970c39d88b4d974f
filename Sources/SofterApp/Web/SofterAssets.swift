import HearthPlatform

/// Softer's script and stylesheet (Resources/), served under /static.
enum SofterAssets {
  static let script = StaticAsset(name: "softer.js", bytes: PackageResources.softer_js)
  static let stylesheet = StaticAsset(name: "softer.css", bytes: PackageResources.softer_css)
}
