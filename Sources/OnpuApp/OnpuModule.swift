import Foundation
import HearthAccounts
import HearthCore
import HearthHost
import HearthPlatform
import HearthSQL

/// Onpu on the platform: the app's /v1 API, the library's API, analysis jobs and the pages.
public struct OnpuModule: HearthAppModule {
  public static let app = HearthApp(
    slug: "onpu", name: "Onpu",
    summary:
      "Study Japanese from song lyrics, with furigana, pitch accent, translations and a kanji dictionary.",
    start: "Paste the lyrics of a song you like, and study its words with their readings.")
  public static let configSections: [any ConfigSection.Type] = [
    OnpuConfig.self, OnpuAudioConfig.self,
  ]
  public static var notificationKinds: [NotificationKind] { [OnpuLibrary.songReady] }
  public static var assets: [StaticAsset] {
    [OnpuAssets.script, OnpuAssets.audio, OnpuAssets.stylesheet]
  }
  public static var schema: AppSchema { OnpuSchema.all }

  let library: OnpuLibrary
  let study: OnpuStudy
  let audio: OnpuAudio

  public init(env: HearthEnvironment) {
    library = OnpuLibrary(env: env)
    study = OnpuStudy(library: library)
    audio = OnpuAudio(env: env)
  }

  /// The dictionaries must be there before the server takes requests: the error names what is
  /// missing and the command that installs it. They load on first use. A development token is
  /// said in the log, since it signs anyone in.
  public func prepare() throws {
    try library.checkDictionaries()
    if let token = library.settings.devBypassToken {
      let short = token.count < 16 ? " (only \(token.count) characters long)" : ""
      library.env.logger.warning(
        "ONPU_DEV_BYPASS_TOKEN is on\(short): an X-Dev-Token equal to it acts as the shared development account"
      )
    }
  }

  public func export(for user: User) async throws -> (any Encodable & Sendable)? {
    try await OnpuExport(user: user, database: library.env.database)
  }

  /// The Apple ID the Onpu iPhone app signs in with, when Sign in with Apple is configured.
  public func accountLinks(for user: User) async throws -> [AccountLink] {
    guard library.settings.appleAudience != nil else { return [] }
    let link = try await library.env.database.onpuAppleStore.appleLink(userID: user.id)
    let zone = TimeZone(identifier: user.timeZone) ?? .gmt
    return [
      AccountLink(
        title: "Apple ID for the Onpu iPhone app",
        state: link.map { "Linked since \(DateText.readable($0.createdAt, in: zone))." }
          ?? "Not linked: signing in with Apple in the app makes a new account.",
        manage: link == nil
          ? ("Link your Apple ID", "/onpu/apple") : ("Manage the link", "/onpu/apple"))
    ]
  }

  public var jobHandlers: [String: JobHandler] {
    library.handlers.merging(audio.handlers) { first, _ in first }
  }

  public func register(_ routes: AppRoutes) {
    let costs = OnpuCosts(env: library.env, clientAddress: routes.clientAddress)
    let apple = library.settings.appleAudience.map {
      OnpuAppleSignIn(env: library.env, accounts: routes.accounts, audience: $0)
    }
    OnpuAPIController(
      library: library, hub: routes.hub, costs: costs, apple: apple,
      clientAddress: routes.clientAddress
    ).register(routes.api)
    OnpuLibraryAPIController(library: library, costs: costs).register(routes.api)
    OnpuAnkiController(library: library, audio: audio, costs: costs).register(routes.api)
    OnpuAudioController(library: library, audio: audio).register(routes.api)
    OnpuWebController(pages: routes.pages, library: library, costs: costs, study: study)
      .register(routes.router)
    OnpuReadingsAPIController(library: library, costs: costs).register(routes.api)
    OnpuReadingsWebController(pages: routes.pages, library: library, costs: costs)
      .register(routes.router)
    OnpuStudyAPIController(study: study).register(routes.api)
    OnpuStudyWebController(pages: routes.pages, study: study).register(routes.router)
    OnpuWordsAPIController(library: library, costs: costs).register(routes.api)
    OnpuWordsWebController(pages: routes.pages, library: library).register(routes.router)
    if let apple {
      OnpuAppleWebController(pages: routes.pages, apple: apple).register(routes.router)
    }
  }
}
