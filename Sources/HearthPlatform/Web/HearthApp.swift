/// One of the apps Hearth hosts, as the shared pages present it.
public struct HearthApp: Equatable, Sendable {
  /// The name used in routes and resource references, for example "notes" for /notes.
  public var slug: String
  public var name: String
  public var summary: String
  /// How a newcomer starts, for their home while nothing waits there: "Add your first task…".
  public var start: String

  public var path: String { "/" + slug }

  public init(slug: String, name: String, summary: String, start: String? = nil) {
    self.slug = slug
    self.name = name
    self.summary = summary
    self.start = start ?? summary
  }

  /// The app's display name for a slug, or the slug itself when no app has it.
  public static func name(for slug: String, in apps: [HearthApp]) -> String {
    apps.first { $0.slug == slug }?.name ?? slug
  }
}
