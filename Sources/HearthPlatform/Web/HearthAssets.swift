/// The shell's stylesheet, script and icon, linked by every page.
public enum HearthAssets {
  public static let icon = StaticAsset(name: "icon.svg", bytes: PackageResources.icon_svg)
  public static let stylesheet = StaticAsset(
    name: "hearth.css", bytes: PackageResources.hearth_css)
  public static let script = StaticAsset(name: "hearth.mjs", bytes: PackageResources.hearth_mjs)
  /// Served at /sw.js, outside /static: a worker controls only pages under its own path. A classic
  /// script, not a module: it imports nothing, and every browser runs a classic worker.
  public static let serviceWorker = PackageResources.hearth_sw_js
}
