import HearthHTML

/// `/verify-email?token=`: the answer to an email confirmation link, and the banner that asks
/// an unconfirmed account to use one.
public enum VerifyEmailPage {
  public static let resendAction = "/account/verification-email"

  public static func done(_ context: PageContext, email: String) -> String {
    Layout.page(
      context, title: "Email confirmed",
      body: [
        .section(
          [.class("narrow")],
          .h1("Your email is confirmed"),
          .p(.text("Thank you: \(email) is confirmed.")),
          .p(Forms.buttonLink("Go to Hearth", href: "/")))
      ])
  }

  public static func invalid(_ context: PageContext) -> String {
    Layout.page(
      context, title: "Link expired",
      body: [
        .section(
          [.class("narrow")],
          .h1("This link no longer works"),
          .p(
            .text(
              "It was used already or has expired. Log in and choose “Send the link again” "
                + "for a new one.")),
          .p(Forms.buttonLink("Log in", href: "/login")))
      ])
  }

  /// Shown above every page of a signed-in account that has not confirmed its email.
  package static func banner(_ context: PageContext) -> Node {
    guard context.emailUnverified else { return .empty }
    return .div(
      [.class("flash flash-info verify-banner"), .role("status")],
      .p("Please confirm your email with the link we sent you."),
      Forms.post(
        action: resendAction, csrf: context.csrfToken,
        Forms.submit("Send the link again", style: .secondary)))
  }
}
