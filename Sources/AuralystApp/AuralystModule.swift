import AuralystWeb
import HearthCore
import HearthHost
import HearthNotifications
import HearthPlatform
import HearthSQL

/// Auralyst on the platform: shared journals, their API, insights, files and pages.
public struct AuralystModule: HearthAppModule {
  public static let app = HearthApp(
    slug: "auralyst", name: "Auralyst",
    summary: "A symptom and medication journal you can share with caregivers, with insights.",
    start:
      "Start a journal to log how you feel and what you take, and share it with someone who cares for you."
  )
  public static var assets: [StaticAsset] {
    [AuralystAssets.script, AuralystAssets.doses, AuralystAssets.stylesheet]
  }
  public static var schema: AppSchema { AuralystSchema.all }
  public static var notificationKinds: [NotificationKind] {
    [
      AuralystDoseReminders.kind, AuralystDoseReminders.missedKind, AuralystSupplies.kind,
      AuralystJournals.noteAdded, AuralystCheckIns.kind,
    ]
  }

  let env: HearthEnvironment

  public init(env: HearthEnvironment) { self.env = env }

  public var reminderHandlers: [String: ReminderHandler] {
    [
      AuralystDoseReminders.reminderKind: AuralystDoseReminders(env: env).fire,
      AuralystCheckIns.reminderKind: AuralystCheckIns(env: env).fire,
    ]
  }

  public var lateReminderHandlers: [String: ReminderHandler] {
    [AuralystDoseReminders.reminderKind: AuralystDoseReminders(env: env).fireLate]
  }

  public var notificationActionHandlers: [String: NotificationActionHandler] {
    [
      AuralystDoseReminders.kind.id: AuralystDoseReminders(env: env).take,
      AuralystDoseReminders.missedKind.id: AuralystDoseReminders(env: env).take,
      AuralystSupplies.kind.id: AuralystSupplies(env: env).refill,
    ]
  }

  public var jobHandlers: [String: JobHandler] {
    [
      AuralystDoseReminders.missedQueue: AuralystDoseReminders(env: env).followUpHandler,
      AuralystSupplies.noticeQueue: AuralystSupplies(env: env).noticeHandler,
    ]
  }

  public func accountZoneChanged(_ user: User) async throws {
    try await AuralystDoseReminders(env: env).ownerMoved(user)
  }

  public func register(_ routes: AppRoutes) {
    AuralystAPIController(
      env: env, accounts: routes.accounts,
      imports: CostLimit(
        "importing journals", perAccount: 20, perAddress: 60, env: env,
        clientAddress: routes.clientAddress)
    ).register(routes.api)
    AuralystWebController(pages: routes.pages).register(routes.router)
  }
}
