import Foundation

/// A friendly page for an error status. It never shows internals: pass a `message` only when it
/// is written for people (the defaults are).
public enum ErrorPage {
  public static func render(
    _ context: PageContext, status: Int, title: String? = nil, message: String? = nil
  ) -> String {
    let defaults = texts(for: status)
    let heading = title ?? defaults.title
    return Layout.page(
      context, title: heading,
      body: [
        .section(
          [.class("narrow error-page")],
          .p([.class("eyebrow")], .text("Error \(status)")),
          .h1(.text(heading)),
          .p(.text(message ?? defaults.message)),
          .p(
            [.class("actions")],
            status == 401 && !context.isSignedIn
              ? Forms.buttonLink(
                "Log in",
                href: "/login?next=" + (LoginPage.safeNext(context.path).addingQueryEscapes()))
              : .empty,
            Forms.buttonLink(
              "Go to the home page", href: "/", style: status == 401 ? .secondary : .primary)))
      ])
  }

  package static func texts(for status: Int) -> (title: String, message: String) {
    switch status {
    case 404:
      (
        "We couldn't find that page",
        "The link may be old or mistyped. Check the address, or start again from the home page."
      )
    case 401:
      ("Please log in", "You need to be logged in to see this page.")
    case 403:
      (
        "You can't open this",
        "Your account doesn't have access to this page. If someone shared it with you, ask them to invite you again."
      )
    case 429:
      (
        "Slow down a little",
        "There were too many attempts in a short time. Wait a minute and try again."
      )
    case 500...599:
      (
        "Something went wrong on our side",
        "We couldn't finish that request. Nothing you did caused this; please try again in a moment."
      )
    default:
      ("Something went wrong", "We couldn't finish that request. Please go back and try again.")
    }
  }
}

extension String {
  /// Percent-encoded for use as one query value.
  package func addingQueryEscapes() -> String {
    var allowed = CharacterSet.urlQueryAllowed
    allowed.remove(charactersIn: "&=+#?")
    return addingPercentEncoding(withAllowedCharacters: allowed) ?? self
  }
}
