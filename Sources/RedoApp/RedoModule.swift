import HearthCore
import HearthHost
import HearthNotifications
import HearthPlatform
import HearthSQL

/// Redo on the platform: device keys, node sync, saved views, and its pages.
public struct RedoModule: HearthAppModule {
  public static let app = HearthApp(
    slug: "redo", name: "Redo",
    summary: "A local-first task manager built on a signed, event-sourced change log.",
    start: "Add your first task in a line, such as “Call the plumber tomorrow p1”.")
  public static var assets: [StaticAsset] { RedoAssets.modules.assets + [RedoAssets.stylesheet] }
  public static var schema: AppSchema { RedoSchema.all }
  public static var notificationKinds: [NotificationKind] {
    [RedoDueToday.kind, RedoSync.sharedTaskChanged, RedoDeadlineReminders.kind]
  }

  let env: HearthEnvironment

  public init(env: HearthEnvironment) { self.env = env }

  public func register(_ routes: AppRoutes) {
    RedoAPIController(env: env, accounts: routes.accounts).register(routes.api)
    RedoViewsAPI(env: env).register(routes.api)
    RedoWebController(pages: routes.pages).register(routes.router, routes.api)
    RedoSettingsAPI(env: env).register(routes.api)
    RedoReminderAPI(env: env).register(routes.api)
  }

  public var jobHandlers: [String: JobHandler] { RedoDeadlineReminders(env: env).handlers }

  public var reminderHandlers: [String: ReminderHandler] {
    let dueToday = RedoDueToday(env: env)
    return [RedoDueToday.kind.id: { try await dueToday.fire($0) }]
  }

  /// The device keys, the saved views and the tasks as their nodes, importable with
  /// `redo import`.
  public func export(for user: User) async throws -> (any Encodable & Sendable)? {
    let store = env.database.redoStore
    let nodes = try await store.allRedoNodes(visibleTo: user.id)
    let keys = try await store.redoKeys(userID: user.id).map(\.publicKey)
    let views = try await store.redoViews(userID: user.id).map {
      RedoViewsAPI.ViewBody(name: $0.name, query: $0.query)
    }
    return Export(publicKeys: keys, views: views, nodes: nodes.map { .init(json: $0.json) })
  }

  struct Export: Encodable, Sendable {
    var publicKeys: [String]
    var views: [RedoViewsAPI.ViewBody]
    var nodes: [EventsController.JSONPayload]
  }
}
