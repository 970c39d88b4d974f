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

  @Test func thePhoneMenuHoldsTheAppsAndTheAccountAndCountsInvitations() {
    let html = page(TestData.signedIn(invitations: 2))
    #expect(
      html.contains(
        "<button type=\"button\" class=\"menu-toggle\" aria-expanded=\"false\" aria-controls=\"site-menu\">"
      ))
    #expect(
      html.contains(
        "<span class=\"visually-hidden\">Invitations: </span><span class=\"count\">2</span>"))
    let menu = html.components(separatedBy: "<div id=\"site-menu\" class=\"site-menu\">").last ?? ""
    #expect(menu.contains("aria-label=\"Apps\"") && menu.contains("action=\"/logout\""))
    #expect(page(TestData.signedIn()).contains("<span class=\"badge\" hidden>"))
    #expect(!page(TestData.signedOut()).contains("class=\"count\""))
  }

  @Test func invitationBadgeHiddenAtZero() {
    let html = page(TestData.signedIn(invitations: 0))
    #expect(
      html.contains(
        "<a id=\"invitation-badge\" class=\"invitations-link\" href=\"/invitations\" hidden>"))
    #expect(html.contains("<span class=\"badge\">0</span>"))
  }

  @Test func invitationBadgeShowsCount() {
    let html = page(TestData.signedIn(invitations: 3))
    #expect(
      html.contains(
        "<a id=\"invitation-badge\" class=\"invitations-link\" href=\"/invitations\">"))
    #expect(html.contains("<span class=\"badge\">3</span>"))
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
