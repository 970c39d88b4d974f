import HearthNotifications
import HearthPlatform

/// `/reset-password?token=...`: POST /reset-password with `newPassword`, `token`, `_csrf`.
public enum ResetPasswordPage {
  public static let action = "/reset-password"

  /// The form. An error about the token (expired, used) shows at the top.
  public static func render(_ context: PageContext, token: String, errors: FormErrors = .none)
    -> String
  {
    Layout.page(
      context, title: "Choose a new password",
      body: [
        .section(
          [.class("narrow")],
          .h1("Choose a new password"),
          errors.summary(shownFields: ["newPassword"]),
          Forms.post(
            action: action, csrf: context.csrfToken, attributes: [.class("stack")],
            Forms.hidden("token", token),
            FormField(
              name: "newPassword", label: "New password", type: "password",
              hint: "At least 8 characters.", error: errors.message(for: "newPassword"),
              required: true, attributes: [.autocomplete("new-password"), .minlength(8)]
            ).node,
            Forms.submit("Set new password")))
      ])
  }

  /// After the password was changed.
  public static func done(_ context: PageContext) -> String {
    Layout.page(
      context, title: "Password changed",
      body: [
        .section(
          [.class("narrow")],
          .h1("Your password is changed"),
          .p("You can now log in with your new password. Your other sessions were signed out."),
          .p(Forms.buttonLink("Log in", href: "/login")))
      ])
  }
}
