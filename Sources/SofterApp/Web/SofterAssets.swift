import HearthPlatform

/// Softer's script and stylesheet (Resources/), served under /static.
enum SofterAssets {
  static let script = StaticAsset(
    name: "softer.mjs", bytes: PackageResources.softer_mjs, linking: [HearthAssets.script])
  static let stylesheet = StaticAsset(name: "softer.css", bytes: PackageResources.softer_css)
}
