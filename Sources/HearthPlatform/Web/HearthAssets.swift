/// The shell's stylesheet and script, linked by every page.
public enum HearthAssets {
  public static let stylesheet = StaticAsset(
    name: "hearth.css", bytes: PackageResources.hearth_css)
  public static let script = StaticAsset(name: "hearth.js", bytes: PackageResources.hearth_js)
}
