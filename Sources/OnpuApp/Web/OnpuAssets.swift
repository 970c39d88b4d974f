import HearthPlatform

/// Onpu's script and stylesheet (Resources/), served under /static.
enum OnpuAssets {
  static let script = StaticAsset(name: "onpu.js", bytes: PackageResources.onpu_js)
  static let stylesheet = StaticAsset(name: "onpu.css", bytes: PackageResources.onpu_css)
}
