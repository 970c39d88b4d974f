import Foundation
import HearthCore
import Testing

@testable import HearthAccounts
@testable import HearthPlatform

/// Every POST form any page renders carries the CSRF token.
@Suite struct CSRFTests {
  static var pages: [(String, String)] {
    let signedIn = TestData.signedIn(invitations: 2)
    let signedOut = TestData.signedOut()
    return [
      ("home, signed in", HomePage.render(signedIn)),
      ("home, signed out", HomePage.render(signedOut)),
      ("signup", SignupPage.render(signedOut)),
      ("signup with errors", SignupPage.render(signedOut, errors: FormErrors(.missing("email")))),
      ("login", LoginPage.render(signedOut, error: "Wrong email or password.")),
      (
        "account",
        AccountPage.render(
          signedIn, user: TestData.user, sessions: TestData.sessions, currentSessionID: "s1",
          twoFactor: TestData.twoFactorOn, securityLog: TestData.securityLog)
      ),
      ("invitations", InvitationsPage.render(signedIn, invitations: [TestData.invitation])),
      ("invitations, empty", InvitationsPage.render(signedIn, invitations: [])),
      ("reset", ResetPasswordPage.render(signedOut, token: "t")),
      ("reset done", ResetPasswordPage.done(signedOut)),
      ("forgot password", ForgotPasswordPage.render(signedOut, mailOff: true)),
      ("forgot password sent", ForgotPasswordPage.sent(signedOut, mailOff: false)),
      ("verify banner", HomePage.render(TestData.signedIn(emailUnverified: true))),
      ("verified", VerifyEmailPage.done(signedIn, email: "ada@example.com")),
      (
        "signup from an invitation",
        SignupPage.render(signedOut, values: SignupValues(email: "n@example.com", invitation: "t"))
      ),
      ("404", ErrorPage.render(signedIn, status: 404)),
      ("500", ErrorPage.render(signedOut, status: 500)),
    ]
  }

  @Test func everyPostFormHasTheToken() {
    var formCount = 0
    for (name, html) in Self.pages {
      let forms = TestData.postForms(in: html)
      formCount += forms.count
      #expect(
        html.components(separatedBy: "<form ").count - 1 == forms.count,
        "\(name) has a form that is not method=\"post\"")
      for form in forms {
        #expect(
          form.contains("<input type=\"hidden\" name=\"_csrf\" value=\"\(TestData.csrf)\">"),
          "a form on \(name) lacks _csrf: \(form.prefix(80))")
      }
    }
    // logout on signed-in pages, plus the pages' own forms.
    #expect(formCount >= 15)
  }

  @Test func tokenIsEscaped() {
    let context = PageContext(userName: "A", csrfToken: "\"><script>", path: "/")
    let html = HomePage.render(context)
    #expect(!html.contains("\"><script>"))
    #expect(html.contains("name=\"_csrf\" value=\"&quot;&gt;&lt;script&gt;\""))
  }
}
