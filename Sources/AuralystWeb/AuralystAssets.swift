import HearthPlatform

/// Auralyst's scripts (auralyst.mjs imports the schedule editor's) and stylesheet
/// (Resources/), served under /static.
package enum AuralystAssets {
  package static let script = StaticAsset(
    name: "auralyst.mjs", bytes: PackageResources.auralyst_mjs,
    linking: [HearthAssets.script, doses])
  package static let doses = StaticAsset(
    name: "auralyst-doses.mjs", bytes: PackageResources.auralyst_doses_mjs,
    linking: [HearthAssets.script])
  package static let stylesheet = StaticAsset(
    name: "auralyst.css", bytes: PackageResources.auralyst_css)
}
