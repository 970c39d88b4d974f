import Foundation
import HearthHTML
import HearthPlatform

extension OnpuPages {
  /// /onpu/apple: whether the account's Apple ID is linked, to unlink it, or to link one with an
  /// identity token from Sign in with Apple for the app.
  static func apple(
    _ context: PageContext, link: OnpuAppleLink?, error: String? = nil
  ) -> String {
    page(
      context, title: "Sign in with Apple",
      .h1("Sign in with Apple"),
      link.map { link -> Node in
        .section(
          [.class("card stack"), .ariaLabel("Linked Apple ID")],
          .p(
            .text(
              "Your Apple ID\(link.email.map { " (\($0))" } ?? "") is linked to this account: "
                + "signing in with Apple in the Onpu app opens it.")),
          .p(
            [.class("hint")], .text("Linked "), DateText.node(link.createdAt, in: context.timeZone),
            .text(".")),
          Forms.post(
            action: "/onpu/apple/unlink", csrf: context.csrfToken,
            attributes: [.class("inline")],
            Forms.submit("Unlink Apple ID", style: .secondary)))
      }
        ?? Forms.post(
          action: "/onpu/apple/link", csrf: context.csrfToken,
          attributes: [.class("card stack"), .ariaLabel("Link an Apple ID")],
          .p(
            .text(
              "Link your Apple ID so that signing in with Apple in the Onpu app opens this "
                + "account instead of a new one.")),
          error.map {
            .p([.class("form-error"), .id("onpu-apple-error"), .role("alert")], .text($0))
          }
            ?? .empty,
          FormField(
            name: "identityToken", label: "Identity token",
            hint: "From Sign in with Apple for the Onpu app (a long text in three parts).",
            required: true, id: "onpu-apple-token", attributes: [.maxlength(8192)]
          ).node,
          FormField(
            name: "nonce", label: "Nonce", hint: "The nonce the app made for that sign-in.",
            required: true, id: "onpu-apple-nonce", attributes: [.maxlength(256)]
          ).node,
          Forms.submit("Link Apple ID")))
  }
}
