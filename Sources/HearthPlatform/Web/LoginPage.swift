import HearthHTML

/// `/login`: POST /login with `email`, `password`, `next`, `_csrf`.
public enum LoginPage {
  public static let action = "/login"

  /// - Parameters:
  ///   - email: what was typed before, kept on failure (the password never is).
  ///   - next: where to go after logging in; reduced to a local path.
  ///   - error: shown with role="alert", for example "Wrong email or password.".
  public static func render(
    _ context: PageContext, email: String = "", next: String? = nil, error: String? = nil
  ) -> String {
    Layout.page(
      context, title: "Log in", body: body(context, email: email, next: next, error: error))
  }

  package static func body(_ context: PageContext, email: String, next: String?, error: String?)
    -> [Node]
  {
    [
      .section(
        [.class("narrow")],
        .h1("Log in to Hearth"),
        error.map { Node.div([.class("form-error"), .role("alert")], .p(.text($0))) } ?? .empty,
        Forms.post(
          action: action, csrf: context.csrfToken, attributes: [.class("stack")],
          Forms.hidden("next", safeNext(next)),
          FormField(
            name: "email", label: "Email", type: "email", value: email, required: true,
            attributes: [.autocomplete("username")]
          ).node,
          FormField(
            name: "password", label: "Password", type: "password", required: true,
            attributes: [.autocomplete("current-password")]
          ).node,
          Forms.submit("Log in")),
        .p(.a([.href("/forgot-password")], "Forgot your password?")),
        .p("New here? ", .a([.href("/signup")], "Sign up"), "."))
    ]
  }

  /// `raw` when it is a path on this site, "/" otherwise; never another origin.
  public static func safeNext(_ raw: String?) -> String {
    guard let raw, raw.hasPrefix("/"), !raw.hasPrefix("//"), !raw.contains("\\"),
      !raw.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F })
    else { return "/" }
    return raw
  }
}
