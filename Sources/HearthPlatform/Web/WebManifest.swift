import CanonicalJSON
import Hummingbird

/// The web app manifests that let each app, and the shell, be installed to a phone's home
/// screen: `/manifests/<slug>.webmanifest`, linked by the app's pages.
package enum WebManifest {
  package static let themeColor = "#b4532a"
  static let backgroundColor = "#faf8f5"

  package static func path(for app: HearthApp?) -> String {
    "/manifests/\(app?.slug ?? "hearth").webmanifest"
  }

  /// "Notes, Tasks and Photos on one server."
  static func description(of apps: [HearthApp]) -> String {
    let names = apps.map(\.name)
    guard let last = names.last else { return "Apps on one server." }
    let list = names.count == 1 ? last : names.dropLast().joined(separator: ", ") + " and " + last
    return list + " on one server."
  }

  /// The manifest for `slug`, or nil for an unknown one.
  package static func manifest(_ slug: String, apps: [HearthApp]) -> JSON? {
    let app = apps.first { $0.slug == slug }
    guard app != nil || slug == "hearth" else { return nil }
    let start = app?.path ?? "/"
    return [
      "name": .string(app.map { "\($0.name) · Hearth" } ?? "Hearth"),
      "short_name": .string(app?.name ?? "Hearth"),
      "description": .string(app?.summary ?? description(of: apps)),
      "id": .string(start), "start_url": .string(start), "scope": .string(start),
      "display": "standalone", "background_color": .string(backgroundColor),
      "theme_color": .string(themeColor),
      "icons": [
        [
          "src": .string(HearthAssets.icon.url), "sizes": "any", "type": "image/svg+xml",
          "purpose": "any",
        ]
      ],
    ]
  }
}
