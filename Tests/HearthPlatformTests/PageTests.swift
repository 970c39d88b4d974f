import Foundation
import HearthCore
import Hummingbird
import NIOCore
import Testing

@testable import HearthAccounts
@testable import HearthPlatform

@Suite struct PageTests {
  @Test func homeHasACardPerApp() {
    let html = HomePage.render(TestData.signedOut())
    for name in ["Softer", "Redo", "Auralyst", "Onpu"] {
      #expect(html.contains("<h2>\(name)</h2>"))
    }
    #expect(html.contains("Join Hearth"))
    let signedIn = HomePage.render(TestData.signedIn())
    #expect(!signedIn.contains("Join Hearth"))
    #expect(signedIn.contains("Hello, Ada &lt;Lovelace&gt;"))
  }

  @Test func signupFormFields() {
    let html = SignupPage.render(TestData.signedOut(path: "/signup"))
    #expect(html.contains("action=\"/signup\""))
    #expect(html.contains("type=\"email\" name=\"email\""))
    #expect(html.contains("autocomplete=\"new-password\" minlength=\"8\""))
    #expect(html.contains("type=\"tel\" name=\"phone\""))
    #expect(html.contains("with country code, like +14155550123"))
    #expect(html.contains("<input type=\"hidden\" name=\"timeZone\" value=\"UTC\">"))
    #expect(html.contains(">Create account</button>"))
    #expect(html.contains("href=\"/login\""))
    #expect(!html.contains("aria-invalid"))
  }

  @Test func signupFromAnInvitationLocksTheEmail() {
    let html = SignupPage.render(
      TestData.signedOut(path: "/signup"),
      values: SignupValues(email: "nell@example.com", invitation: "tok"))
    #expect(html.contains("value=\"nell@example.com\""))
    #expect(html.contains("readonly"))
    #expect(html.contains("<input type=\"hidden\" name=\"invitation\" value=\"tok\">"))
    let plain = SignupPage.render(TestData.signedOut(path: "/signup"))
    #expect(!plain.contains("readonly") && !plain.contains("name=\"invitation\""))
  }

  @Test func forgotPasswordIsLinkedAndSaysWhenMailIsOff() {
    #expect(LoginPage.render(TestData.signedOut()).contains("href=\"/forgot-password\""))
    let off = ForgotPasswordPage.render(TestData.signedOut(), mailOff: true)
    #expect(off.contains("Email is off on this server; ask the administrator."))
    #expect(off.contains("action=\"/forgot-password\""))
    #expect(
      !ForgotPasswordPage.render(TestData.signedOut(), mailOff: false).contains("Email is off"))
  }

  @Test func theBannerShowsOnlyForAnUnconfirmedEmail() {
    let banner = HomePage.render(TestData.signedIn(emailUnverified: true))
    #expect(banner.contains("Please confirm your email"))
    #expect(banner.contains("action=\"/account/verification-email\""))
    #expect(!HomePage.render(TestData.signedIn()).contains("verify-banner"))
  }

  @Test func signupKeepsValuesButNeverThePasswordAndMarksTheField() {
    let values = SignupValues(
      email: "not-an-email", displayName: "Bob \"the\" <Builder>", phone: "+33 1 23",
      timeZone: "Europe/Paris")
    let error = APIError.invalid("email", "Enter an email address like name@example.com.")
    let html = SignupPage.render(
      TestData.signedOut(path: "/signup"), values: values, errors: FormErrors(error))
    #expect(html.contains("value=\"not-an-email\""))
    #expect(html.contains("value=\"Bob &quot;the&quot; &lt;Builder&gt;\""))
    #expect(html.contains("value=\"+33 1 23\""))
    #expect(html.contains("name=\"timeZone\" value=\"Europe/Paris\""))
    #expect(
      html.contains(
        "<input id=\"email\" type=\"email\" name=\"email\" value=\"not-an-email\" required "
          + "aria-describedby=\"email-error\" aria-invalid=\"true\""))
    #expect(html.contains("<p class=\"field-error\" id=\"email-error\">Enter an email address"))
    let password = html.components(separatedBy: "name=\"password\"")[1].prefix(while: { $0 != ">" })
    #expect(!password.contains("value="))
    #expect(html.components(separatedBy: "aria-invalid").count == 2)
  }

  @Test func signupGeneralErrorAtTop() {
    let html = SignupPage.render(
      TestData.signedOut(),
      errors: FormErrors(APIError.conflict(nil, "Something <odd> happened.")))
    #expect(html.contains("<div class=\"form-error\" role=\"alert\"><p>Something &lt;odd&gt;"))
    let stray = SignupPage.render(
      TestData.signedOut(), errors: FormErrors(.invalid("timeZone", "Bad zone.")))
    #expect(stray.contains("role=\"alert\"><p>Bad zone.</p>"))
  }

  @Test func loginShowsErrorAndKeepsEmail() {
    let html = LoginPage.render(
      TestData.signedOut(path: "/login"), email: "ada@example.com", next: "/softer/rooms/1",
      error: "Wrong email or password.")
    #expect(
      html.contains("<div class=\"form-error\" role=\"alert\"><p>Wrong email or password.</p>"))
    #expect(html.contains("value=\"ada@example.com\""))
    #expect(html.contains("<input type=\"hidden\" name=\"next\" value=\"/softer/rooms/1\">"))
    #expect(html.contains("autocomplete=\"current-password\""))
    #expect(html.contains(">Log in</button>"))
    #expect(html.contains("href=\"/signup\""))
    #expect(!LoginPage.render(TestData.signedOut()).contains("role=\"alert\""))
  }

  @Test func loginNextStaysOnThisSite() {
    #expect(LoginPage.safeNext("/redo") == "/redo")
    #expect(LoginPage.safeNext("//evil.example") == "/")
    #expect(LoginPage.safeNext("https://evil.example") == "/")
    #expect(LoginPage.safeNext("/\\evil.example") == "/")
    #expect(LoginPage.safeNext(nil) == "/")
  }

  @Test func invitationsEmptyState() {
    let html = InvitationsPage.render(TestData.signedIn(path: "/invitations"), invitations: [])
    #expect(html.contains("<div id=\"invitation-list\""))
    #expect(
      html.contains(
        "No invitations waiting. When someone shares a room, journal or task with you, it appears here."
      ))
  }

  @Test func invitationsListWithButtons() {
    let html = InvitationsPage.render(
      TestData.signedIn(path: "/invitations", invitations: 1), invitations: [TestData.invitation])
    #expect(html.contains("<ul id=\"invitation-list\""))
    #expect(html.contains("<h2>Sunday &lt;b&gt;talk&lt;/b&gt;</h2>"))
    #expect(html.contains("Softer · room"))
    #expect(html.contains("<strong>Grace</strong>"))
    #expect(html.contains("you can view and edit"))
    #expect(html.contains("action=\"/invitations/respond\""))
    #expect(html.contains("<input type=\"hidden\" name=\"app\" value=\"softer\">"))
    #expect(html.contains("<input type=\"hidden\" name=\"kind\" value=\"room\">"))
    #expect(html.contains("<input type=\"hidden\" name=\"resourceId\" value=\"r1\">"))
    #expect(html.contains("name=\"decision\" value=\"accept\""))
    #expect(html.contains("name=\"decision\" value=\"decline\""))
  }

  @Test func accountPageShowsDatesInTheUsersZone() {
    let html = AccountPage.render(
      TestData.signedIn(path: "/account"), user: TestData.user, sessions: TestData.sessions,
      currentSessionID: "s1", twoFactor: TestData.twoFactorOn, securityLog: TestData.securityLog)
    #expect(html.contains("Mar 6, 2025, 7:30 AM"))
    #expect(!html.contains("Mar 5, 2025"))
    #expect(html.contains("<time datetime=\"2025-03-05T22:30:00Z\">"))
    #expect(html.contains("Firefox on Linux <span class=\"tag\">This device</span>"))
    #expect(html.contains("action=\"/account/sessions/s1/revoke\""))
    #expect(html.contains("action=\"/account/sessions/s%2F2/revoke\""))
    #expect(!html.contains("Old phone"))
    #expect(html.contains("Command line"))
    #expect(html.contains("href=\"/account/export\" download"))
    #expect(html.contains("action=\"/account/delete\""))
    #expect(html.contains("name=\"currentPassword\""))
    #expect(html.contains("name=\"newPassword\""))
    #expect(html.contains("list=\"time-zones\""))
    #expect(html.contains("<option value=\"Asia/Tokyo\"></option>"))
    #expect(html.contains("value=\"Asia/Tokyo\""))
    #expect(!html.contains("secret-hash"))
    #expect(html.contains("1 recovery code left."))
    #expect(html.contains("action=\"/account/two-factor/disable\""))
    #expect(html.contains("<td>Failed sign-in<br><small class=\"muted\">wrong password</small>"))
    #expect(html.contains("<td>198.51.100.7</td><td>&lt;Firefox&gt;</td>"))
  }

  @Test func accountPageOffersTwoFactorWhenItIsOff() {
    let html = AccountPage.render(
      TestData.signedIn(), user: TestData.user, sessions: [], currentSessionID: "s1",
      twoFactor: TwoFactorStatus(enabled: false, recoveryCodesLeft: 0), securityLog: [])
    #expect(html.contains("action=\"/account/two-factor\""))
    #expect(!html.contains("recovery code"))
    #expect(html.contains("<p class=\"empty\">Nothing yet.</p>"))
  }

  @Test func accountPageKeepsTypedProfileAndShowsErrors() {
    let html = AccountPage.render(
      TestData.signedIn(), user: TestData.user, sessions: [], currentSessionID: "s1",
      twoFactor: TestData.twoFactorOn, securityLog: [],
      profile: ProfileValues(
        displayName: "Ada", email: "ada@example.com", phone: "12", timeZone: "Mars/Base"),
      errors: AccountPage.Errors(profile: FormErrors(.invalid("phone", "Bad phone."))))
    #expect(html.contains("value=\"12\""))
    #expect(html.contains("aria-describedby=\"profile-phone-hint profile-phone-error\""))
    #expect(html.contains("<p class=\"field-error\" id=\"profile-phone-error\">Bad phone.</p>"))
  }

  @Test func resetPasswordFormAndDone() {
    let html = ResetPasswordPage.render(TestData.signedOut(), token: "tok\"en")
    #expect(html.contains("action=\"/reset-password\""))
    #expect(html.contains("<input type=\"hidden\" name=\"token\" value=\"tok&quot;en\">"))
    #expect(html.contains("name=\"newPassword\""))
    #expect(ResetPasswordPage.done(TestData.signedOut()).contains("href=\"/login\""))
  }

  @Test func errorPages() {
    let missing = ErrorPage.render(TestData.signedOut(), status: 404)
    #expect(missing.contains("We couldn&#39;t find that page"))
    let broken = ErrorPage.render(TestData.signedOut(), status: 500)
    #expect(broken.contains("Something went wrong on our side"))
    let custom = ErrorPage.render(
      TestData.signedIn(), status: 418, title: "Teapot", message: "Short <and> stout.")
    #expect(custom.contains("<h1>Teapot</h1>"))
    #expect(custom.contains("Short &lt;and&gt; stout."))
    let login = ErrorPage.render(TestData.signedOut(path: "/redo/x?y=1"), status: 401)
    #expect(login.contains("href=\"/login?next=/redo/x%3Fy%3D1\""))
  }

  @Test func assets() {
    let stylesheet = String(decoding: HearthAssets.stylesheet.body, as: UTF8.self)
    let script = String(decoding: HearthAssets.script.body, as: UTF8.self)
    #expect(stylesheet.contains("color-scheme: light dark"))
    #expect(stylesheet.contains("--bg: light-dark(#faf8f5, #181614)"))
    #expect(stylesheet.contains("@media print"))
    #expect(!stylesheet.contains("@import"))
    #expect(script.contains("new EventSource(url)"))
    #expect(script.contains("/api/events?after="))
    #expect(script.contains("X-CSRF-Token"))
    let served = StaticAssets([HearthAssets.stylesheet, HearthAssets.script])
    let request = Request(
      head: .init(method: .get, scheme: "http", authority: "hearth", path: "/static/hearth.css"),
      body: .init(buffer: ByteBuffer()))
    #expect(
      served.response("hearth.css", to: request)?.headers[.contentType]
        == "text/css; charset=utf-8")
    #expect(served.response("../etc/passwd", to: request) == nil)
  }
}
