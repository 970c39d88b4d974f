import HearthPlatform

/// Onpu's scripts (onpu.mjs imports the audio's) and stylesheet (Resources/), served under /static.
enum OnpuAssets {
  static let script = StaticAsset(
    name: "onpu.mjs", bytes: PackageResources.onpu_mjs,
    linking: [HearthAssets.script, audio])
  static let audio = StaticAsset(
    name: "onpu-audio.mjs", bytes: PackageResources.onpu_audio_mjs,
    linking: [HearthAssets.script])
  static let stylesheet = StaticAsset(name: "onpu.css", bytes: PackageResources.onpu_css)
}
