import HearthCore
import HearthSQL
import Hummingbird

/// One app on the platform: everything the server does for it, in one module. The composition
/// root lists the modules; the platform knows none of them.
public protocol HearthAppModule: Sendable {
  /// How the shell presents the app; its slug names its routes and shared resources.
  static var app: HearthApp { get }
  /// The configuration sections the app reads from the environment.
  static var configSections: [any ConfigSection.Type] { get }
  /// The app's tables, on both databases.
  static var schema: AppSchema { get }
  /// The app's scripts and stylesheets, served under /static.
  static var assets: [StaticAsset] { get }
  /// The kinds of notice the app sends, as people see them in their notification settings.
  static var notificationKinds: [NotificationKind] { get }

  /// Builds the app's services on the platform's environment.
  init(env: HearthEnvironment)

  /// Checks what the app needs before it serves (dictionaries, files); throws what to install.
  func prepare() throws
  /// Handlers for the job queues the app enqueues to, by queue name.
  var jobHandlers: [String: JobHandler] { get }
  /// What to send when one of the app's reminders fires, by reminder kind.
  var reminderHandlers: [String: ReminderHandler] { get }
  /// What the buttons on the app's notices do, by notification kind id.
  var notificationActionHandlers: [String: NotificationActionHandler] { get }
  /// Adds the app's JSON API and pages.
  func register(_ routes: AppRoutes)
  /// Answers an invitation to one of the app's resources when the app has rules for it;
  /// returns false to let the platform record the answer.
  func answerInvitation(_ resource: ResourceRef, accept: Bool, by user: User) async throws -> Bool
  /// What the person's account export holds of this app, under the app's slug.
  func export(for user: User) async throws -> (any Encodable & Sendable)?
  /// Before an account is deleted: ends or hands over what the app's own rules govern (the
  /// person leaves the rooms they are in, say); the schema's `AccountCleanup` then removes the
  /// rest with the account.
  func accountWillBeDeleted(_ user: User) async throws
}

extension HearthAppModule {
  public static var configSections: [any ConfigSection.Type] { [] }
  public static var assets: [StaticAsset] { [] }
  public static var notificationKinds: [NotificationKind] { [] }
  public func prepare() throws {}
  public var jobHandlers: [String: JobHandler] { [:] }
  public var reminderHandlers: [String: ReminderHandler] { [:] }
  public var notificationActionHandlers: [String: NotificationActionHandler] { [:] }
  public func answerInvitation(_ resource: ResourceRef, accept: Bool, by user: User) async throws
    -> Bool
  { false }
  public func export(for user: User) async throws -> (any Encodable & Sendable)? { nil }
  public func accountWillBeDeleted(_ user: User) async throws {}
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
