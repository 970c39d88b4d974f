import HearthPlatform

/// Auralyst's script and stylesheet (Resources/), served under /static.
enum AuralystAssets {
  static let script = StaticAsset(name: "auralyst.js", bytes: PackageResources.auralyst_js)
  static let stylesheet = StaticAsset(name: "auralyst.css", bytes: PackageResources.auralyst_css)
}
