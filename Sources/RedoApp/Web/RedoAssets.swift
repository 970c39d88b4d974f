import HearthPlatform

/// Redo's scripts and stylesheet (Resources/), served under /static. The scripts load in this
/// order: the protocol core, the browser's log and sync, the list view, the page's wiring.
enum RedoAssets {
  static let scripts = [
    StaticAsset(name: "redo-core.js", bytes: PackageResources.redo_core_js),
    StaticAsset(name: "redo-log.js", bytes: PackageResources.redo_log_js),
    StaticAsset(name: "redo-view.js", bytes: PackageResources.redo_view_js),
    StaticAsset(name: "redo.js", bytes: PackageResources.redo_js),
  ]
  static let stylesheet = StaticAsset(name: "redo.css", bytes: PackageResources.redo_css)
}
