import HearthHTML
import HearthNotifications
import HearthPlatform

/// What a person typed into the sign-up form, kept when it is shown again. There is no password
/// here on purpose: a password is never sent back to the browser.
public struct SignupValues: Equatable, Sendable {
  public var email: String
  public var displayName: String
  public var phone: String
  public var timeZone: String
  /// Where to go once the account exists; reduced to a local path.
  public var next: String
  /// The token of an invitation by email: the email is then the invited one and cannot change.
  public var invitation: String

  public init(
    email: String = "", displayName: String = "", phone: String = "", timeZone: String = "UTC",
    next: String? = nil, invitation: String = ""
  ) {
    self.email = email
    self.displayName = displayName
    self.phone = phone
    self.timeZone = timeZone.isEmpty ? "UTC" : timeZone
    self.next = LoginPage.safeNext(next)
    self.invitation = invitation
  }
}

/// `/signup`: POST /signup with `email`, `displayName`, `password`, `phone`, `timeZone`, `_csrf`.
public enum SignupPage {
  public static let action = "/signup"
  package static let shownFields: Set<String> = ["email", "displayName", "password", "phone"]

  public static func render(
    _ context: PageContext, values: SignupValues = SignupValues(), errors: FormErrors = .none
  ) -> String {
    Layout.page(context, title: "Sign up", body: body(context, values: values, errors: errors))
  }

  package static func body(_ context: PageContext, values: SignupValues, errors: FormErrors)
    -> [Node]
  {
    [
      .section(
        [.class("narrow")],
        .h1("Create your Hearth account"),
        errors.summary(shownFields: shownFields),
        Forms.post(
          action: action, csrf: context.csrfToken, attributes: [.class("stack")],
          FormField(
            name: "email", label: "Email", type: "email", value: values.email,
            hint: values.invitation.isEmpty ? nil : "The address you were invited at.",
            error: errors.message(for: "email"), required: true,
            attributes: [.autocomplete("email"), .flag("readonly", !values.invitation.isEmpty)]
          ).node,
          FormField(
            name: "displayName", label: "Your name", value: values.displayName,
            hint: "How others see you in shared rooms, journals and lists.",
            error: errors.message(for: "displayName"), required: true,
            attributes: [.autocomplete("nickname"), .maxlength(80)]
          ).node,
          FormField(
            name: "password", label: "Password", type: "password",
            hint: "At least 8 characters.", error: errors.message(for: "password"),
            required: true, attributes: [.autocomplete("new-password"), .minlength(8)]
          ).node,
          FormField(
            name: "phone", label: "Phone", type: "tel", value: values.phone,
            hint: "with country code, like +14155550123", error: errors.message(for: "phone"),
            attributes: [.autocomplete("tel"), .inputmode("tel")]
          ).node,
          Forms.hidden("timeZone", values.timeZone),
          Forms.hidden("next", values.next),
          values.invitation.isEmpty ? .empty : Forms.hidden("invitation", values.invitation),
          Forms.submit("Create account")),
        .p(
          "Already have an account? ",
          .a(
            [.href(values.next == "/" ? "/login" : "/login?next=\(values.next)")], "Log in"),
          "."))
    ]
  }
}
