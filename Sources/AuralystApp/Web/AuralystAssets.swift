import HearthPlatform

/// Auralyst's script and stylesheet (Resources/), served under /static.
enum AuralystAssets {
  static let script = StaticAsset(
    name: "auralyst.mjs", bytes: PackageResources.auralyst_mjs, linking: [HearthAssets.script])
  static let stylesheet = StaticAsset(name: "auralyst.css", bytes: PackageResources.auralyst_css)
}
