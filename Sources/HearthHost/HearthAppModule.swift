import HearthAccounts
import HearthCore
import HearthNotifications
import HearthPlatform
import HearthSQL
import Hummingbird

/// One app on the platform: everything the server does for it, in one module. The composition
/// root lists the modules; the platform knows none of them. What notices and accounts ask of
/// an app (its `app`, notification kinds and handlers, invitations, export, deletion) is
/// declared where they are: `NotifyingModule` and `AccountModule`, which this refines.
public protocol HearthAppModule: AccountModule {
  /// The configuration sections the app reads from the environment.
  static var configSections: [any ConfigSection.Type] { get }
  /// The app's tables, on both databases.
  static var schema: AppSchema { get }
  /// The app's scripts and stylesheets, served under /static.
  static var assets: [StaticAsset] { get }

  /// Builds the app's services on the platform's environment.
  init(env: HearthEnvironment)

  /// Checks what the app needs before it serves (dictionaries, files); throws what to install.
  func prepare() throws
  /// Handlers for the job queues the app enqueues to, by queue name.
  var jobHandlers: [String: JobHandler] { get }
  /// Adds the app's JSON API and pages.
  func register(_ routes: AppRoutes)
}

extension HearthAppModule {
  public static var configSections: [any ConfigSection.Type] { [] }
  public static var assets: [StaticAsset] { [] }
  public func prepare() throws {}
  public var jobHandlers: [String: JobHandler] { [:] }
}

/// What an app's routes are registered on.
public struct AppRoutes {
  /// Documented JSON operations; they appear in /openapi.json.
  public let api: APIRouteTable
  public let router: Router<AppRequestContext>
  /// The web shell: page context, HTML responses, forms, redirects.
  public let pages: WebPages
  public let hub: EventHub
  public let accounts: AccountService
  public let clientAddress: @Sendable (Request, AppRequestContext) -> String
}
