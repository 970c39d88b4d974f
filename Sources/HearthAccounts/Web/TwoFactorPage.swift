import Foundation
import HearthHTML
import HearthNotifications
import HearthPlatform

/// The pages of two-factor sign-in: the code asked after the password, setting it up, and the
/// recovery codes shown once.
public enum TwoFactorPage {
  /// `/login/code`: POST with `challenge`, `code`, `next`, `_csrf`.
  public static func signInCode(
    _ context: PageContext, challenge: String, next: String?, error: String? = nil
  ) -> String {
    Layout.page(
      context, title: "Enter your code",
      body: [
        .section(
          [.class("narrow")],
          .h1("Enter your code"),
          .p("Open your authenticator app and enter the 6-digit code it shows for Hearth."),
          error.map { Node.div([.class("form-error"), .role("alert")], .p(.text($0))) } ?? .empty,
          Forms.post(
            action: "/login/code", csrf: context.csrfToken, attributes: [.class("stack")],
            Forms.hidden("challenge", challenge),
            Forms.hidden("next", LoginPage.safeNext(next)),
            FormField(
              name: "code", label: "Code", hint: "Lost your phone? Enter a recovery code instead.",
              required: true,
              attributes: [.autocomplete("one-time-code"), .inputmode("text"), .maxlength(64)]
            ).node,
            Forms.submit("Continue")),
          .p(.a([.href("/login")], "Start again")))
      ])
  }

  /// `/account/two-factor`: the secret to add to an app, and the form that confirms it.
  public static func setup(
    _ context: PageContext, secret: String, otpauthURI: String, errors: FormErrors = .none
  ) -> String {
    let grouped = stride(from: 0, to: secret.count, by: 4).map {
      let start = secret.index(secret.startIndex, offsetBy: $0)
      return String(
        secret[
          start..<(secret.index(start, offsetBy: 4, limitedBy: secret.endIndex) ?? secret.endIndex)]
      )
    }.joined(separator: " ")
    return Layout.page(
      context, title: "Set up two-factor sign-in",
      body: [
        .section(
          [.class("narrow")],
          .h1("Set up two-factor sign-in"),
          .ol(
            [.class("steps")],
            .li(
              "Open an authenticator app (such as Aegis, Google Authenticator or 1Password), ",
              "add an account, and scan this code with it:",
              QRCode(otpauthURI).map {
                Node.div(
                  [.class("qr")],
                  .raw($0.svg(label: "QR code of your two-factor key")))
              } ?? .empty,
              .p(
                "Or type this key into the app: ",
                .code([.class("secret"), .id("two-factor-secret")], .text(grouped)), "."),
              .p(
                [.class("hint")], "Is the app on this device? ",
                .a([.href(otpauthURI)], "Open the key in the app"), " instead of scanning.")),
            .li("Enter the 6-digit code the app shows, and your password.")),
          errors.summary(shownFields: ["code", "password"]),
          Forms.post(
            action: "/account/two-factor/confirm", csrf: context.csrfToken,
            attributes: [.class("stack")],
            FormField(
              name: "code", label: "Code from the app", error: errors.message(for: "code"),
              required: true,
              attributes: [.autocomplete("one-time-code"), .inputmode("numeric"), .maxlength(64)]
            ).node,
            FormField(
              name: "password", label: "Your password", type: "password",
              error: errors.message(for: "password"), required: true,
              attributes: [.autocomplete("current-password")]
            ).node,
            Forms.submit("Turn on two-factor sign-in")),
          .p(.a([.href("/account")], "Back to your account")))
      ])
  }

  /// The recovery codes, shown once after they are made.
  public static func recoveryCodes(_ context: PageContext, codes: [String]) -> String {
    Layout.page(
      context, title: "Your recovery codes",
      body: [
        .section(
          [.class("narrow")],
          .h1("Save your recovery codes"),
          .p(
            "Each code signs you in once if you lose your phone. Keep them somewhere safe, ",
            "such as a password manager; they will not be shown again."),
          .ul(
            [.class("recovery-codes"), .ariaLabel("Recovery codes")],
            .fragment(codes.map { Node.li(.code(.text($0))) })),
          .p(Forms.buttonLink("I saved them", href: "/account")))
      ])
  }

  /// The account page's card: how to turn it on, or its state and how to change it.
  package static func section(_ status: TwoFactorStatus, errors: FormErrors, csrf: String?)
    -> Node
  {
    guard status.enabled else {
      return .section(
        [.class("card"), .ariaLabel("Two-factor sign-in")],
        .h2("Two-factor sign-in"),
        .p(
          "Off. With it on, signing in also asks for a code from an app on your phone, so a ",
          "stolen password alone is not enough."),
        Forms.post(
          action: "/account/two-factor", csrf: csrf, attributes: [.class("inline-form")],
          Forms.submit("Set up two-factor sign-in", style: .secondary)))
    }
    let left = status.recoveryCodesLeft
    return .section(
      [.class("card"), .ariaLabel("Two-factor sign-in")],
      .h2("Two-factor sign-in"),
      .p(
        .strong("On. "),
        .text(left == 1 ? "1 recovery code left." : "\(left) recovery codes left.")),
      errors.summary(shownFields: ["renew-password", "off-password", "off-code"]),
      Forms.post(
        action: "/account/two-factor/recovery-codes", csrf: csrf, attributes: [.class("stack")],
        FormField(
          name: "password", label: "Your password", type: "password",
          error: errors.message(for: "renew-password"), required: true, id: "renew-password",
          attributes: [.autocomplete("current-password")]
        ).node,
        Forms.submit("Make new recovery codes", style: .secondary)),
      Forms.post(
        action: "/account/two-factor/disable", csrf: csrf, attributes: [.class("stack")],
        FormField(
          name: "password", label: "Your password", type: "password",
          error: errors.message(for: "off-password"), required: true, id: "off-password",
          attributes: [.autocomplete("current-password")]
        ).node,
        FormField(
          name: "code", label: "Code from the app, or a recovery code",
          error: errors.message(for: "off-code"), required: true, id: "off-code",
          attributes: [.autocomplete("one-time-code"), .maxlength(64)]
        ).node,
        Forms.submit("Turn off two-factor sign-in", style: .danger)))
  }
}
