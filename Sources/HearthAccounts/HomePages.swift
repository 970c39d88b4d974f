import HearthCore
import HearthPlatform
import Hummingbird

/// `/`: for a signed-in person, what needs them now, gathered from every app.
package struct HomePages: Sendable {
  package let pages: WebPages
  package let modules: [any AccountModule]

  package init(pages: WebPages, modules: [any AccountModule]) {
    self.pages = pages
    self.modules = modules
  }

  package func register(_ router: Router<AppRequestContext>) {
    router.get("/", use: home)
  }

  @Sendable func home(_ request: Request, _ context: AppRequestContext) async throws -> Response {
    let page = try await pages.pageContext(request, context)
    guard let user = context.caller?.user else { return pages.html(HomePage.render(page)) }
    var waiting: [WaitingSection] = []
    for module in modules {
      let app = type(of: module).app
      guard page.apps.contains(app) else { continue }
      do {
        waiting.append(WaitingSection(app: app, items: try await module.waiting(for: user)))
      } catch {
        // One app's trouble leaves the others' news on the page, and says so.
        pages.env.logger.warning(
          "The home page could not ask an app what waits",
          metadata: ["app": "\(app.slug)", "error": "\(error)"])
        waiting.append(
          WaitingSection(
            app: app,
            items: [
              WaitingItem("Could not check \(app.name) just now; open it to see", href: app.path)
            ]))
      }
    }
    return pages.html(HomePage.render(page, waiting: waiting))
  }
}
