import Foundation
import Testing

@testable import HearthPlatform

@Suite struct LayoutTests {
  func page(_ context: PageContext, title: String = "Test") -> String {
    Layout.page(context, title: title, body: [.p("Body text")])
  }

  @Test func shellHasHeadEssentials() {
    let html = page(TestData.signedOut())
    #expect(html.hasPrefix("<!doctype html>\n<html lang=\"en\">"))
    #expect(html.contains("<meta charset=\"utf-8\">"))
    #expect(
      html.contains("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"))
    #expect(html.contains("<link rel=\"stylesheet\" href=\"\(HearthAssets.stylesheet.url)\">"))
    #expect(html.contains("<script src=\"\(HearthAssets.script.url)\" type=\"module\"></script>"))
    #expect(html.contains("<meta name=\"csrf-token\" content=\"\(TestData.csrf)\">"))
    #expect(html.contains("<a class=\"skip-link\" href=\"#main\">"))
    #expect(html.contains("<main id=\"main\""))
    #expect(html.contains("<p>Body text</p>"))
    #expect(html.contains("<footer"))
    #expect(html.contains("<title>Test · Hearth</title>"))
    for app in ["softer", "redo", "auralyst", "onpu"] {
      #expect(html.contains("href=\"/\(app)\""))
    }
    #expect(
      html.contains("<link rel=\"icon\" type=\"image/svg+xml\" href=\"\(HearthAssets.icon.url)\">"))
    #expect(html.contains("<link rel=\"manifest\" href=\"/manifests/hearth.webmanifest\">"))
  }

  @Test func anAppsPagesLinkItsOwnManifest() {
    #expect(
      page(TestData.signedIn(path: "/redo/calendar")).contains(
        "href=\"/manifests/redo.webmanifest\""))
    #expect(
      page(TestData.signedIn(path: "/redone")).contains("href=\"/manifests/hearth.webmanifest\""))
  }

  @Test func noCSRFMetaWhenUnknown() {
    let html = page(PageContext())
    #expect(!html.contains("csrf-token"))
  }

  @Test func signedOutHeaderOffersLogInAndSignUp() {
    let html = page(TestData.signedOut())
    #expect(html.contains("href=\"/login\""))
    #expect(html.contains("href=\"/signup\""))
    #expect(!html.contains("action=\"/logout\""))
    #expect(!html.contains("invitation-badge"))
    #expect(!html.contains("data-signed-in"))
  }

  @Test func signedInHeaderShowsNameAndLogOutForm() throws {
    let html = page(TestData.signedIn())
    #expect(html.contains("<body data-signed-in>"))
    #expect(html.contains("href=\"/account\""))
    #expect(html.contains(">Ada &lt;Lovelace&gt;</a>"))
    #expect(!html.contains("Ada <Lovelace>"))
    #expect(!html.contains(">Sign up<"))
    let logout = try #require(
      TestData.postForms(in: html).first { $0.contains("action=\"/logout\"") })
    #expect(logout.contains("<input type=\"hidden\" name=\"_csrf\" value=\"\(TestData.csrf)\">"))
    #expect(logout.contains(">Log out</button>"))
  }

  @Test func thePhoneMenuHoldsTheAppsAndTheAccountAndTheBellStaysOutside() throws {
    let html = page(TestData.signedIn(invitations: 2))
    #expect(
      html.contains(
        "<button type=\"button\" class=\"menu-toggle\" aria-expanded=\"false\" aria-controls=\"site-menu\">"
      ))
    let parts = html.components(separatedBy: "<div id=\"site-menu\" class=\"site-menu\">")
    let menu = try #require(parts.last)
    #expect(menu.contains("aria-label=\"Apps\"") && menu.contains("action=\"/logout\""))
    #expect(!menu.contains("notification-bell"))
    #expect(parts.first?.contains("<a id=\"notification-bell\"") == true)
    #expect(!page(TestData.signedOut()).contains("notification-bell"))
  }

  @Test func theBellHasOneBadgeForUnreadNoticesAndInvitations() {
    var context = TestData.signedIn(invitations: 2)
    context.unreadNotifications = 3
    let html = page(context)
    #expect(html.contains("data-unread=\"3\" data-invitations=\"2\""))
    #expect(
      html.contains(
        "<span class=\"badge\"><span class=\"visually-hidden\">, waiting: </span><span class=\"count\">5</span></span>"
      ))
    #expect(html.components(separatedBy: "class=\"badge\"").count == 2, "one badge on the page")
    #expect(!html.contains("invitation-badge"))
    #expect(page(TestData.signedIn()).contains("<span class=\"badge\" hidden>"))
  }

  @Test func currentNavItemIsMarked() {
    let html = page(TestData.signedIn(path: "/redo/lists/1"))
    #expect(html.contains("<a href=\"/redo\" aria-current=\"page\">Redo</a>"))
    #expect(html.contains("<a href=\"/softer\">Softer</a>"))
  }

  @Test func flashRoles() {
    let info = page(TestData.signedIn(flash: Flash(kind: .success, message: "Saved <ok>")))
    #expect(
      info.contains("<div class=\"flash flash-success\" role=\"status\"><p>Saved &lt;ok&gt;</p>"))
    let error = page(TestData.signedIn(flash: Flash(kind: .error, message: "Nope")))
    #expect(error.contains("<div class=\"flash flash-error\" role=\"alert\">"))
  }

  @Test func titleIsEscaped() {
    let html = page(TestData.signedOut(), title: "</title><script>x</script>")
    #expect(html.contains("<title>&lt;/title&gt;&lt;script&gt;x&lt;/script&gt; · Hearth</title>"))
  }
}
