import HearthPlatform

/// Onpu's script and stylesheet (Resources/), served under /static.
enum OnpuAssets {
  static let script = StaticAsset(
    name: "onpu.mjs", bytes: PackageResources.onpu_mjs, linking: [HearthAssets.script])
  static let stylesheet = StaticAsset(name: "onpu.css", bytes: PackageResources.onpu_css)
}
