/// One of the apps Hearth hosts, as the shared pages present it.
public struct HearthApp: Equatable, Sendable {
  /// The name used in routes and resource references, for example "notes" for /notes.
  public var slug: String
  public var name: String
  public var summary: String

  public var path: String { "/" + slug }

  public init(slug: String, name: String, summary: String) {
    self.slug = slug
    self.name = name
    self.summary = summary
  }

  /// The app's display name for a slug, or the slug itself when no app has it.
  public static func name(for slug: String, in apps: [HearthApp]) -> String {
    apps.first { $0.slug == slug }?.name ?? slug
  }
}
