import HearthHTML
import HearthNotifications
import HearthPlatform

/// `/forgot-password`: POST /forgot-password with `email`, `_csrf`. The answer is the same
/// whether or not an account has the address.
public enum ForgotPasswordPage {
  public static let action = "/forgot-password"
  public static let mailOffNotice = "Email is off on this server; ask the administrator."

  /// - Parameter mailOff: no SMTP server is set, so links are only logged.
  public static func render(
    _ context: PageContext, email: String = "", mailOff: Bool, errors: FormErrors = .none
  ) -> String {
    Layout.page(
      context, title: "Forgot password",
      body: [
        .section(
          [.class("narrow")],
          .h1("Forgot your password?"),
          mailOff ? notice : .empty,
          .p(
            "Enter the email of your account and we will send it a link to choose a new password."),
          errors.summary(shownFields: ["email"]),
          Forms.post(
            action: action, csrf: context.csrfToken, attributes: [.class("stack")],
            FormField(
              name: "email", label: "Email", type: "email", value: email,
              error: errors.message(for: "email"), required: true,
              attributes: [.autocomplete("username")]
            ).node,
            Forms.submit("Send the link")),
          .p(.a([.href("/login")], "Back to log in")))
      ])
  }

  /// After a request, whatever the address.
  public static func sent(_ context: PageContext, mailOff: Bool) -> String {
    Layout.page(
      context, title: "Check your email",
      body: [
        .section(
          [.class("narrow")],
          .h1("Check your email"),
          mailOff ? notice : .empty,
          .p(
            .text(
              "If an account has this address, we sent it a link to choose a new password. "
                + "The link works once, for one hour.")),
          .p(.a([.href("/login")], "Back to log in")))
      ])
  }

  static let notice = Node.div(
    [.class("flash flash-info"), .role("status")], .p(.text(mailOffNotice)))
}
