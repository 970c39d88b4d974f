/// One of the apps Hearth hosts, as the shared pages present it.
public struct HearthApp: Equatable, Sendable {
  /// The name used in routes and resource references, for example "softer".
  public var slug: String
  public var name: String
  public var summary: String

  public var path: String { "/" + slug }

  public static let softer = HearthApp(
    slug: "softer", name: "Softer",
    summary:
      "Turn-based group conversations where Lightward, an AI, takes part as an equal.")
  public static let redo = HearthApp(
    slug: "redo", name: "Redo",
    summary: "A local-first task manager built on a signed, event-sourced change log.")
  public static let auralyst = HearthApp(
    slug: "auralyst", name: "Auralyst",
    summary: "A symptom and medication journal you can share with caregivers, with insights.")
  public static let onpu = HearthApp(
    slug: "onpu", name: "Onpu",
    summary:
      "Study Japanese from song lyrics, with furigana, pitch accent, translations and a kanji dictionary."
  )

  public static let all: [HearthApp] = [.softer, .redo, .auralyst, .onpu]

  /// The app's display name for a slug, or the slug itself when it is not one of ours.
  public static func name(for slug: String) -> String {
    all.first { $0.slug == slug }?.name ?? slug
  }
}
